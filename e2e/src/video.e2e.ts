import { execFile } from 'node:child_process';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from './support/app-fixture';
import { useBrowser } from './support/browser';
import { seedGallery } from './support/gallery';
import { loginThroughUi, type Member, newMember, registerByApi, waitForPath } from './support/members';
import { ARTIFACTS_DIR } from './support/paths';

const run = promisify(execFile);
const app = useApp('video');
const browser = useBrowser(() => app.server().url);
/** Screenshots of the video steps, to look at (git-ignored). */
const SHOTS = path.join(ARTIFACTS_DIR, 'video');

let member: Member;

beforeAll(async () => {
  member = newMember('video');
  await registerByApi(app.server().url, app.mailbox(), member, { verify: true });
  await mkdir(SHOTS, { recursive: true });
});

interface Probe {
  streams: { codec_name: string; width: number; height: number; pix_fmt: string }[];
  format: { duration: string; format_name: string };
}

describe('the video of a gallery wiggle, made in the browser', () => {
  it('is made from the details dialog, downloads as H.264 of the wiggle size, and its public page carries it', async () => {
    // The seed's wiggles are 480 × 336 with in-betweens: Enhanced at the default speed (250 ms a swing).
    const seeded = await seedGallery(app.server().dataDir, member.email, {
      album: 'Video walk',
      count: 1,
      public: true,
    });
    const [wiggleId] = seeded.wiggleIds;
    const page = browser.page();
    await loginThroughUi(page, member.email, member.password);
    await waitForPath(page, '/library/');
    await page.goto('/gallery/');
    await page.getByText('Video walk', { exact: true }).click();
    await page.getByRole('heading', { name: 'Video walk' }).waitFor();
    await page
      .getByRole('list', { name: 'Gallery wiggles' })
      .getByRole('button', { name: 'Details of Sample wiggle 1' })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('MP4 (H.264), 480 × 336, Enhanced, 4 s loop').waitFor();
    await dialog.getByRole('button', { name: 'Make video' }).click();
    const download = dialog.getByRole('link', { name: 'Download video' });
    await download.waitFor({ timeout: 60_000 });
    await dialog
      .getByText('Saved with the wiggle: its public pages show the video.')
      .waitFor({ timeout: 30_000 });
    await download.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, 'details-dialog-video.png') });

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    expect(file.suggestedFilename()).toBe('Sample wiggle 1.mp4');
    const saved = path.join(SHOTS, 'downloaded.mp4');
    await file.saveAs(saved);
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_name,width,height,pix_fmt:format=duration,format_name',
      '-of',
      'json',
      saved,
    ]);
    const probe = JSON.parse(stdout) as Probe;
    expect(probe.streams).toHaveLength(1);
    expect(probe.streams[0]).toMatchObject({ codec_name: 'h264', width: 480, height: 336 });
    expect(probe.format.format_name).toContain('mp4');
    expect(Number(probe.format.duration)).toBeGreaterThan(3.8);
    expect(Number(probe.format.duration)).toBeLessThan(4.2);
    // Every frame decodes (a broken stream would stop ffmpeg with an error).
    await run('ffmpeg', ['-v', 'error', '-xerror', '-i', saved, '-f', 'null', '-']);

    // A visitor: the public page's og:video points at the stored video, served with byte ranges.
    const visitor = await browser.context().browser()!.newContext();
    const publicPage = await visitor.newPage();
    const origin = app.server().url;
    expect((await publicPage.goto(`${origin}/album/${seeded.albumId}/${wiggleId}`))?.status()).toBe(200);
    const videoUrl = await publicPage.locator('meta[property="og:video"]').getAttribute('content');
    expect(videoUrl).toMatch(new RegExp(`/api/gallery/wiggle/video/${wiggleId}\\.mp4$`));
    expect(await publicPage.locator('meta[name="twitter:card"]').getAttribute('content')).toBe('player');
    const stored = await visitor.request.get(`${origin}/api/gallery/wiggle/video/${wiggleId}.mp4`);
    expect(stored.status()).toBe(200);
    expect(Buffer.compare(await stored.body(), await readFile(saved))).toBe(0);
    const part = await visitor.request.get(`${origin}/api/gallery/wiggle/video/${wiggleId}.mp4`, {
      headers: { Range: 'bytes=0-99' },
    });
    expect(part.status()).toBe(206);
    expect(part.headers()['content-type']).toBe('video/mp4');
    expect(part.headers()['content-range']).toBe(`bytes 0-99/${(await stored.body()).length}`);
    expect((await part.body()).subarray(4, 8).toString('latin1')).toBe('ftyp');
    // The video plays in the browser from the stored URL.
    await publicPage.setContent(
      `<video src="${origin}/api/gallery/wiggle/video/${wiggleId}.mp4" muted></video>`,
    );
    const size = await publicPage.locator('video').evaluate(
      (video: HTMLVideoElement) =>
        new Promise<[number, number]>((resolve, reject) => {
          const done = () => resolve([video.videoWidth, video.videoHeight]);
          if (video.readyState >= HTMLMediaElement.HAVE_METADATA) return done();
          video.onloadedmetadata = done;
          video.onerror = () => reject(new Error(`the video did not load: ${video.error?.message}`));
        }),
    );
    expect(size).toEqual([480, 336]);
    await visitor.close();
  });
});
