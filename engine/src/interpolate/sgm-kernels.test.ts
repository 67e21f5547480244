import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { GrayImage } from '../cv/gray';
import { makeRepetitiveScene } from '../cv/repetitive-scenes';
import { makeLayeredScene, renderView } from '../cv/synthetic-scene';
import { seeded } from '../seeded-random';
import { greyViews } from '../testing/scene-maps';
import {
  aggregateSweep,
  allocate,
  finishedRows,
  type SgmOptions,
  sgmMaps,
  sgmVolume,
  windowCostRows,
} from './census-sgm';
import { NINTH_Q15, windowCostsOnKernel } from './matching-cost-simd';
import { periodMap } from './periodic-structure';
import { claimRow, releaseRow, unclaimRow } from './row-claims';
import { sweepKernelFits } from './sgm-simd';

function noise(width: number, height: number, seed: number): GrayImage {
  const random = seeded(seed);
  return {
    width,
    height,
    scale: 1,
    data: Uint8Array.from({ length: width * height }, () => Math.floor(random() * 256)),
  };
}

function rgbNoise(length: number, seed: number): Uint8Array {
  const random = seeded(seed);
  return Uint8Array.from({ length: 3 * length }, () => Math.floor(random() * 256));
}

/** Pairs the JS steps and the kernels must agree on: scenes (a fence with its period map) and noise. */
async function pairs(): Promise<[string, GrayImage, GrayImage, SgmOptions][]> {
  const scene = makeLayeredScene({ width: 480, height: 320, seed: 5, objects: 4, maxDisparity: 24 });
  const [sceneL, sceneR] = await greyViews(scene, 160);
  // The colour term's RGB copies on the same grid.
  const colour = await Promise.all(
    [0, 1].map(async (c) => {
      const view = renderView(scene, c);
      const raw = await sharp(view.data, { raw: { width: view.width, height: view.height, channels: 3 } })
        .resize(sceneL!.width, sceneL!.height, { fit: 'fill' })
        .raw()
        .toBuffer();
      return new Uint8Array(raw);
    }),
  );
  const [fenceL, fenceR] = await greyViews(makeRepetitiveScene('fence', 480, 320), 160);
  const cases: [string, GrayImage, GrayImage, SgmOptions][] = [
    [
      'a layered scene, colour term',
      sceneL!,
      sceneR!,
      { min: -4, max: 12, colour: { left: colour[0]!, right: colour[1]! } },
    ],
    ['a fence, its period map pooled', fenceL!, fenceR!, { min: -6, max: 20, period: periodMap(fenceL!) }],
  ];
  // Noise: every level count around the kernels' 4 and 8 lanes, a range wider than the view, strong penalties.
  for (const [levels, min, seed] of [
    [1, 0, 1],
    [7, -3, 2],
    [8, 0, 3],
    [9, -5, 4],
    [64, -20, 5],
    [65, -70, 6],
  ] as const) {
    const o: SgmOptions = {
      min,
      max: min + levels - 1,
      colour: { left: rgbNoise(37 * 11, seed), right: rgbNoise(37 * 11, seed + 9) },
    };
    cases.push([`noise, ${levels} levels from ${min}`, noise(37, 11, seed), noise(37, 11, seed + 50), o]);
  }
  const wide = noise(41, 9, 7);
  cases.push(['noise, strong penalties', wide, noise(41, 9, 8), { min: -10, max: 30, p1: 40, p2: 400 }]);
  return cases;
}

describe('the matcher in WebAssembly SIMD', () => {
  it('is available on the Node versions the engine runs on', () => {
    expect(sweepKernelFits(63, 12, 96)).toBe(true);
    const codes = new Uint32Array(8);
    expect(
      windowCostsOnKernel(
        { cl: codes, cr: codes, after: codes, before: codes, rgbL: undefined, rgbR: undefined },
        8,
        1,
        0,
        4,
        40,
        80,
      ),
    ).toBeDefined();
  });

  it('takes a Q15 product by NINTH_Q15 for the rounded ninth of every sum of nine bytes', () => {
    for (let s = 0; s <= 9 * 255; s++) expect((s * NINTH_Q15 + (1 << 14)) >> 15).toBe(Math.round(s / 9));
  });

  it('gives the window costs of the JS loops, byte for byte, on whole views and on two threads’ halves', async () => {
    for (const [name, left, right, o] of await pairs()) {
      const js = sgmVolume(left, right, o);
      windowCostRows(js, 0, js.h, false);
      const whole = sgmVolume(left, right, o);
      windowCostRows(whole, 0, whole.h);
      const halves = sgmVolume(left, right, o);
      const mid = halves.h >> 1;
      windowCostRows(halves, mid, halves.h);
      windowCostRows(halves, 0, mid);
      expect(Buffer.from(whole.cost).equals(Buffer.from(js.cost)), name).toBe(true);
      expect(Buffer.from(halves.cost).equals(Buffer.from(js.cost)), name).toBe(true);
    }
  });

  it('gives the aggregated totals of the JS sweeps, value for value, into a zero total and onto another', async () => {
    for (const [name, left, right, o] of await pairs()) {
      const v = sgmVolume(left, right, o);
      windowCostRows(v, 0, v.h, false);
      const js = new Uint16Array(v.total.length);
      aggregateSweep(v, 1, js, false);
      const forward = js.slice();
      aggregateSweep(v, -1, js, false);
      const kernel = new Uint16Array(v.total.length);
      aggregateSweep(v, 1, kernel);
      expect(Buffer.from(kernel.buffer).equals(Buffer.from(forward.buffer)), name).toBe(true);
      aggregateSweep(v, -1, kernel);
      expect(Buffer.from(kernel.buffer).equals(Buffer.from(js.buffer)), name).toBe(true);
    }
  });

  it('adds both sweeps into one total shared a row at a time, each row once however often a sweep runs', async () => {
    for (const [name, left, right, o] of await pairs()) {
      const v = sgmVolume(left, right, o);
      windowCostRows(v, 0, v.h);
      const sequential = new Uint16Array(v.total.length);
      aggregateSweep(v, 1, sequential);
      aggregateSweep(v, -1, sequential);
      const shared = allocate(Uint16Array, v.total.length, true);
      const claims = allocate(Int32Array, v.h, true);
      // The reverse sweep first, then the forward one, then the reverse one again (a helper's step redone).
      aggregateSweep(v, -1, shared, true, claims);
      aggregateSweep(v, 1, shared, true, claims);
      aggregateSweep(v, -1, shared, true, claims);
      expect(Buffer.from(shared.buffer).equals(Buffer.from(sequential.buffer)), name).toBe(true);
      expect([...new Set(claims)], name).toEqual([6]);
      expect(() => aggregateSweep(v, 1, shared, false, claims)).toThrow(/kernel/);
    }
  });

  it('hands a row held by one sweep to the other once it is added, and none twice', () => {
    const claims = allocate(Int32Array, 2, true);
    expect(claimRow(claims, 0, 1)).toBe(true);
    releaseRow(claims, 0, 1);
    expect(claimRow(claims, 0, 1)).toBe(false);
    expect(claimRow(claims, 0, -1)).toBe(true);
    // A sweep that failed in the row lets it go unadded.
    unclaimRow(claims, 0);
    expect(claimRow(claims, 0, -1)).toBe(true);
    releaseRow(claims, 0, -1);
    expect(claimRow(claims, 0, -1)).toBe(false);
    expect(claimRow(claims, 1, -1)).toBe(true);
  });

  it('finds the winners, repeats and unreliable pixels of the JS search, on both maps', async () => {
    const bits = (maps: { left: Float32Array; right: Float32Array }) =>
      Buffer.concat([Buffer.from(maps.left.buffer), Buffer.from(maps.right.buffer)]);
    for (const [name, left, right, o] of await pairs()) {
      const v = sgmVolume(left, right, o);
      windowCostRows(v, 0, v.h);
      aggregateSweep(v, 1, v.total);
      aggregateSweep(v, -1, v.total);
      const js = sgmMaps(v);
      finishedRows(v, js, 0, v.h, false);
      const kernel = sgmMaps(v);
      finishedRows(v, kernel, 0, v.h);
      expect(bits(kernel).equals(bits(js)), name).toBe(true);
      // The unreliable share is the search's as well: neither none nor all of a scene.
      if (!name.startsWith('noise')) {
        const nan = kernel.left.filter(Number.isNaN).length / kernel.left.length;
        expect(nan, name).toBeGreaterThan(0);
        expect(nan, name).toBeLessThan(0.5);
      }
    }
  });
});
