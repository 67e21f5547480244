import { describe, expect, it } from 'vitest';
import { jpegOf, meanRgb, solidRaw } from '../testing/make-images';
import { splitSideBySide } from './side-by-side';

/** Red left half, green middle column (odd widths), blue right half. */
function sideBySide(width: number, height: number) {
  const image = solidRaw(width, height, [0, 0, 255]);
  const half = Math.floor(width / 2);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < half; x++) image.data.set([255, 0, 0], (y * width + x) * 3);
    if (width % 2 === 1) image.data.set([0, 255, 0], (y * width + half) * 3);
  }
  return image;
}

describe('splitSideBySide', () => {
  it('parallel order: the left half is the left view', async () => {
    const { left, right } = await splitSideBySide(sideBySide(200, 50), { order: 'parallel' });
    expect([left.width, right.width, left.height]).toEqual([100, 100, 50]);
    expect(meanRgb(left, 0, 0, 100, 50)).toEqual([255, 0, 0]);
    expect(meanRgb(right, 0, 0, 100, 50)).toEqual([0, 0, 255]);
  });

  it('cross-eyed order swaps the halves', async () => {
    const { left, right } = await splitSideBySide(sideBySide(200, 50), { order: 'cross' });
    expect(meanRgb(left, 0, 0, 100, 50)).toEqual([0, 0, 255]);
    expect(meanRgb(right, 0, 0, 100, 50)).toEqual([255, 0, 0]);
  });

  it('drops the middle column of an odd width so both views have the same size', async () => {
    const { left, right } = await splitSideBySide(sideBySide(201, 40));
    expect([left.width, right.width]).toEqual([100, 100]);
    expect(meanRgb(left, 0, 0, 100, 40)).toEqual([255, 0, 0]);
    expect(meanRgb(right, 0, 0, 100, 40)).toEqual([0, 0, 255]);
  });

  it('decodes encoded bytes first', async () => {
    const { left, right } = await splitSideBySide(await jpegOf(sideBySide(400, 100)));
    expect(meanRgb(left, 20, 20, 60, 60)[0]).toBeGreaterThan(240);
    expect(meanRgb(right, 20, 20, 60, 60)[2]).toBeGreaterThan(240);
  });
});
