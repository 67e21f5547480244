import { describe, expect, it } from 'vitest';
import type { RawImage } from '../image';
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
});
