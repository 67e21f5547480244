/**
 * The editor's frame time while the pivot is dragged on a 2560 px wiggle, in Debian's headless Chromium against
 * the compiled server: intervals between animation frames (requestAnimationFrame) while the mouse drags across the
 * stage in small steps, beside the same page left idle (only the live preview playing), the baseline of the run.
 * Goal: p95 <= 20 ms while dragging. Prints figures; never pass/fail.
 * Usage: npm run build && tsx bench/web/editor-drag.ts
 */
import path from 'node:path';
import { makeLayeredScene, renderView } from '@wiggle/engine/cv/synthetic-scene';
import type { RawImage } from '@wiggle/engine/image';
import SqliteDatabase from 'better-sqlite3';
import { chromium, type Page } from 'playwright-core';
import sharp from 'sharp';
import { startCompiledServer } from '../support/compiled-server';

const WIDTH = 2560;
const HEIGHT = 1707;
const PASSWORD = 'Bench-pass1!';

const jpeg = (image: RawImage) =>
  sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } })
    .jpeg({ quality: 90 })
    .toBuffer();

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Animation frame intervals (ms) while `during` runs. */
async function frameIntervals(page: Page, during: () => Promise<void>): Promise<number[]> {
  // Strings: the bench's tsconfig has no DOM types; this runs in the page.
  await page.evaluate(`(() => {
    window.__frames = [];
    window.__recording = true;
    const tick = (t) => {
      window.__frames.push(t);
      if (window.__recording) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })()`);
  await during();
  const stamps = (await page.evaluate('(window.__recording = false, window.__frames)')) as number[];
  return stamps.slice(1).map((t, i) => t - stamps[i]!);
}

function figures(intervals: number[]) {
  const sorted = [...intervals].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!.toFixed(1);
  return {
    frames: sorted.length,
    'p50 ms': at(0.5),
    'p95 ms': at(0.95),
    'max ms': sorted.at(-1)!.toFixed(1),
  };
}

const server = await startCompiledServer();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-quic'],
});
try {
  const { url, dataDir } = server;
  const username = 'editor-bench@example.com';
  const { token } = await json<{ token: string }>(
    await fetch(`${url}/api/account/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench', username, password: PASSWORD, terms: true }),
    }),
    'register',
  );
  const db = new SqliteDatabase(path.join(dataDir, 'wiggle.db'));
  db.prepare('update users set is_verified_email = 1 where email = ?').run(username);
  db.close();
  const auth = { authorization: `Bearer ${token}` };

  const scene = makeLayeredScene({ width: WIDTH, height: HEIGHT, seed: 5, objects: 8, maxDisparity: 60 });
  const form = new FormData();
  for (const [name, view] of [
    ['L.jpg', 0],
    ['R.jpg', 1],
  ] as const)
    form.append('file', new Blob([new Uint8Array(await jpeg(renderView(scene, view)))]), name);
  const { originals } = await json<{ originals: { id: number }[] }>(
    await fetch(`${url}/api/library/originals`, { method: 'POST', headers: auth, body: form }),
    'upload',
  );
  const { wiggles } = await json<{ wiggles: { id: number }[] }>(
    await fetch(`${url}/api/library/wiggles`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        originalIds: originals.map((o) => o.id),
        stacking: 'auto-align',
        target: 'current',
      }),
    }),
    'create',
  );
  const id = wiggles[0]!.id;
  for (;;) {
    const [status] = await json<{ createStatus: string }[]>(
      await fetch(`${url}/api/library/wiggles/status?ids=${id}`, { headers: auth }),
      'status',
    );
    if (status?.createStatus === 'Success') break;
    if (status?.createStatus.endsWith('Error')) throw new Error('the wiggle was not created');
    await new Promise((resolve) => setTimeout(resolve, 500));
  }

  const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
  await page.goto(`${url}/auth/login`);
  await page.getByLabel('E-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.waitForURL(/\/library/);
  await page.goto(`${url}/editor/${id}`);
  const stage = page.getByTestId('editor-stage');
  await stage.waitFor({ timeout: 60_000 });
  const kind = await page.getByTestId('preview-kind').textContent();
  const box = (await stage.boundingBox())!;

  const idle = await frameIntervals(page, () => page.waitForTimeout(2000));
  const dragging = await frameIntervals(page, async () => {
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.3);
    await page.mouse.down();
    for (let i = 0; i <= 120; i += 1) {
      const f = i / 120;
      await page.mouse.move(box.x + box.width * (0.2 + 0.6 * f), box.y + box.height * (0.3 + 0.4 * f));
    }
    await page.mouse.up();
  });
  console.log(
    `Editor frame time, ${WIDTH}x${HEIGHT} pair, stage ${Math.round(box.width)}x${Math.round(box.height)} px, ${kind} (goal: p95 <= 20 ms while dragging)`,
  );
  console.table({ 'idle (baseline)': figures(idle), 'dragging the pivot': figures(dragging) });
} finally {
  await browser.close();
  await server.close();
}
