import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EngineInputError, type RawImage } from '../image';
import { seeded } from '../seeded-random';
import { gradientRaw } from '../testing/make-images';
import { measureDisparity } from './pivot-disparity';
import { framePositions, renderFrames, renderRawFrames } from './render-frames';

/** Deterministic noise texture so block matching has something to lock on. */
function noise(width: number, height: number, seed: number): RawImage {
  const rand = seeded(seed);
  const data = new Uint8Array(width * height * 3);
  // 4x4 px blocks: texture coarse enough to survive no resampling at all but clearly structured.
  const blocks = Array.from({ length: Math.ceil(width / 4) * Math.ceil(height / 4) }, () =>
    Math.floor(rand() * 256),
  );
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = blocks[Math.floor(y / 4) * Math.ceil(width / 4) + Math.floor(x / 4)]!;
      data.set([v, 255 - v, (v * 7) & 255], (y * width + x) * 3);
    }
  }
  return { data, width, height, channels: 3 };
}

/**
 * A two-depth stereo pair: background noise shifted by `bgShift` in the right view, a 80x80 foreground square
 * of other noise at (fx, fy) in the left view shifted by `fgShift` in the right one.
 */
function twoLayerPair(bgShift: number, fgShift: number) {
  const width = 400;
  const height = 240;
  const bg = noise(width + 64, height, 1);
  const fg = noise(80, 80, 2);
  const view = (bgOffset: number, fgX: number): RawImage => {
    const data = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const src = (y * bg.width + (x - bgOffset + 32)) * 3;
        data.set(bg.data.subarray(src, src + 3), (y * width + x) * 3);
      }
    }
    for (let y = 0; y < 80; y++) {
      for (let x = 0; x < 80; x++) {
        const src = (y * 80 + x) * 3;
        data.set(fg.data.subarray(src, src + 3), ((80 + y) * width + fgX + x) * 3);
      }
    }
    return { data, width, height, channels: 3 };
  };
  return { left: view(0, 160), right: view(bgShift, 160 + fgShift), fg: { x: 160, y: 80, size: 80 } };
}

function meanAbsDiff(a: RawImage, b: RawImage, rect: { x: number; y: number; w: number; h: number }): number {
  let sum = 0;
  for (let y = rect.y; y < rect.y + rect.h; y++) {
    for (let x = rect.x; x < rect.x + rect.w; x++) {
      for (let c = 0; c < 3; c++) {
        const i = (y * a.width + x) * 3 + c;
        sum += Math.abs(a.data[i]! - b.data[i]!);
      }
    }
  }
  return sum / (rect.w * rect.h * 3);
}

describe('measureDisparity', () => {
  it('finds the disparity of the layer under the pivot', () => {
    const { left, right, fg } = twoLayerPair(4, 20);
    expect(measureDisparity(left, right, { x: fg.x + 40, y: fg.y + 40 })).toBeCloseTo(20, 0);
    expect(measureDisparity(left, right, { x: 60, y: 200 })).toBeCloseTo(4, 0);
  });
});

describe('renderRawFrames', () => {
  it('keeps the pivot still: the foreground matches across frames, the background moves', async () => {
    const { left, right, fg } = twoLayerPair(4, 20);
    const { frames, pivotDisparity, crop } = await renderRawFrames([left, right], {
      pivot: { x: fg.x + 40, y: fg.y + 40 },
    });
    expect(pivotDisparity).toBeCloseTo(20, 0);
    expect(crop.width).toBe(400 - 20);
    const [l, r] = frames as [RawImage, RawImage];
    const inside = { x: fg.x + 4, y: fg.y + 4, w: fg.size - 8, h: fg.size - 8 };
    expect(meanAbsDiff(l, r, inside)).toBeLessThan(1);
    expect(meanAbsDiff(l, r, { x: 10, y: 180, w: 100, h: 50 })).toBeGreaterThan(20);
  });

  it('without a pivot, the background (zero disparity here) stays and the foreground moves', async () => {
    const { left, right, fg } = twoLayerPair(0, 20);
    const { frames } = await renderRawFrames([left, right]);
    const [l, r] = frames as [RawImage, RawImage];
    expect(meanAbsDiff(l, r, { x: 10, y: 180, w: 100, h: 50 })).toBe(0);
    expect(meanAbsDiff(l, r, { x: fg.x + 4, y: fg.y + 4, w: 70, h: 70 })).toBeGreaterThan(20);
  });

  it('shifts in-between frames by their position times the disparity', async () => {
    const image = gradientRaw(256, 32);
    const { frames } = await renderRawFrames([image, image, image, image, image], { pivotDisparity: -8 });
    expect(framePositions(5)).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(frames[0]!.width).toBe(248);
    // Frame i starts 8 - 2i px into the source: the red ramp shows it (255/255 per px).
    const redAt0 = frames.map((f) => f.data[0]!);
    expect(redAt0).toEqual([8, 6, 4, 2, 0]);
  });

  it('crops by aspect ratio in both orientations and by a free rectangle', async () => {
    const image = gradientRaw(400, 300);
    const pair = [image, image];
    const landscape = await renderRawFrames(pair, { crop: { aspect: '16:9' } });
    expect([landscape.frames[0]!.width, landscape.frames[0]!.height]).toEqual([400, 225]);
    expect(landscape.crop).toEqual({ x: 0, y: 38, width: 400, height: 225 });
    const portrait = await renderRawFrames(pair, { crop: { aspect: '4:3', orientation: 'portrait' } });
    expect([portrait.frames[0]!.width, portrait.frames[0]!.height]).toEqual([225, 300]);
    const square = await renderRawFrames(pair, { crop: { aspect: '1:1', center: { x: 0, y: 150 } } });
    expect(square.crop).toEqual({ x: 0, y: 0, width: 300, height: 300 });
    const free = await renderRawFrames(pair, { crop: { rect: { x: 100, y: 50, width: 120, height: 80 } } });
    expect([free.frames[0]!.width, free.frames[0]!.height]).toEqual([120, 80]);
    expect(free.frames[0]!.data[0]).toBe(Math.round((100 / 399) * 255));
  });

  it('resizes by width or height, keeps otherwise, and pads around', async () => {
    const image = gradientRaw(400, 300);
    const byWidth = await renderRawFrames([image, image], { resize: { mode: 'width', value: 200 } });
    expect([byWidth.frames[0]!.width, byWidth.frames[0]!.height]).toEqual([200, 150]);
    const byHeight = await renderRawFrames([image, image], {
      resize: { mode: 'height', value: 60 },
      padding: 10,
    });
    expect([byHeight.frames[0]!.width, byHeight.frames[0]!.height]).toEqual([100, 80]);
    expect(Array.from(byHeight.frames[0]!.data.subarray(0, 3))).toEqual([255, 255, 255]);
    const kept = await renderRawFrames([image, image], { resize: { mode: 'keep' } });
    expect(kept.frames[0]!.width).toBe(400);
  });

  it('blurs (less detail with each level) and sharpens (more)', async () => {
    const image = noise(200, 200, 3);
    const energy = (f: RawImage) => {
      let e = 0;
      for (let i = 3; i < f.data.length; i += 3) e += Math.abs(f.data[i]! - f.data[i - 3]!);
      return e;
    };
    const plain = energy((await renderRawFrames([image, image])).frames[0]!);
    const blur10 = energy((await renderRawFrames([image, image], { blur: 10 })).frames[0]!);
    const blur30 = energy((await renderRawFrames([image, image], { blur: 30 })).frames[0]!);
    const smooth = gradientRaw(200, 200, 50);
    const soft = await sharp(smooth.data, { raw: { width: 200, height: 200, channels: 3 } })
      .blur(2)
      .raw()
      .toBuffer();
    const softImage: RawImage = { data: soft, width: 200, height: 200, channels: 3 };
    const unsharpened = energy((await renderRawFrames([softImage, softImage])).frames[0]!);
    const sharpened = energy((await renderRawFrames([softImage, softImage], { sharpen: 4 })).frames[0]!);
    expect(blur10).toBeLessThan(plain);
    expect(blur30).toBeLessThan(blur10);
    expect(sharpened).toBeGreaterThan(unsharpened);
  });

  it('refuses levels the SPEC does not have and frames of different sizes', async () => {
    const image = gradientRaw(100, 100);
    await expect(renderRawFrames([image, image], { blur: 15 as 10 })).rejects.toThrow(EngineInputError);
    await expect(renderRawFrames([image, image], { sharpen: 5 as 4 })).rejects.toThrow(/Sharpen/);
    await expect(renderRawFrames([image, gradientRaw(90, 100)])).rejects.toThrow(/same size/);
    await expect(renderRawFrames([image])).rejects.toThrow(/two frames/);
  });
});

describe('renderFrames', () => {
  it('encodes full frames and 200x140 thumbnails as WebP', async () => {
    const image = gradientRaw(640, 400);
    const out = await renderFrames([image, image, image, image, image], { crop: { aspect: '3:2' } });
    expect(out.f).toHaveLength(5);
    expect(out.t).toHaveLength(5);
    const f = await sharp(out.f[0]!).metadata();
    const t = await sharp(out.t[4]!).metadata();
    expect([f.format, f.width, f.height]).toEqual(['webp', 600, 400]);
    expect([t.format, t.width, t.height]).toEqual(['webp', 200, 140]);
  });
});
