import { censusDistance } from '../cv/census';
import type { GrayImage } from '../cv/gray';
import type { Regions } from './alias-regions';

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
  /** Both views' colours on the grid, RGB (the right one at the left one's levels, as the matcher reads them). */
  colour: { own: Uint8Array; other: Uint8Array };
  /**
   * The own view's flat regions, within `level` in grey (and FLAT_COLOUR in each channel of its colours), of `least`
   * pixels or more (see regionsOf), made on the first call with them: the steps of one view's chain of other readings
   * look for flat parts among the same regions.
   */
  flatRegions: (level: number, least: number) => Regions;
}

/** A pixel matches at a reading when its grey level differs by at most this (see differenceAt). */
export const MATCHED = 12;

/**
 * Share of `pixels` that fail to match (see MATCHED) at the readings `readingOf` gives them; 1 for none. With
 * `below`, the count stops once the share cannot end below it, and a share of at least `below` is returned (a search
 * for the least share over many readings reads most of them only in part).
 */
export function unmatchedShare(
  m: Matching,
  pixels: ArrayLike<number>,
  readingOf: (i: number) => number,
  below = Number.POSITIVE_INFINITY,
): number {
  const count = pixels.length;
  if (count === 0) return 1;
  // The least count of failures whose share is not below `below` (count + 1: none is).
  let stop = Number.isFinite(below) ? Math.min(count + 1, Math.max(0, Math.ceil(below * count))) : count + 1;
  while (stop > 0 && (stop - 1) / count >= below) stop--;
  while (stop <= count && stop / count < below) stop++;
  let n = 0;
  for (let k = 0; k < count; k++) {
    const i = pixels[k]!;
    if (differenceAt(m, i, readingOf(i)) > MATCHED && ++n >= stop) break;
  }
  return n / count;
}

/**
 * |own − other| at pixel i, the other view read at its disparity plus `shift` in Birchfield and Tomasi's way (see
 * differenceAt).
 */
export function difference(m: Matching, i: number, shift: number): number {
  return differenceAt(m, i, m.map[i]! + shift);
}

/**
 * |own − other| at pixel i, the other view read at disparity `reading` in Birchfield and Tomasi's way: the distance
 * to the range the other row spans within half a pixel of that position, so that an edge sampled at another phase
 * (a repeat lies a fractional number of pixels away) costs nothing. A reading outside the other view costs the
 * most a pixel can.
 */
export function differenceAt(m: Matching, i: number, reading: number): number {
  const { width } = m.own;
  const x = i % width;
  const q = Math.round(x + m.sign * reading);
  // Outside the other view nothing shows: no reading there can be told from another.
  if (q < 0 || q >= width) return 255;
  const row = m.other.data;
  const j = i - x + q;
  return outsideSpan(m.own.data[i]!, row[j]!, row[q > 0 ? j - 1 : j]!, row[q < width - 1 ? j + 1 : j]!);
}

/**
 * The distance from level v to the span a row's levels cover within half a pixel of a sample `centre` whose
 * neighbours are `before` and `after` (Birchfield and Tomasi).
 */
function outsideSpan(v: number, centre: number, before: number, after: number): number {
  const b = (centre + before) / 2;
  const a = (centre + after) / 2;
  const low = Math.min(centre, b, a);
  const high = Math.max(centre, b, a);
  return v > high ? v - high : v < low ? low - v : 0;
}

/** |own − other| at pixel i, the other view interpolated linearly at disparity `reading` (255 outside it). */
export function exactAt(m: Matching, i: number, reading: number): number {
  const { width } = m.own;
  const x = i % width;
  const q = x + m.sign * reading;
  if (!(q >= 0 && q <= width - 1)) return 255;
  const q0 = Math.min(width - 2, Math.floor(q));
  const f = q - q0;
  const v = m.other.data[i - x + q0]! * (1 - f) + m.other.data[i - x + q0 + 1]! * f;
  return Math.abs(m.own.data[i]! - v);
}

/**
 * Σ of differing census bits over `pixels`, the other view read at each one's disparity plus `shift` as the matcher
 * reads it (see censusAt).
 */
export function censusCost(m: Matching, pixels: ArrayLike<number>, shift: number): number {
  let sum = 0;
  for (let k = 0; k < pixels.length; k++) sum += censusAt(m, pixels[k]!, m.map[pixels[k]!]! + shift);
  return sum;
}

/**
 * Differing census bits at pixel i, the other view read at disparity `reading` as the matcher reads it (see
 * censusBits in census-sgm.ts): the least of the codes at the two pixels around that position and the half-step code
 * between them. At the nearest pixel alone, an alias a fraction of a pixel off the own reading's phase mismatched at
 * every edge: a painted fence's boards, which match exactly one spacing on, differed by 3–7 bits per pixel in half of
 * their regions.
 */
export function censusAt(m: Matching, i: number, reading: number): number {
  const { width } = m.own;
  const x = i % width;
  const q = Math.floor(x + m.sign * reading);
  if (!(q >= 0 && q < width - 1)) return 24;
  const own = m.ownCodes[i]!;
  const j = i - x + q;
  const at = censusDistance(own, m.otherCodes[j]!);
  const next = censusDistance(own, m.otherCodes[j + 1]!);
  const between = censusDistance(own, m.otherHalf()[j]!);
  return Math.min(at, next, between);
}

/**
 * Σ over R, G and B of |own − other| at pixel i, the other view read at disparity `reading` in Birchfield and
 * Tomasi's way (see differenceAt).
 */
export function colourDifferenceAt(m: Matching, i: number, reading: number): number {
  const { width } = m.own;
  const { own, other } = m.colour;
  const x = i % width;
  const q = Math.round(x + m.sign * reading);
  if (q < 0 || q >= width) return 3 * 255;
  const j = 3 * (i - x + q);
  const before = q > 0 ? j - 3 : j;
  const after = q < width - 1 ? j + 3 : j;
  let sum = 0;
  for (let c = 0; c < 3; c++)
    sum += outsideSpan(own[3 * i + c]!, other[j + c]!, other[before + c]!, other[after + c]!);
  return sum;
}

/** Σ over R, G and B of |own − other| at pixel i, the other view interpolated linearly at disparity `reading`. */
export function exactColourAt(m: Matching, i: number, reading: number): number {
  const { width } = m.own;
  const { own, other } = m.colour;
  const x = i % width;
  const q = x + m.sign * reading;
  if (!(q >= 0 && q <= width - 1)) return 3 * 255;
  const q0 = Math.min(width - 2, Math.floor(q));
  const f = q - q0;
  const j = 3 * (i - x + q0);
  let sum = 0;
  for (let c = 0; c < 3; c++)
    sum += Math.abs(own[3 * i + c]! - (other[j + c]! * (1 - f) + other[j + 3 + c]! * f));
  return sum;
}

/** The horizontal gradient at pixel i summed over R, G and B (0 at the row's ends). */
export function colourGradientAt(m: Matching, i: number): number {
  const { width } = m.own;
  const x = i % width;
  if (x === 0 || x === width - 1) return 0;
  const { own } = m.colour;
  let sum = 0;
  for (let c = 0; c < 3; c++) sum += Math.abs(own[3 * (i + 1) + c]! - own[3 * (i - 1) + c]!) / 2;
  return sum;
}
