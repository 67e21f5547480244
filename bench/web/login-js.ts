/**
 * JavaScript the login page transfers: opens /auth/login of the compiled server (serving web/dist as `npm start`
 * does) in Debian's Chromium and sums the encoded (on-the-wire) body sizes of every script response, as Chromium's
 * network events report them, once with the browser's usual Accept-Encoding (br, gzip) and once asking for
 * identity (what an uncompressed server sends). Goal: <= 150 KB compressed. Prints figures; never pass/fail.
 * Usage: npm run build && tsx bench/web/login-js.ts [--files]  (--files lists each script)
 */
import { chromium, type Page } from 'playwright-core';
import { startCompiledServer } from '../support/compiled-server';

interface Transfer {
  files: number;
  encodedBytes: number;
  decodedBytes: number;
  encodings: string[];
}

async function measure(page: Page, url: string): Promise<Transfer> {
  const scripts: Promise<{ url: string; encoded: number; decoded: number; encoding: string }>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    scripts.push(
      (async () => {
        const [sizes, response] = await Promise.all([request.sizes(), request.response()]);
        const headers = (await response?.allHeaders()) ?? {};
        const decoded = Number(headers['content-length'] ?? sizes.responseBodySize);
        return {
          url: request.url(),
          encoded: sizes.responseBodySize,
          decoded: headers['content-encoding'] ? ((await response?.body())?.length ?? decoded) : decoded,
          encoding: headers['content-encoding'] ?? 'identity',
        };
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page
    .getByRole('button', { name: /log ?in|sign ?in/i })
    .first()
    .waitFor();
  const done = await Promise.all(scripts);
  if (process.argv.includes('--files'))
    for (const s of done) console.log(`${s.encoded}\t${s.encoding}\t${new URL(s.url).pathname}`);
  return {
    files: done.length,
    encodedBytes: done.reduce((n, s) => n + s.encoded, 0),
    decodedBytes: done.reduce((n, s) => n + s.decoded, 0),
    encodings: [...new Set(done.map((s) => s.encoding))],
  };
}

const server = await startCompiledServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  // Debian's Chromium, as the browser tests use it; QUIC off so every script comes over this HTTP/1.1 server.
  args: ['--no-sandbox', '--disable-quic'],
});
try {
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const rows: Record<string, Record<string, string | number>> = {};
  for (const [label, headers] of [
    ['browser default (br, gzip)', {}],
    ['identity (no compression)', { 'accept-encoding': 'identity' }],
  ] as const) {
    // A fresh context each time: nothing cached, so every script is transferred.
    const context = await browser.newContext({ extraHTTPHeaders: headers });
    const result = await measure(await context.newPage(), `${server.url}/auth/login`);
    rows[label] = {
      'JS files': result.files,
      transferred: kb(result.encodedBytes),
      'decoded size': kb(result.decodedBytes),
      'Content-Encoding': result.encodings.join(', '),
    };
    await context.close();
  }
  console.log(
    'JavaScript transferred by /auth/login (goal <= 150 KB with compression; baseline 763 KB, 15 files)',
  );
  console.table(rows);
} finally {
  await browser.close();
  await server.close();
}
