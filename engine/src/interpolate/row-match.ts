/** Pieces of a row's disparity matching shared by the matcher (census-sgm.ts) and its later steps. */

/** Cost units per census bit: a matching cost is census bits × BIT plus a colour term (see census-sgm.ts). */
export const BIT = 4;

/**
 * ok[x] = 1 where pixel x of `from`'s row points (x + sign · d) to a pixel of `to` whose disparity is within
 * `tolerance` of d, else 0: left–right consistency of one row (sign −1 from the left map, +1 from the right one).
 */
export function consistentRow(
  from: Float32Array,
  to: Float32Array,
  row: number,
  w: number,
  sign: number,
  tolerance: number,
  ok: Uint8Array,
): void {
  for (let x = 0; x < w; x++) {
    const d = from[row + x]!;
    ok[x] = 0;
    if (Number.isNaN(d)) continue;
    const other = Math.round(x + sign * d);
    if (other >= 0 && other < w && Math.abs(to[row + other]! - d) <= tolerance) ok[x] = 1;
  }
}

/** Sub-level offset of a cost minimum from its neighbours' costs (the parabola's vertex; 0 unless it curves up). */
export function parabolaOffset(below: number, here: number, above: number): number {
  const curvature = below - 2 * here + above;
  return curvature > 0 ? (below - above) / (2 * curvature) : 0;
}
