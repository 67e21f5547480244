import type { GrayImage } from '../cv/gray';

/**
 * One view's map and what it is matched against, as aliasSide and flatBehindAliases judge it; `sign` is where the
 * other view lies (−1: x − d).
 */
export interface Matching {
  map: Float32Array;
  own: GrayImage;
  other: GrayImage;
  ownCodes: Uint32Array;
  otherCodes: Uint32Array;
  /** The other view's census half a pixel to the right (see halfStepCensus), made when first needed. */
  otherHalf: () => Uint32Array;
  sign: -1 | 1;
}

/**
 * |own − other| at pixel i, the other view read at its disparity plus `shift` in Birchfield and Tomasi's way: the
 * distance to the range the other row spans within half a pixel of that position, so that an edge sampled at
 * another phase (a repeat lies a fractional number of pixels away) costs nothing. A reading outside the other view
 * costs the most a pixel can.
 */
export function difference(m: Matching, i: number, shift: number): number {
  const { width } = m.own;
  const x = i % width;
  const q = Math.round(x + m.sign * (m.map[i]! + shift));
  // Outside the other view nothing shows: no reading there can be told from another.
  if (q < 0 || q >= width) return 255;
  const row = m.other.data;
  const centre = row[i - x + q]!;
  const before = (centre + row[i - x + (q > 0 ? q - 1 : 0)]!) / 2;
  const after = (centre + row[i - x + (q < width - 1 ? q + 1 : width - 1)]!) / 2;
  const v = m.own.data[i]!;
  const low = Math.min(centre, before, after);
  const high = Math.max(centre, before, after);
  return v > high ? v - high : v < low ? low - v : 0;
}

/** Σ |own − other| over `pixels`, the other view interpolated linearly at each one's disparity plus `shift`. */
export function exactCost(m: Matching, pixels: readonly number[], shift: number): number {
  const { width } = m.own;
  let sum = 0;
  for (const i of pixels) {
    const x = i % width;
    const q = x + m.sign * (m.map[i]! + shift);
    if (!(q >= 0 && q <= width - 1)) {
      sum += 255;
      continue;
    }
    const q0 = Math.min(width - 2, Math.floor(q));
    const f = q - q0;
    const v = m.other.data[i - x + q0]! * (1 - f) + m.other.data[i - x + q0 + 1]! * f;
    sum += Math.abs(m.own.data[i]! - v);
  }
  return sum;
}
