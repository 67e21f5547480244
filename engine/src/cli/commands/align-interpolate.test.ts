import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeLayeredScene, misalignView, renderView } from '../../cv/synthetic-scene';
import type { RawImage } from '../../image';
import { run as runAlign } from './align';
import { run as runInterpolate } from './interpolate';

let dir: string;

async function writePng(path: string, image: RawImage): Promise<void> {
  await sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } })
    .png()
    .toFile(path);
}

async function capture(work: () => Promise<void>): Promise<string> {
  let text = '';
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    text += String(chunk);
    return true;
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return text;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'wiggle-vision-cli-'));
  const scene = makeLayeredScene({ width: 640, height: 420, seed: 8, maxDisparity: 20 });
  await writePng(join(dir, 'l.png'), renderView(scene, 0));
  await writePng(
    join(dir, 'r.png'),
    misalignView(renderView(scene, 1), { rotationDeg: 1, scale: 1.01, dx: 0, dy: 6 }),
  );
  await writeFile(join(dir, 'text.jpg'), 'not a picture');
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('wiggle align / interpolate commands', () => {
  it('align writes both views on one canvas and prints the transform as JSON', async () => {
    const out = join(dir, 'aligned');
    const printed = await capture(() => runAlign([join(dir, 'l.png'), join(dir, 'r.png'), '--out', out]));
    const report = JSON.parse(printed);
    expect(report.rotationDeg).toBeCloseTo(1, 1);
    expect(report.scale).toBeCloseTo(1.01, 2);
    expect(report.dy).toBeCloseTo(6, 0);
    expect(report).toHaveProperty('residual.median');
    expect(report).toHaveProperty('pivot.x');
    const [l, r] = await Promise.all([
      sharp(join(out, 'left.png')).metadata(),
      sharp(join(out, 'right.png')).metadata(),
    ]);
    expect([l.width, l.height]).toEqual([r.width, r.height]);
    expect(l.width).toBe(report.width);
  });

  it('interpolate writes frame-25/50/75.png', async () => {
    const out = join(dir, 'between');
    await capture(() => runInterpolate([join(dir, 'l.png'), join(dir, 'l.png'), '--out', out]));
    for (const name of ['frame-25.png', 'frame-50.png', 'frame-75.png'])
      expect(existsSync(join(out, name))).toBe(true);
  });

  it('refuses bad input with a one-line reason', async () => {
    await expect(runAlign([join(dir, 'l.png'), join(dir, 'text.jpg'), '--out', dir])).rejects.toThrow(
      /not an image/i,
    );
    await expect(runAlign([join(dir, 'l.png'), '--out', dir])).rejects.toThrow(/two input files/);
    await expect(runAlign([join(dir, 'r.png'), join(dir, 'l.png'), '--out', join(dir, 'x')])).rejects.toThrow(
      /cannot align: swapped/,
    );
    await expect(runAlign([join(dir, 'l.png'), join(dir, 'r.png')])).rejects.toThrow(/missing --out/);
  });
});
