import type { ViewPlan } from './view-synthesis';
import { VIEW_REACH } from './view-visibility';

/**
 * Where a view synthesized from plan `b` can differ from one from plan `a` (the same position and grid, another
 * reading of the pair): per full-size row y, the columns [out[2y], out[2y + 1]) (empty when equal), or undefined
 * when no pixel can. Everywhere else the two frames are the same bytes, and any mix of them is the first one, so
 * a second reading that moves a few aliased poles (see aliasMaps) is synthesized only around them.
 *
 * It follows what synthesizeRows reads for a pixel: the new view's disparity and trust in the grid cells around it
 * (rows by, by + 1 and its own; columns likewise), and each view's own disparity on its own grid row and the rows
 * beside it (whose edge codes name cells of the 3×3 around a pixel's, see edgeCodes) within VIEW_REACH cells of
 * where the pixel lands in that view (x + t·d·scale in the left view, x − (1 − t)·d·scale in the
 * right one), d being the new view's disparity there, the same in both plans wherever the first test passes.
 */
export function changedColumns(a: ViewPlan, b: ViewPlan): Int32Array | undefined {
  const { grid, t } = a;
  const { width, height } = a.l.image;
  const gw = grid.width;
  const s = grid.scale;
  const planned = changedCells(a.depth, b.depth, gw, grid.height, a.trust, b.trust);
  const seenL = changedCells(a.l.disparity, b.l.disparity, gw, grid.height);
  const seenR = changedCells(a.r.disparity, b.r.disparity, gw, grid.height);
  if (!planned.any && !seenL.any && !seenR.any) return undefined;
  const depthLo = new Float64Array(grid.height);
  const depthHi = new Float64Array(grid.height);
  for (let gy = 0; gy < grid.height; gy++) {
    let lo = Number.POSITIVE_INFINITY;
    let hi = Number.NEGATIVE_INFINITY;
    for (let i = gy * gw; i < (gy + 1) * gw; i++) {
      const d = a.depth[i]!;
      if (d < lo) lo = d;
      if (d > hi) hi = d;
    }
    depthLo[gy] = lo;
    depthHi[gy] = hi;
  }
  const out = new Int32Array(2 * height);
  for (let y = 0; y < height; y++) {
    const own = Math.min(grid.height - 1, Math.floor((y + 0.5) / s));
    const by = Math.max(0, Math.min(grid.height - 2, Math.floor((y + 0.5) / s - 0.5)));
    const rows = [own, by, Math.min(grid.height - 1, by + 1)];
    const lo = Math.min(...rows.map((gy) => depthLo[gy]!));
    const hi = Math.max(...rows.map((gy) => depthHi[gy]!));
    let x0 = Number.POSITIVE_INFINITY;
    let x1 = Number.NEGATIVE_INFINITY;
    const take = (from: number, to: number) => {
      x0 = Math.min(x0, Math.floor(from * s) - 1);
      x1 = Math.max(x1, Math.ceil(to * s) + 1);
    };
    for (const gy of rows) {
      // Cells c0 … c1 are read by the pixels whose own or bilinear cells reach them.
      if (planned.from[gy]! <= planned.to[gy]!) take(planned.from[gy]! - 1, planned.to[gy]! + 2);
    }
    const reach = VIEW_REACH + 1;
    // The views' own maps are read on the pixel's grid row, through edge codes computed from the rows beside it.
    const l = spanOf(seenL, own, grid.height);
    const r = spanOf(seenR, own, grid.height);
    if (!(Number.isFinite(lo) && Number.isFinite(hi))) {
      if (l.from <= l.to || r.from <= r.to) take(0, gw);
    } else {
      if (l.from <= l.to) take(l.from - reach - t * hi, l.to + reach - t * lo);
      if (r.from <= r.to) take(r.from - reach + (1 - t) * lo, r.to + reach + (1 - t) * hi);
    }
    out[2 * y] = Math.max(0, Math.min(width, x0));
    out[2 * y + 1] = Math.max(out[2 * y]!, Math.min(width, x1));
  }
  return out;
}

/** The first and last changed column of grid rows gy − 1 … gy + 1 (from > to: none). */
function spanOf(changed: { from: Int32Array; to: Int32Array }, gy: number, height: number) {
  let from = Number.POSITIVE_INFINITY;
  let to = Number.NEGATIVE_INFINITY;
  for (let y = Math.max(0, gy - 1); y <= Math.min(height - 1, gy + 1); y++) {
    if (changed.from[y]! > changed.to[y]!) continue;
    from = Math.min(from, changed.from[y]!);
    to = Math.max(to, changed.to[y]!);
  }
  return { from, to };
}

/** Per grid row, the first and last column where the maps differ (from > to: none), and whether any does. */
function changedCells(
  a: Float32Array,
  b: Float32Array,
  width: number,
  height: number,
  a2?: Float32Array,
  b2?: Float32Array,
): { from: Int32Array; to: Int32Array; any: boolean } {
  const from = new Int32Array(height).fill(width);
  const to = new Int32Array(height).fill(-1);
  let any = false;
  for (let y = 0; y < height; y++) {
    for (let i = y * width, x = 0; x < width; i++, x++) {
      if (same(a[i]!, b[i]!) && (!a2 || !b2 || same(a2[i]!, b2[i]!))) continue;
      if (x < from[y]!) from[y] = x;
      to[y] = x;
      any = true;
    }
  }
  return { from, to, any };
}

/** Equal, NaN included. */
function same(p: number, q: number): boolean {
  return p === q || (Number.isNaN(p) && Number.isNaN(q));
}
