import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { WiggleTuneResponse } from '@wiggle/common/schemas/tune-api';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from './support/app-fixture';
import { useBrowser } from './support/browser';
import { createWigglesByApi, uploadByApi, waitForWiggleStatus } from './support/library-api';
import { loginThroughUi, type Member, newMember, registerByApi, waitForPath } from './support/members';
import { ARTIFACTS_DIR } from './support/paths';
import { stereoPairJpegs } from './support/stereo-images';

const app = useApp('editor');
const browser = useBrowser(() => app.server().url);

let member: Member;
let token: string;
let wiggleId: number;

const savedTune = async () => {
  const res = await fetch(`${app.server().url}/api/library/wiggles/${wiggleId}/tune`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return (await res.json()) as WiggleTuneResponse;
};

beforeAll(async () => {
  member = newMember('editor');
  token = await registerByApi(app.server().url, app.mailbox(), member, { verify: true });
  const pair = await stereoPairJpegs();
  const { originals } = await uploadByApi(app.server().url, token, [
    { name: 'quay-L.jpg', bytes: pair.left },
    { name: 'quay-R.jpg', bytes: pair.right },
  ]);
  const made = await createWigglesByApi(app.server().url, token, {
    originalIds: originals.map((o) => o.id),
    pairing: 'adjacent',
    stacking: 'auto-align',
    target: 'current',
    subfolderTemplate: 'yyyy. MM. dd. HH:mm:ss',
    folderId: null,
  });
  wiggleId = made.wiggles[0]!.id;
  await waitForWiggleStatus(app.server().url, token, wiggleId, (s) => s.createStatus === 'Success');
});

describe('the editor in the browser', () => {
  it('sets the pivot by dragging, crops 16:9, saves the tune on the wiggle and reopens after a reload', async () => {
    const page = browser.page();
    await loginThroughUi(page, member.email, member.password);
    await waitForPath(page, '/library/');
    await page.goto(`/editor/${wiggleId}`);
    const stage = page.getByTestId('editor-stage');
    await stage.waitFor({ timeout: 30_000 });
    const box = (await stage.boundingBox())!;
    const canvas = (await savedTune()).canvas!;

    // Drag from the stage's centre to a point a quarter in: the pivot follows the pointer.
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 4, box.y + box.height / 3, { steps: 8 });
    await page.mouse.up();
    await stage.press('Shift+ArrowRight');
    await stage.press('ArrowDown');
    const expected = {
      x: Math.round(canvas.width / 4) + 10,
      y: Math.round(canvas.height / 3) + 1,
    };

    await page.getByLabel('Aspect ratio').click();
    await page.getByRole('option', { name: '16:9' }).click();
    await page.getByTestId('save-state').getByText('Saved', { exact: true }).waitFor();
    const saved = await savedTune();
    expect(Math.abs(saved.tune.pivot!.x - expected.x)).toBeLessThanOrEqual(2);
    expect(Math.abs(saved.tune.pivot!.y - expected.y)).toBeLessThanOrEqual(2);
    expect(saved.tune.aspectRatio).toEqual({ ratio: '16:9', orientation: 'landscape' });
    const crop = saved.tune.crop!;
    expect(Math.abs(crop.width / crop.height - 16 / 9)).toBeLessThan(1 / crop.height + 0.01);
    expect(await page.getByTestId('preview-kind').textContent()).toMatch(/GPU|canvas/);

    await mkdir(ARTIFACTS_DIR, { recursive: true });
    await page.evaluate('window.scrollTo(0, 0)');
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'editor.png') });

    await page.reload();
    await page.getByTestId('editor-stage').waitFor({ timeout: 30_000 });
    expect(page.url()).toContain(`/editor/${wiggleId}`);
    expect(await page.getByTestId('pivot-value').textContent()).toBe(
      `Pivot ${saved.tune.pivot!.x}, ${saved.tune.pivot!.y}`,
    );
  });

  it('opens from the library preview', async () => {
    const page = browser.page();
    await loginThroughUi(page, member.email, member.password);
    await waitForPath(page, '/library/');
    await page.getByRole('button', { name: 'Play quay-L' }).click();
    await page.getByRole('link', { name: 'Open in editor' }).click();
    await waitForPath(page, `/editor/${wiggleId}`);
    await page.getByTestId('editor-stage').waitFor({ timeout: 30_000 });
  });
});
