import { describe, expect, it } from 'vitest';
import type { GrayImage } from '../cv/gray';
import { seeded } from '../seeded-random';
import { foldToFront, PoolScratch, periodMap, poolPeriodicRow, structurePeriods } from './periodic-structure';
import { meanQ15, poolKernelFits } from './pool-simd';

/** A grey picture of value(x, y), rounded and clamped to bytes. */
function picture(w: number, h: number, value: (x: number, y: number) => number): GrayImage {
  const data = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) data[y * w + x] = Math.max(0, Math.min(255, Math.round(value(x, y))));
  }
  return { data, width: w, height: h, scale: 1 };
}

/** Smoothed noise (a box blur of white noise over `radius`): a natural texture that decorrelates within pixels. */
function texture(w: number, h: number, seed: number, radius = 1): GrayImage {
  const next = seeded(seed);
  const noise = Float32Array.from({ length: w * h }, () => next() * 255);
  return picture(w, h, (x, y) => {
    let s = 0;
    let n = 0;
    for (let dy = -radius; dy <= radius; dy++) {
      for (let dx = -radius; dx <= radius; dx++) {
        const xx = Math.min(w - 1, Math.max(0, x + dx));
        const yy = Math.min(h - 1, Math.max(0, y + dy));
        s += noise[yy * w + xx]!;
        n++;
      }
    }
    return s / n;
  });
}

describe('periodMap', () => {
  it('finds the spacing of fence boards standing in front of a textured wall, to a quarter of a pixel, not a multiple of it', () => {
    const wall = texture(560, 96, 7);
    const spacing = 17.5;
    // Boards 9 px wide every 17.5 px in the middle 240 columns (160 to 400); the wall's texture shows between them.
    // Each pixel shows the boards over the share of it they cover (anti-aliased, as a camera sees them).
    const cover = (x: number) => {
      if (x < 160 || x >= 400) return 0;
      const u = (x - 160) % spacing;
      return Math.max(0, Math.min(1, 9 - u)) + Math.max(0, Math.min(1, u + 1 - spacing));
    };
    const fence = picture(560, 96, (x, y) => {
      const c = cover(x);
      return c * (200 + 20 * Math.sin(y / 7)) + (1 - c) * wall.data[y * 560 + x]! * 0.6;
    });
    const map = periodMap(fence);
    // The products on the kernel and in JS give the same map.
    expect(map).toEqual(periodMap(fence, false));
    const inside: number[] = [];
    for (let y = 0; y < 96; y++) for (let x = 200; x < 360; x++) inside.push(map[y * 560 + x]!);
    const found = inside.filter((p) => p > 0);
    expect(found.length / inside.length).toBeGreaterThan(0.95);
    expect(found.filter((p) => Math.abs(p - spacing) < 0.25).length / found.length).toBeGreaterThan(0.95);
    // The plain wall on both sides, beyond every window that holds a board (160 columns), has no period.
    for (let y = 0; y < 96; y++) {
      for (const x of [5, 30, 548, 555]) expect(map[y * 560 + x], `x ${x} y ${y}`).toBe(0);
    }
  });

  it('finds no period in natural textures, fine or coarse, nor in a flat picture', () => {
    for (const radius of [0, 1, 3]) {
      const map = periodMap(texture(320, 64, 11 + radius, radius));
      expect(map.filter((p) => p > 0).length, `radius ${radius}`).toBe(0);
    }
    expect(periodMap(picture(320, 64, () => 128)).every((p) => p === 0)).toBe(true);
  });

  it('answers a picture too narrow to hold a period with zeros', () => {
    expect(Array.from(periodMap(picture(12, 4, (x) => (x % 2) * 255)))).toEqual(new Array(48).fill(0));
  });
});

/**
 * poolPeriodicRow written the plain way: in each 32-pixel segment of the row, the slant (0, then ±1, ±2) whose pooled
 * costs reach the lowest mean minima over every 8th periodic pixel; each periodic pixel's costs, the rounded mean over
 * its copies, copy j read round(|j|·slant/4) levels further on its side (clamped to the levels).
 */
function pooledNaively(
  cost: Uint8Array,
  period: Float32Array,
  y: number,
  w: number,
  levels: number,
): Uint8Array {
  const out = cost.slice();
  const at = (q: number, k: number) => cost[(y * w + q) * levels + Math.min(levels - 1, Math.max(0, k))]!;
  const pooled = (x: number, slant: number) => {
    const p = period[y * w + x]!;
    const copies: { q: number; shift: number }[] = [];
    for (let j = -4; j <= 4; j++) {
      const q = Math.round(x + j * p);
      const shift = Math.sign(j) * Math.round((Math.abs(j) * Math.abs(slant)) / 4) * Math.sign(slant);
      if (q >= 0 && q < w && Math.abs(period[y * w + q]! - p) <= 1.5) copies.push({ q, shift });
    }
    return Array.from({ length: levels }, (_, k) => {
      let s = 0;
      for (const { q, shift } of copies) s += at(q, k + shift);
      return s / copies.length;
    });
  };
  for (let x0 = 0; x0 < w; x0 += 32) {
    const periodic = [];
    for (let x = x0; x < Math.min(w, x0 + 32); x++) if (period[y * w + x]! > 0) periodic.push(x);
    let best = 0;
    let bestScore = Number.POSITIVE_INFINITY;
    for (const slant of [0, -1, 1, -2, 2]) {
      let score = 0;
      for (let i = 0; i < periodic.length; i += 8) score += Math.min(...pooled(periodic[i]!, slant));
      if (score < bestScore) {
        bestScore = score;
        best = slant;
      }
    }
    for (const x of periodic) {
      pooled(x, best).forEach((mean, k) => {
        out[(y * w + x) * levels + k] = Math.round(mean);
      });
    }
  }
  return out;
}

describe('structurePeriods', () => {
  it('names the periods that hold a tenth of the periodic pixels, each as the mean of the periods about it', () => {
    // 1000 pixels: 300 at 27.1-27.3 (a fence), 200 at 47.6 (a grid), 15 at 12 (chance windows), the rest none.
    const map = new Float32Array(1000);
    for (let i = 0; i < 300; i++) map[i] = 27.1 + (i % 3) * 0.1;
    map.fill(47.6, 300, 500);
    map.fill(12, 500, 515);
    const periods = structurePeriods(map);
    expect(periods).toHaveLength(2);
    expect(periods[0]).toBeCloseTo(27.2, 5);
    expect(periods[1]).toBeCloseTo(47.6, 5);
  });

  it('names none where under a tenth of the pixels lie in a repeated structure', () => {
    const map = new Float32Array(1000);
    map.fill(27, 0, 99);
    expect(structurePeriods(map)).toEqual([]);
    map[99] = 27;
    expect(structurePeriods(map)).toEqual([27]);
  });
});

describe('poolPeriodicRow', () => {
  it('runs on the WebAssembly SIMD kernel on the Node versions the engine runs on', () => {
    expect(poolKernelFits()).toBe(true);
  });

  it("takes the kernel's Q15 products for the rounded mean of every sum of up to nine bytes", () => {
    for (let n = 1; n <= 9; n++) {
      const m = meanQ15(n);
      expect(m).toBeLessThanOrEqual(32767);
      for (let s = 0; s <= 255 * n; s++)
        expect((s * m + (1 << 14)) >> 15, `${s} / ${n}`).toBe(Math.round(s / n));
    }
  });

  it('gives each periodic pixel the mean cost of its copies one period apart, and leaves the others alone', () => {
    const w = 150;
    const h = 3;
    const next = seeded(3);
    const scratch = new PoolScratch();
    for (const levels of [1, 5, 7, 8, 9, 61, 64, 65]) {
      const cost = Uint8Array.from({ length: w * h * levels }, () => Math.floor(next() * 256));
      // Row 1: a structure of period 12.3 from 10 to 90, another of 20 from 95 to 150 (its copies are not the
      // first's), none before 10.
      const period = new Float32Array(w * h);
      for (let x = 10; x < 90; x++) period[w + x] = 12.3;
      for (let x = 95; x < w; x++) period[w + x] = 20 + (x % 3) * 0.4;
      const expected = pooledNaively(cost, period, 1, w, levels);
      const pooled = cost.slice();
      poolPeriodicRow(pooled, period, 1, w, levels, scratch);
      expect(Buffer.from(pooled).equals(Buffer.from(expected)), `levels ${levels}`).toBe(true);
      // The JS loops (no kernel) give the same bytes.
      const loops = cost.slice();
      poolPeriodicRow(loops, period, 1, w, levels, scratch, false);
      expect(Buffer.from(loops).equals(Buffer.from(expected)), `levels ${levels}, loops`).toBe(true);
      // Costs are the same or pooled, not copied from a single neighbour: somewhere the mean differs from both.
      expect(pooled.subarray(w * levels, 2 * w * levels)).not.toEqual(
        cost.subarray(w * levels, 2 * w * levels),
      );
      expect(pooled.subarray(0, w * levels)).toEqual(cost.subarray(0, w * levels));
    }
  });

  it('makes a board that matches as well a period off prefer the disparity its copies agree on', () => {
    // Nine copies of a board: each alone has two equal minima (levels 3 and 17, a period apart), but the gaps
    // between them agree on level 3 only.
    const w = 9 * 14;
    const levels = 24;
    const cost = new Uint8Array(w * levels).fill(200);
    const period = new Float32Array(w).fill(14);
    for (let x = 0; x < w; x++) {
      const onBoard = x % 14 < 7;
      cost[x * levels + 3] = 20;
      cost[x * levels + 17] = onBoard ? 20 : 180;
    }
    poolPeriodicRow(cost, period, 0, w, levels, new PoolScratch());
    for (let x = 0; x < w; x++) {
      const row = Array.from(cost.subarray(x * levels, (x + 1) * levels));
      expect(row.indexOf(Math.min(...row)), `x ${x}`).toBe(3);
    }
  });

  it('pools the copies of a receding structure along its slant, so that each keeps its own disparity', () => {
    // Boards every 10 px whose disparity falls by a level every 20 px (a fence seen at an angle): each pixel's costs
    // are lowest at its own level, 3 + x/20. Pooled at one disparity, the copies' minima spread over four levels.
    const w = 160;
    const levels = 16;
    const cost = new Uint8Array(w * levels);
    const period = new Float32Array(w).fill(10);
    const own = (x: number) => 3 + x / 20;
    for (let x = 0; x < w; x++) {
      for (let k = 0; k < levels; k++) cost[x * levels + k] = Math.min(255, 20 + 40 * Math.abs(k - own(x)));
    }
    const pooled = cost.slice();
    poolPeriodicRow(pooled, period, 0, w, levels, new PoolScratch());
    expect(Buffer.from(pooled).equals(Buffer.from(pooledNaively(cost, period, 0, w, levels)))).toBe(true);
    for (let x = 40; x < w - 40; x++) {
      const row = Array.from(pooled.subarray(x * levels, (x + 1) * levels));
      expect(Math.abs(row.indexOf(Math.min(...row)) - own(x)), `x ${x}`).toBeLessThanOrEqual(0.5);
      // The copies agree along the slant: the minimum stays near one pixel's own (20); pooled at one
      // disparity it is 64 or more.
      expect(Math.min(...row), `x ${x}`).toBeLessThanOrEqual(40);
    }
  });
});

describe('foldToFront', () => {
  const w = 112;
  const h = 24;
  /**
   * A map whose surface behind reads 0 and whose structure (period 14: boards 7 px of every 14, gaps showing the
   * wall) reads `board`, but the boards of `misread` (board k spans 14k to 14k + 7) read `misreading`.
   */
  function fence(board: number, misread: readonly number[] = [], misreading = board) {
    const map = new Float32Array(w * h);
    const period = new Float32Array(w * h).fill(14);
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < w; x++) {
        const onBoard = x % 14 < 7;
        map[y * w + x] = !onBoard ? 0 : misread.includes(Math.floor(x / 14)) ? misreading : board;
      }
    }
    return { map, period };
  }

  it('moves a board read a period or two in front of its neighbours, or behind the wall, back among them', () => {
    for (const misreading of [19, 33, -9]) {
      const { map, period } = fence(5, [3], misreading);
      const moved = foldToFront(map, period, w, h);
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          expect(map[y * w + x], `misread ${misreading} at ${x},${y}`).toBeCloseTo(x % 14 < 7 ? 5 : 0, 5);
        }
      }
      expect(moved).toBe(7 * h);
    }
  });

  it('keeps a whole fence read more than a period in front of the wall where it is read', () => {
    const { map, period } = fence(19);
    expect(foldToFront(map, period, w, h)).toBe(0);
    for (let x = 0; x < w; x++) expect(map[5 * w + x]).toBe(x % 14 < 7 ? 19 : 0);
  });

  it('leaves readings outside repeated structures and unknown readings where they are', () => {
    const { map, period } = fence(5, [1, 5], 33);
    for (let y = 0; y < h; y++) for (let x = 0; x < 56; x++) period[y * w + x] = 0;
    map[10 * w + 72] = Number.NaN;
    foldToFront(map, period, w, h);
    expect(map[10 * w + 72]).toBeNaN();
    for (let y = 0; y < h; y++) {
      for (let x = 0; x < 48; x++) expect(map[y * w + x]).toBe(x % 14 < 7 ? (x >= 14 && x < 28 ? 33 : 5) : 0);
      for (let x = 70; x < 77; x++) if (x !== 72 || y !== 10) expect(map[y * w + x]).toBeCloseTo(5, 5);
    }
  });
});
