import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { RawImage } from '../image';
import { seeded } from '../seeded-random';
import { reducedLuma, sampleLuma } from './gray';

function colourBands(width: number, height: number): RawImage {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const o = (y * width + x) * 3;
      const left = x < width / 2;
      data[o] = left ? 200 : 10;
      data[o + 1] = left ? 40 : 180;
      data[o + 2] = left ? 90 : 250;
    }
  }
  return { data, width, height, channels: 3 };
}

describe('reducedLuma', () => {
  it('reduces the colour picture and takes the BT.601 luma of the small copy', async () => {
    const image = colourBands(1200, 800);
    const gray = await reducedLuma(image, 300);
    expect([gray.width, gray.height, gray.scale]).toEqual([300, 200, 4]);
    // Inside each band the luma is the one sampleLuma reads at full resolution.
    expect(gray.data[100 * 300 + 40]).toBe(Math.round(sampleLuma(image, 160, 400)));
    expect(gray.data[100 * 300 + 260]).toBe(Math.round(sampleLuma(image, 1040, 400)));
  });

  it('takes the luma without resizing a picture already small enough', async () => {
    const image = colourBands(200, 100);
    const gray = await reducedLuma(image, 300);
    expect([gray.width, gray.height, gray.scale]).toEqual([200, 100, 1]);
    expect(gray.data[50 * 200 + 10]).toBe(Math.round(0.299 * 200 + 0.587 * 40 + 0.114 * 90));
  });

  it('reads only the even rows of a picture reduced 4× or more', async () => {
    // Even rows mid grey, odd rows white: only the even rows reach the copy.
    const width = 1600;
    const height = 1200;
    const data = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y++) data.fill(y % 2 ? 255 : 100, y * width * 3, (y + 1) * width * 3);
    const gray = await reducedLuma({ data, width, height, channels: 3 }, 400);
    expect([gray.width, gray.height, gray.scale]).toEqual([400, 300, 4]);
    expect(Math.min(...gray.data)).toBe(100);
    expect(Math.max(...gray.data)).toBe(100);
  });

  it('reduces a smooth random picture as a resize of every row does, within one level', async () => {
    const image = smoothRandom(2000, 1500, 7);
    const gray = await reducedLuma(image, 400);
    const { data } = await sharp(image.data, { raw: { width: 2000, height: 1500, channels: 3 } })
      .resize(400, 300, { fit: 'fill', kernel: 'lanczos3' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    // The luma as reducedLuma took it before it skipped rows.
    let worst = 0;
    for (let i = 0; i < gray.data.length; i++) {
      const before = Math.round(0.299 * data[3 * i]! + 0.587 * data[3 * i + 1]! + 0.114 * data[3 * i + 2]!);
      worst = Math.max(worst, Math.abs(gray.data[i]! - before));
    }
    expect(worst).toBeLessThanOrEqual(1);
  });
});

/** Colours interpolated bilinearly between random ones on a coarse 5×4 grid (cells of 500 px here). */
function smoothRandom(width: number, height: number, seed: number): RawImage {
  const random = seeded(seed);
  const grid = Array.from({ length: 5 * 4 * 3 }, () => random() * 255);
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    const gy = (y / (height - 1)) * 3;
    const j = Math.min(2, Math.floor(gy));
    const fy = gy - j;
    for (let x = 0; x < width; x++) {
      const gx = (x / (width - 1)) * 4;
      const i = Math.min(3, Math.floor(gx));
      const fx = gx - i;
      for (let c = 0; c < 3; c++) {
        const at = (u: number, v: number) => grid[((j + v) * 5 + i + u) * 3 + c]!;
        const top = at(0, 0) * (1 - fx) + at(1, 0) * fx;
        const bottom = at(0, 1) * (1 - fx) + at(1, 1) * fx;
        data[(y * width + x) * 3 + c] = Math.round(top * (1 - fy) + bottom * fy);
      }
    }
  }
  return { data, width, height, channels: 3 };
}
