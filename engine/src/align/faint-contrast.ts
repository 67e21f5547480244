import type { GrayImage } from '../cv/gray';
import type { ReducedCopies } from './coarse-to-fine';

/** Share of the pixels left out at each end of the joint grey range (noise and specular highlights). */
const TAIL = 0.01;
/** Joint ranges (levels, 1st to 99th percentile) at least this wide are not faint: their features are found as they are. */
const FAINT_BELOW = 128;
/** Narrower ranges hold no structure to stretch (a flat or nearly flat pair stays refused for its lack of texture). */
const MIN_RANGE = 12;

/**
 * The pair's detection copies with their grey levels stretched over 0-255, by one mapping for both views (the
 * 1st-99th percentile of their joint histogram), when that range is faint: ORB's corner test compares levels
 * against a fixed threshold (12), so haze, fog or a dim scene leaves too few corners where a normally exposed
 * copy of the same scene has hundreds (a fence at a third of the bench's contrast: 31 keypoints in one view,
 * refused "too few features"). Undefined when the range is not faint or too narrow to hold structure. Only the
 * detection copies change: the full-size tiles are normalised per tile anyway.
 */
export function faintStretched(copies: {
  left: ReducedCopies;
  right: ReducedCopies;
}): { left: ReducedCopies; right: ReducedCopies } | undefined {
  const l = copies.left.detect;
  const r = copies.right.detect;
  const histogram = new Float64Array(256);
  for (const gray of [l, r]) for (const v of gray.data) histogram[v] = histogram[v]! + 1;
  const total = l.data.length + r.data.length;
  const lo = level(histogram, TAIL * total);
  const hi = level(histogram, (1 - TAIL) * total);
  const range = hi - lo;
  if (range >= FAINT_BELOW || range < MIN_RANGE) return undefined;
  const stretch = (gray: GrayImage): GrayImage => ({
    ...gray,
    data: gray.data.map((v) => Math.min(255, Math.max(0, Math.round(((v - lo) * 255) / range)))),
  });
  return {
    left: { ...copies.left, detect: stretch(l) },
    right: { ...copies.right, detect: stretch(r) },
  };
}

/** The lowest level at which the histogram's cumulative count reaches `count`. */
function level(histogram: Float64Array, count: number): number {
  let sum = 0;
  for (let v = 0; v < 256; v++) {
    sum += histogram[v]!;
    if (sum >= count) return v;
  }
  return 255;
}
