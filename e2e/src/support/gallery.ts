import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { promisify } from 'node:util';
import type { Frame, Locator } from 'playwright-core';
import { REPOSITORY_ROOT } from './paths';

const run = promisify(execFile);

export interface SeededAlbum {
  albumId: number;
  wiggleIds: number[];
}

/** Fills a member's gallery with the documented seed command (`npm run gallery:seed`), as the export will later. */
export async function seedGallery(
  dataDir: string,
  email: string,
  options: { album: string; count?: number; public?: boolean; feed?: boolean },
): Promise<SeededAlbum> {
  const args = ['--email', email, '--album', options.album, '--count', String(options.count ?? 2)];
  if (options.public) args.push('--public');
  if (options.feed) args.push('--feed');
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', 'server/src/scripts/gallery-seed.ts', ...args],
    {
      cwd: REPOSITORY_ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as SeededAlbum;
}

/** A second web server on another origin (127.0.0.1, its own port) serving one page: another member's site. */
export async function startOtherSite(html: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}/`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Watches the stacked frames of a server-rendered wiggle (`.w img`, one shown at a time by CSS) for `ms` and answers
 * the indexes of the frames that were shown, sampled on every animation frame.
 */
export const shownFrameIndexes = (target: Locator | Frame, ms: number): Promise<number[]> =>
  (target as Frame).evaluate(
    (duration) =>
      new Promise<number[]>((resolve) => {
        const images =
          [...document.querySelectorAll<HTMLImageElement>('.w')][0]?.querySelectorAll('img') ?? [];
        const seen = new Set<number>();
        const start = performance.now();
        const sample = () => {
          images.forEach((img, index) => {
            if (img.complete && img.naturalWidth > 0 && Number(getComputedStyle(img).opacity) > 0.5)
              seen.add(index);
          });
          if (performance.now() - start < duration) requestAnimationFrame(sample);
          else resolve([...seen].sort());
        };
        sample();
      }),
    ms,
  );
