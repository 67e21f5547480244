import { describe, expect, it } from 'vitest';
import type { GrayImage } from '../cv/gray';
import { seeded } from '../seeded-random';
import { snapHorizontal } from './row-snap-flow';
import { snapKernel } from './row-snap-kernel';

const W = 150;
const H = 90;

/** Smoothed noise: texture the patch costs can tell apart. */
function texture(seed: number): GrayImage {
  const random = seeded(seed);
  const raw = Float64Array.from({ length: W * H }, () => random() * 255);
  const data = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const l = raw[y * W + Math.max(0, x - 1)]!;
      const r = raw[y * W + Math.min(W - 1, x + 1)]!;
      data[y * W + x] = Math.round((l + 2 * raw[y * W + x]! + r) / 4);
    }
  }
  return { data, width: W, height: H, scale: 1 };
}

/**
 * A near band (columns 50–99) moved 12 px left in `to` over a background moved 2 px right, and a flow that smears
 * the band's motion 10 px onto the background on either side (as Farneback does), with sub-pixel jitter, some vertical
 * motion and flows pointing off the view near the edges (which the kernel leaves to the JS).
 */
function scene() {
  const from = texture(7);
  const random = seeded(11);
  const to = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const near = x >= 38 && x < 88;
      const sx = Math.min(W - 1, Math.max(0, near ? x + 12 : x + 2));
      to[y * W + x] = near
        ? from.data[y * W + sx]!
        : from.data[y * W + Math.min(W - 1, x - 2 < 0 ? 0 : x - 2)]!;
    }
  }
  const flow = new Float32Array(2 * W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const smeared = x >= 40 && x < 110;
      flow[2 * i] = (smeared ? -12 : 2) + (random() - 0.5) * 1.5 + (x > W - 6 ? 9 : 0);
      flow[2 * i + 1] = (random() - 0.5) * 0.8 + (y > H - 3 ? 3 : 0);
    }
  }
  const where = Uint8Array.from({ length: W * H }, (_, i) => (i % 7 === 3 ? 0 : 1));
  return { flow: { data: flow, width: W, height: H }, from, to: { ...from, data: to }, where };
}

describe('snapHorizontal', () => {
  it('gives the same flows on the kernel as in JS, to the bit', () => {
    expect(snapKernel()).toBeDefined();
    const { flow, from, to, where } = scene();
    const js = snapHorizontal(flow, from, to, where, false);
    const kernel = snapHorizontal(flow, from, to, where, true);
    // The snap changed something, and left the pixels outside `where` alone.
    let changed = 0;
    for (let i = 0; i < W * H; i++) {
      const moved = js.data[2 * i] !== flow.data[2 * i] || js.data[2 * i + 1] !== flow.data[2 * i + 1];
      if (moved) changed++;
      if (!where[i]) expect(moved).toBe(false);
    }
    expect(changed).toBeGreaterThan(500);
    expect(Buffer.from(kernel.data.buffer).equals(Buffer.from(js.data.buffer))).toBe(true);
  });

  it('takes the background flow back from a smeared band beside the near one', () => {
    const { flow, from, to, where } = scene();
    const snapped = snapHorizontal(flow, from, to, where);
    // Row 40, columns 100–109: smeared with the band's −12 px; their patches match at +2 px (the background).
    let back = 0;
    for (let x = 100; x < 110; x++) {
      const i = 40 * W + x;
      if (where[i] && Math.abs(snapped.data[2 * i]! - 2) < 1) back++;
    }
    expect(back).toBeGreaterThan(6);
  });
});
