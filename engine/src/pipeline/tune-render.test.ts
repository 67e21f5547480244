import type { RenderDescriptionInput } from '@wiggle/common/schemas/render-description';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EngineInputError, type RawImage } from '../image';
import { measureDisparity } from '../render/pivot-disparity';
import { watermarkBox } from '../render/watermark';
import { sharpFromRaw } from '../testing/make-images';
import { markerPair, meanAbsDiff } from '../testing/marker-pair';
import type { WiggleSources } from './prepare-views';
import { type RenderedWiggle, renderWiggle } from './render-wiggle';

const png = (image: RawImage) => sharpFromRaw(image).png({ compressionLevel: 1 }).toBuffer();
const scene = markerPair(640, 480, 24);
const sources = async (pair = scene): Promise<WiggleSources> => ({
  kind: 'pair',
  left: await png(pair.left),
  right: await png(pair.right),
});
/** Without alignment and in-betweens, so each test sees only the tune it sets. */
const plain = { autoAlign: false, frames: 'views', encoding: 'raw' } as const;
const render = async (description: RenderDescriptionInput, pair = scene) =>
  renderWiggle(await sources(pair), { ...plain, ...description });
const raws = (wiggle: RenderedWiggle) => wiggle.frames.map((f) => ('raw' in f ? f.raw : undefined)!);

describe('the render description on pictures whose right answer is known', () => {
  it('a pivot (source px) on the marker gives the marker zero disparity at any output size', async () => {
    const { marker } = scene;
    const pivot = { x: marker.x + marker.size / 2, y: marker.y + marker.size / 2 };
    const wiggle = await render({ pivot, maxSide: 320 });
    expect(wiggle.scale).toBeCloseTo(0.5, 5);
    expect(wiggle.pivotDisparity).toBeCloseTo(12, 0);
    const [left, right] = raws(wiggle);
    const at = { x: pivot.x * 0.5, y: pivot.y * 0.5 };
    expect(Math.abs(measureDisparity(left!, right!, at))).toBeLessThan(0.5);
    const inner = { x: at.x - 20, y: at.y - 20, w: 40, h: 40 };
    expect(meanAbsDiff(left!, right!, inner)).toBeLessThan(3);
    // The background, which had zero disparity, now moves.
    expect(meanAbsDiff(left!, right!, { x: 10, y: 10, w: 60, h: 40 })).toBeGreaterThan(20);

    const still = raws(await render({ maxSide: 320 }));
    expect(meanAbsDiff(still[0]!, still[1]!, { x: 10, y: 10, w: 60, h: 40 })).toBeLessThan(3);
  });

  it('a 16:9 crop has that ratio within a pixel, in both orientations and inside a crop rectangle', async () => {
    for (const description of [
      { aspectRatio: { ratio: '16:9' } },
      { aspectRatio: { ratio: '16:9', orientation: 'portrait' } },
      { crop: { x: 40, y: 30, width: 500, height: 400 }, aspectRatio: { ratio: '16:9' } },
    ] as const) {
      const { width, height } = await render(description);
      const portrait = 'orientation' in description.aspectRatio;
      const [long, short] = portrait ? [height, width] : [width, height];
      expect(Math.abs(long - (short * 16) / 9)).toBeLessThanOrEqual(1);
    }
    const inside = await render({
      crop: { x: 40, y: 30, width: 500, height: 400 },
      aspectRatio: { ratio: '16:9' },
    });
    expect(inside.width).toBe(500);
    // Same centre as the rectangle: x from 40, y from 30 + (400 - 281) / 2.
    expect(inside.crop).toMatchObject({
      x: 40,
      y: Math.round(30 + (400 - 281) / 2),
      width: 500,
      height: 281,
    });
  });

  it('resize width gives that width, keeping the crop ratio; padding adds around it', async () => {
    const resized = await render({ resize: { mode: 'width', value: 320 } });
    expect([resized.width, resized.height]).toEqual([320, 240]);
    const padded = await render({ resize: { mode: 'height', value: 300 }, padding: 7 });
    expect([padded.width, padded.height]).toEqual([400 + 14, 300 + 14]);
  });

  it('a watermark changes pixels only in its bottom-right corner', async () => {
    const [bare] = raws(await render({}));
    const [marked] = raws(await render({ watermark: '© Wiggle' }));
    const box = watermarkBox('© Wiggle', 640, 480);
    expect(marked!.channels).toBe(3);
    let changed = 0;
    for (let y = 0; y < 480; y++) {
      for (let x = 0; x < 640; x++) {
        const i = (y * 640 + x) * 3;
        const differs = [0, 1, 2].some((c) => bare!.data[i + c] !== marked!.data[i + c]);
        if (!differs) continue;
        changed++;
        expect(x >= box.left && y >= box.top).toBe(true);
      }
    }
    expect(changed).toBeGreaterThan(200);
    expect(box.left).toBeGreaterThan(640 / 2);
    expect(box.top).toBeGreaterThan(480 * 0.85);
  });

  it('the fine vertical offset (source px) undoes a vertical shift of the right view', async () => {
    const shifted = markerPair(640, 480, 0, 8);
    const off = raws(await render({}, shifted));
    const fixed = raws(await render({ verticalOffset: -8, maxSide: 320 }, shifted));
    const rect = { x: 20, y: 20, w: 120, h: 60 };
    expect(meanAbsDiff(off[0]!, off[1]!, rect)).toBeGreaterThan(20);
    expect(meanAbsDiff(fixed[0]!, fixed[1]!, rect)).toBeLessThan(3);
  });

  it('refuses a crop below 200 px, a pivot outside the picture and an unknown ratio with one clear line', async () => {
    const refusal = (description: object) =>
      render(description as RenderDescriptionInput).then(
        () => undefined,
        (error: unknown) => error,
      );
    const small = await refusal({ crop: { x: 0, y: 0, width: 199, height: 300 } });
    expect(small).toBeInstanceOf(EngineInputError);
    expect((small as Error).message).toBe(
      'crop.width: The crop must be at least 200 px wide and 200 px high.',
    );
    const outside = await refusal({ pivot: { x: 640, y: 10 } });
    expect((outside as Error).message).toBe('pivot: The pivot must lie inside the picture.');
    const ratio = await refusal({ aspectRatio: { ratio: '5:4' } });
    expect((ratio as Error).message).toMatch(/^aspectRatio\.ratio: The aspect ratio must be one of 4:3/);
  });

  it('in-betweens rendered later from kept views equal those of one whole render', async () => {
    const pivot = { x: 320, y: 240 };
    const whole = await render({ pivot, frames: 'all', maxSide: 320 });
    const first = await render({ pivot, frames: 'views', keepViews: true, maxSide: 320 });
    const later = await renderWiggle(
      { kind: 'prepared', views: first.views! },
      { ...plain, pivot, frames: 'inbetweens' },
    );
    expect(whole.interpolation.status).toBe('Success');
    expect(later.frames.map((f) => f.position)).toEqual([25, 50, 75]);
    const all = raws(whole);
    expect([...raws(first), ...raws(later)].map((f) => Buffer.from(f.data))).toEqual(
      [all[0], all[4], all[1], all[2], all[3]].map((f) => Buffer.from(f!.data)),
    );
  });

  it('encodes WebP full frames and 200x140 thumbnails when asked', async () => {
    const wiggle = await render({ encoding: 'webp', aspectRatio: { ratio: '1:1' } });
    const frame = wiggle.frames[0]!;
    if (!('f' in frame)) throw new Error('expected WebP');
    expect(await sharp(frame.f).metadata()).toMatchObject({ format: 'webp', width: 480, height: 480 });
    expect(await sharp(frame.t).metadata()).toMatchObject({ width: 200, height: 140 });
  });
});
