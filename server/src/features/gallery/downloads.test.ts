import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { galleryFrames, testGalleryDeps } from '../../test/gallery-fixtures';
import {
  bearer,
  createTestApp,
  registerMember,
  type TestApp,
  type TestMember,
  testDialects,
} from '../../test/harness';
import type { GalleryFrames } from './wiggle-service';
import { createGalleryWiggle } from './wiggle-service';

const run = promisify(execFile);

describe.each(testDialects())('gallery zip downloads on %s', (dialect) => {
  let t: TestApp;
  let owner: TestMember;
  let dir: string;
  let frames: GalleryFrames;
  let enhancedId: number;
  let originalOnlyId: number;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    dir = await mkdtemp(join(tmpdir(), 'gallery-zip-'));
    owner = await registerMember(t.app);
    frames = await galleryFrames(true);
    const deps = testGalleryDeps(t.app);
    enhancedId = (
      await createGalleryWiggle(deps, owner.id, null, frames, { name: 'Five', width: 64, height: 48 })
    ).id;
    const twoViews = { left: frames.left, right: frames.right };
    originalOnlyId = (
      await createGalleryWiggle(deps, owner.id, null, twoViews, { name: 'Two', width: 64, height: 48 })
    ).id;
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  async function download(id: number, mode: string) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/gallery/wiggle/download/${id}-${mode}.zip`,
      headers: bearer(owner.token),
    });
    return res;
  }
  async function unzip(bytes: Buffer, name: string) {
    const file = join(dir, name);
    await writeFile(file, bytes);
    const { stdout } = await run('unzip', ['-Z1', file]);
    const entries = stdout.trim().split('\n');
    const out = join(dir, `${name}-out`);
    await run('unzip', ['-o', '-q', file, '-d', out]);
    return { entries, read: (entry: string) => readFile(join(out, entry)) };
  }

  it('original holds the two views, byte for byte', async () => {
    const res = await download(enhancedId, 'original');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="wiggle-${enhancedId}-original.zip"`,
    );
    // Streamed: no length is known before the last entry is written.
    expect(res.headers['content-length']).toBeUndefined();
    const zip = await unzip(res.rawPayload, 'original.zip');
    expect(zip.entries).toEqual(['1-left.webp', '2-right.webp']);
    expect(Buffer.compare(await zip.read('1-left.webp'), frames.left.full)).toBe(0);
    expect(Buffer.compare(await zip.read('2-right.webp'), frames.right.full)).toBe(0);
  });

  it('enhanced holds all five frames in playback order', async () => {
    const zip = await unzip((await download(enhancedId, 'enhanced')).rawPayload, 'enhanced.zip');
    expect(zip.entries).toEqual(['1-left.webp', '2-25.webp', '3-50.webp', '4-75.webp', '5-right.webp']);
    const [f25, f50, f75] = frames.inBetweens ?? [];
    expect(Buffer.compare(await zip.read('3-50.webp'), f50!)).toBe(0);
    expect(Buffer.compare(await zip.read('2-25.webp'), f25!)).toBe(0);
    expect(Buffer.compare(await zip.read('4-75.webp'), f75!)).toBe(0);
  });

  it('the animated preview plays all five frames forth and back', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/gallery/wiggle/animated/${enhancedId}.webp`,
      headers: bearer(owner.token),
    });
    expect(res.statusCode).toBe(200);
    const meta = await sharp(res.rawPayload, { animated: true }).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.pages).toBe(8);
    const two = await t.app.inject({
      method: 'GET',
      url: `/api/gallery/wiggle/animated/${originalOnlyId}.webp`,
      headers: bearer(owner.token),
    });
    expect((await sharp(two.rawPayload, { animated: true }).metadata()).pages).toBe(2);
  });

  it('a wiggle without in-betweens has no enhanced download and no frames', async () => {
    expect((await download(originalOnlyId, 'enhanced')).statusCode).toBe(404);
    const frame = await t.app.inject({
      method: 'GET',
      url: `/api/gallery/wiggle/frame/${originalOnlyId}-50.webp`,
      headers: bearer(owner.token),
    });
    expect(frame.statusCode).toBe(404);
    expect((await download(originalOnlyId, 'original')).statusCode).toBe(200);
    expect((await download(originalOnlyId, 'best')).statusCode).toBe(404);
  });
});
