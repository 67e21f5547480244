import { describe, expect, it } from 'vitest';
import type { RawImage } from '../image';
import { crossFade, psnr, ssim } from './quality';

const grey = (value: number): RawImage => ({
  data: new Uint8Array(16 * 16).fill(value),
  width: 16,
  height: 16,
  channels: 1,
});

describe('quality measures', () => {
  it('gives PSNR from the mean squared error and SSIM 1 for identical pictures', () => {
    expect(psnr(grey(100), grey(110))).toBeCloseTo(10 * Math.log10((255 * 255) / 100), 6);
    expect(psnr(grey(7), grey(7))).toBe(Number.POSITIVE_INFINITY);
    expect(ssim(grey(7), grey(7))).toBeCloseTo(1, 9);
    expect(ssim(grey(20), grey(200))).toBeLessThan(0.5);
  });

  it('cross-fades pixel by pixel', () => {
    expect(crossFade(grey(0), grey(200), 0.25).data[5]).toBe(50);
  });
});
