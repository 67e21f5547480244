import { execFile } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { Messages } from '@wiggle/common/messages';
import { galleryImageUrl } from '@wiggle/common/schemas/gallery';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useApp } from './support/app-fixture';
import { useBrowser } from './support/browser';
import { createWigglesByApi, uploadByApi, waitForWiggleStatus } from './support/library-api';
import { loginThroughUi, type Member, newMember, registerByApi, waitForPath } from './support/members';
import { ARTIFACTS_DIR } from './support/paths';
import { stereoPairJpegs } from './support/stereo-images';

// Each verified member gets a welcome gift of one frame up to 1280 px: enough for one 800 px export.
const app = useApp('export', { WELCOME_GIFT_CREDITS: '1', WELCOME_GIFT_MAX_RESOLUTION: '1280' });
const browser = useBrowser(() => app.server().url);
const run = promisify(execFile);

const call = async <T>(token: string, method: string, url: string, body?: unknown) => {
  const res = await fetch(`${app.server().url}/api${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as T };
};

/** A verified member (with the welcome gift) and one finished auto-aligned wiggle of a 960x640 pair. */
async function memberWithWiggle(
  prefix: string,
): Promise<{ member: Member; token: string; wiggleId: number }> {
  const member = newMember(prefix);
  const token = await registerByApi(app.server().url, app.mailbox(), member, { verify: true });
  const pair = await stereoPairJpegs();
  const { originals } = await uploadByApi(app.server().url, token, [
    { name: 'harbour-L.jpg', bytes: pair.left },
    { name: 'harbour-R.jpg', bytes: pair.right },
  ]);
  const made = await createWigglesByApi(app.server().url, token, {
    originalIds: originals.map((o) => o.id),
    pairing: 'adjacent',
    stacking: 'auto-align',
    target: 'current',
    subfolderTemplate: 'yyyy. MM. dd. HH:mm:ss',
    folderId: null,
  });
  const wiggleId = made.wiggles[0]!.id;
  await waitForWiggleStatus(app.server().url, token, wiggleId, (s) => s.createStatus === 'Success');
  return { member, token, wiggleId };
}

async function openEditor(member: Member, wiggleId: number) {
  const page = browser.page();
  await loginThroughUi(page, member.email, member.password);
  await waitForPath(page, '/library/');
  await page.goto(`/editor/${wiggleId}`);
  const stage = page.getByTestId('editor-stage');
  await stage.waitFor({ timeout: 30_000 });
  return { page, stage };
}

describe('the export in the browser', () => {
  it('sets the pivot by dragging, crops 16:9, exports into an album and finds the 16:9 wiggle in the gallery', async () => {
    const { member, token, wiggleId } = await memberWithWiggle('export');
    const album = await call<{ id: number }>(token, 'POST', '/gallery/albums', { name: 'Harbour trips' });
    const { page, stage } = await openEditor(member, wiggleId);

    const box = (await stage.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.45, { steps: 8 });
    await page.mouse.up();
    await page.getByLabel('Aspect ratio').click();
    await page.getByRole('option', { name: '16:9' }).click();
    await page.getByTestId('save-state').getByText('Saved', { exact: true }).waitFor();

    await page.getByRole('tab', { name: 'Export' }).click();
    await page.getByRole('combobox', { name: 'Target album' }).click();
    await page.getByRole('option', { name: 'Harbour trips' }).click();
    // The originals allow 800 px only; the welcome gift pays for it.
    await page
      .getByTestId('size-800-roll')
      .getByText(/^Paid by Welcome gift roll #\d+ · up to 1280 px · 1 of 1 frames left$/)
      .waitFor();
    expect(await page.getByRole('radio', { name: /^800 px/ }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /^1280 px/ }).isDisabled()).toBe(true);
    await mkdir(ARTIFACTS_DIR, { recursive: true });
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'export-tab.png') });

    await page.getByRole('button', { name: 'Export', exact: true }).click();
    await page
      .getByRole('status')
      .getByText(/Starting the export|Rendering the wiggle/)
      .waitFor();
    const open = page.getByRole('link', { name: 'Open in gallery' });
    await open.waitFor({ timeout: 120_000 });
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'export-done.png') });
    // The browser makes the video of the exported wiggle (WebCodecs H.264), offers it and stores it.
    const download = page.getByRole('link', { name: 'Download video' });
    await download.waitFor({ timeout: 120_000 });
    await page
      .getByText('Saved with the wiggle: its public pages show the video.')
      .waitFor({ timeout: 60_000 });
    await download.scrollIntoViewIfNeeded();
    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
    const video = path.join(ARTIFACTS_DIR, 'export-video.mp4');
    await file.saveAs(video);
    await open.click();

    // The link opens the album with the new wiggle's details in front.
    await waitForPath(page, '/gallery/');
    const dialog = page.getByRole('dialog', { name: 'harbour-L' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('heading', { name: 'Harbour trips', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'harbour-L', exact: true }).waitFor();

    const listed = await call<{ items: Array<{ id: number; width: number; height: number }> }>(
      token,
      'GET',
      `/gallery/albums/${album.body.id}/wiggles`,
    );
    expect(listed.body.items).toHaveLength(1);
    const exported = listed.body.items[0]!;
    const image = await fetch(`${app.server().url}${galleryImageUrl(exported.id, 'left', 'f')}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(image.status).toBe(200);
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(800);
    // 16:9 within one pixel (no padding was asked).
    expect(Math.abs(meta.width! - (meta.height! * 16) / 9)).toBeLessThanOrEqual(1);
    expect([meta.width, meta.height]).toEqual([exported.width, exported.height]);
    // The MP4 decodes, H.264 at the wiggle's size (each side rounded down to even, as H.264 wants).
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_name,width,height',
      '-of',
      'json',
      video,
    ]);
    expect(JSON.parse(stdout).streams).toEqual([
      { codec_name: 'h264', width: exported.width & ~1, height: exported.height & ~1 },
    ]);
    await run('ffmpeg', ['-v', 'error', '-xerror', '-i', video, '-f', 'null', '-']);
  }, 300_000);

  it("a member whose roll is spent sees SPEC's message, and its button opens the shop's buy dialog", async () => {
    const { member, token, wiggleId } = await memberWithWiggle('noroll');
    const body = { albumId: null, size: 800, mode: 'original', orientation: 'landscape', padding: 0 };
    // The welcome gift's only frame goes to a first export.
    expect((await call(token, 'POST', `/library/wiggles/${wiggleId}/export`, body)).status).toBe(202);
    const { page } = await openEditor(member, wiggleId);
    await page.getByRole('tab', { name: 'Export' }).click();
    await page.getByTestId('size-800-roll').getByText('No roll of this size').waitFor();
    await page.getByRole('button', { name: 'Export', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: Messages.noRollFound });
    await alert.waitFor();
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'export-no-roll.png') });
    await alert.getByRole('button', { name: 'Buy frames' }).click();
    await page.getByRole('dialog', { name: 'Buy rolls' }).waitFor();
  }, 300_000);
});
