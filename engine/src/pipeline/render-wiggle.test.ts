import { describe, expect, it } from 'vitest';
import { makeLayeredScene, misalignView, renderView } from '../cv/synthetic-scene';
import type { RawImage } from '../image';
import { measureDisparity } from '../render/pivot-disparity';
import { seeded } from '../seeded-random';
import { sharpFromRaw } from '../testing/make-images';
import { buildMpo } from '../testing/make-mpo';
import { markerPair } from '../testing/marker-pair';
import { type RenderedWiggle, renderWiggle } from './render-wiggle';

const W = 900;
const H = 600;
const scene = makeLayeredScene({ width: W, height: H, seed: 5, objects: 6, maxDisparity: 28 });
const left = renderView(scene, 0);
const right = renderView(scene, 1);
const png = (image: RawImage) => sharpFromRaw(image).png({ compressionLevel: 1 }).toBuffer();
const pair = async (l: RawImage, r: RawImage) => ({
  kind: 'pair' as const,
  left: await png(l),
  right: await png(r),
});
const raws = (wiggle: RenderedWiggle) => wiggle.frames.map((f) => ('raw' in f ? f.raw : undefined));

describe('renderWiggle', () => {
  it('aligns a misaligned pair, interpolates and renders 5 frames of one size', async () => {
    const truth = { rotationDeg: 1.2, scale: 1.01, dx: 0, dy: -9 };
    const result = await renderWiggle(await pair(left, misalignView(right, truth)), { encoding: 'raw' });
    expect(result.alignment.status).toBe('Success');
    if (result.alignment.status !== 'Success') return;
    expect(result.alignment.transform.rotationDeg).toBeCloseTo(truth.rotationDeg, 1);
    expect(result.alignment.transform.dy).toBeCloseTo(truth.dy, 0);
    expect(result.interpolation.status).toBe('Success');
    expect(result.frames).toHaveLength(5);
    for (const frame of raws(result))
      expect([frame?.width, frame?.height]).toEqual([result.width, result.height]);
    expect(result.width).toBeGreaterThan(W * 0.8);
    expect(result.timingsMs.align).toBeGreaterThan(0);
  });

  it('aligns a right view reduced and cropped to another aspect ratio without stretching it', async () => {
    // Stretched to the left's 900x600 first, it aligned at 0.73 of the true scale, and its columns stayed 9 % wider
    // than its rows: a slant of depth across the frame.
    const truth = { rotationDeg: 0.6, scale: 1.01, dx: 0, dy: -7 };
    const { data, info } = await sharpFromRaw(misalignView(right, truth))
      .resize(720, 480)
      .extract({ left: 0, top: 20, width: 720, height: 440 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const cropped = { data, width: info.width, height: info.height, channels: 3 as const };
    const result = await renderWiggle(await pair(left, cropped), { frames: 'views', encoding: 'raw' });
    expect(result.alignment.status).toBe('Success');
    if (result.alignment.status !== 'Success') return;
    expect(result.alignment.transform.scale / (truth.scale / 0.8)).toBeCloseTo(1, 2);
    expect(result.alignment.transform.rotationDeg).toBeCloseTo(truth.rotationDeg, 1);
    expect(result.alignment.transform.dy).toBeCloseTo(truth.dy, 0);
    for (const frame of raws(result))
      expect([frame?.width, frame?.height]).toEqual([result.width, result.height]);
  });

  it('falls back to the unaligned pair and reports Error when the photos cannot be aligned', async () => {
    const random = seeded(99);
    const unrelated: RawImage = {
      data: Uint8Array.from({ length: W * H * 3 }, () => random() * 256),
      width: W,
      height: H,
      channels: 3,
    };
    const result = await renderWiggle(await pair(left, unrelated), { frames: 'views', encoding: 'raw' });
    expect(result.alignment.status).toBe('Error');
    if (result.alignment.status === 'Error') expect(result.alignment.reason.length).toBeGreaterThan(0);
    expect(result.frames).toHaveLength(2);
    expect([result.width, result.height]).toEqual([W, H]);
  });

  it("passes the in-betweens' confidence through, and reports Error with the reason when it is too low", async () => {
    const good = await renderWiggle(await pair(left, right), { autoAlign: false, encoding: 'raw' });
    expect(good.interpolation.status).toBe('Success');
    expect(good.interpolation).toHaveProperty('confidence');
    if (good.interpolation.status === 'Success') expect(good.interpolation.confidence).toBeGreaterThan(0.9);
    const random = seeded(7);
    const noise = () => ({
      data: Uint8Array.from({ length: W * H * 3 }, () => random() * 256),
      width: W,
      height: H,
      channels: 3 as const,
    });
    const bad = await renderWiggle(await pair(noise(), noise()), { autoAlign: false, encoding: 'raw' });
    expect(bad.interpolation.status).toBe('Error');
    if (bad.interpolation.status === 'Error') expect(bad.interpolation.reason).toMatch(/unreliable/);
    expect(bad.frames).toHaveLength(2);
  });

  it('makes an Original (2-frame) wiggle from one MPO without alignment, reduced to maxSide', async () => {
    const jpeg = (image: RawImage) => sharpFromRaw(image).jpeg({ quality: 95 }).toBuffer();
    const mpo = buildMpo([await jpeg(left), await jpeg(right)]);
    const result = await renderWiggle(
      { kind: 'single', image: mpo },
      { autoAlign: false, frames: 'views', maxSide: 200, encoding: 'raw' },
    );
    expect(result.alignment.status).toBe('None');
    expect(result.interpolation.status).toBe('None');
    expect(result.frames).toHaveLength(2);
    expect([result.width, result.height]).toEqual([200, 134]);
    // Decoded for alignment at twice the output size, not at full size.
    expect(result.alignedAt).toEqual({ width: 400, height: 267 });
  });

  it('applies render parameters (crop by aspect ratio) to every frame', async () => {
    const result = await renderWiggle(await pair(left, right), {
      autoAlign: false,
      frames: 'views',
      aspectRatio: { ratio: '1:1' },
      encoding: 'raw',
    });
    expect(raws(result).map((f) => [f?.width, f?.height])).toEqual([
      [H, H],
      [H, H],
    ]);
  });

  it("reads one side-by-side image as two views; coordinates stay in the source half's pixels", async () => {
    const { left: l, right: r, marker } = markerPair(640, 480, 16);
    const sideBySide = await sharpFromRaw(l)
      .extend({ right: 640 })
      .composite([{ input: await png(r), left: 640, top: 0 }])
      .png()
      .toBuffer();
    const pivot = { x: marker.x + 60, y: marker.y + 60 };
    const result = await renderWiggle(
      { kind: 'single', image: sideBySide },
      { autoAlign: false, frames: 'views', maxSide: 320, pivot, encoding: 'raw' },
    );
    expect(result.canvas).toEqual({ width: 640, height: 480 });
    expect(result.scale).toBeCloseTo(0.5, 5);
    expect(result.pivotDisparity).toBeCloseTo(8, 0);
    const [a, b] = raws(result);
    expect(Math.abs(measureDisparity(a!, b!, { x: pivot.x / 2, y: pivot.y / 2 }))).toBeLessThan(0.5);
  });
});
