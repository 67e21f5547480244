import type { GrayImage } from '../cv/gray';
import { withinIndices } from './guided-fit';
import { type Correspondences, type Similarity, subsetOf } from './similarity';

export interface Pivot {
  /** Disparity of the main subject (full-size px, without tx). */
  disparity: number;
  /** A tracked point on it, full-size px of the left view. */
  x: number;
  y: number;
}

/**
 * Width of the centrality weight, in half-diagonals: what covers the middle of the frame counts most. Measured on
 * bench/engine/pivot.ts (subjects of 25–40 % of the width within 15 % of the centre, sharp or defocused
 * backgrounds): at 0.45, 7 of 16 pivots went to an equally sharp background around the subject; at 0.15 to 0.3,
 * one (a subject whose edge barely reaches the centre).
 */
const CENTRALITY_WIDTH = 0.25;
/** |Vertical residual| (px at up to 2000 px) of the tiles that place the pivot in pivotOnRows. */
const ON_ROWS_PX = 0.6;
/** Tiles on their rows below which pivotOnRows lets all of them place the pivot. */
const MIN_PIVOT_TILES = 12;
/** A variance (grey levels²) below which a neighbourhood is flat: its focus ratio is damped rather than noise. */
const FLAT_VARIANCE = 25;

/**
 * The main subject: the largest in-focus region near the centre. Each point (spread by area, see centralMatches)
 * weighs its centrality (a Gaussian of its distance from the centre, CENTRALITY_WIDTH wide) times its focus (the
 * share of local contrast that is fine detail, so a blurred background weighs little whatever its brightness); the
 * subject's disparity is the mode of the weighted disparities (kernel of 0.4 % of the width: one surface, not the median of subject and background).
 * The pivot point is the heaviest point within that kernel.
 */
export function choosePivot(
  points: Correspondences,
  disparities: Float64Array,
  gray: GrayImage,
  width: number,
  height: number,
): Pivot {
  const n = points.xl.length;
  const weights = new Float64Array(n);
  const radius = 0.5 * Math.hypot(width, height);
  for (let i = 0; i < n; i++) {
    const r = Math.hypot(points.xl[i]!, points.yl[i]!) / radius;
    const centrality = Math.exp(-((r / CENTRALITY_WIDTH) ** 2));
    weights[i] =
      centrality *
      sharpness(
        gray,
        (points.xl[i]! + (width - 1) / 2) / gray.scale,
        (points.yl[i]! + (height - 1) / 2) / gray.scale,
      );
  }
  const bandwidth = Math.max(1, 0.004 * width);
  let bestDensity = -1;
  let mode = 0;
  for (let i = 0; i < n; i++) {
    let density = 0;
    for (let j = 0; j < n; j++) {
      const u = (disparities[j]! - disparities[i]!) / bandwidth;
      if (u * u < 9) density += weights[j]! * Math.exp(-0.5 * u * u);
    }
    if (density > bestDensity) {
      bestDensity = density;
      mode = disparities[i]!;
    }
  }
  // Refine the mode as the weighted mean within one bandwidth, then pick the heaviest point there.
  let sum = 0;
  let total = 0;
  let best = 0;
  let bestWeight = -1;
  for (let i = 0; i < n; i++) {
    if (Math.abs(disparities[i]! - mode) > bandwidth) continue;
    sum += weights[i]! * disparities[i]!;
    total += weights[i]!;
    if (weights[i]! > bestWeight) {
      bestWeight = weights[i]!;
      best = i;
    }
  }
  return {
    disparity: total > 0 ? sum / total : mode,
    x: Math.round(points.xl[best]! + (width - 1) / 2),
    y: Math.round(points.yl[best]! + (height - 1) / 2),
  };
}

/**
 * Focus at (x, y) on the grey copy: the Laplacian's energy over a 7×7 neighbourhood relative to the neighbourhood's
 * variance, so it measures how much of the local contrast is fine detail (in focus) rather than how bright or
 * contrasty the surface is (a bright background must not outweigh a darker subject that is just as sharp). +1, so
 * flat areas still count a little.
 */
function sharpness(gray: GrayImage, x: number, y: number): number {
  const { width, height, data } = gray;
  const cx = Math.round(x);
  const cy = Math.round(y);
  let energy = 0;
  let sum = 0;
  let squares = 0;
  let count = 0;
  for (let v = Math.max(1, cy - 3); v <= Math.min(height - 2, cy + 3); v++) {
    for (let u = Math.max(1, cx - 3); u <= Math.min(width - 2, cx + 3); u++) {
      const i = v * width + u;
      const value = data[i]!;
      const lap = 4 * value - data[i - 1]! - data[i + 1]! - data[i - width]! - data[i + width]!;
      energy += lap * lap;
      sum += value;
      squares += value * value;
      count++;
    }
  }
  if (count === 0) return 1;
  const variance = squares / count - (sum / count) ** 2;
  return 1 + energy / count / (variance + FLAT_VARIANCE);
}

/**
 * The pivot from alignment's own tracked tiles (repetitive texture, where a search of its own would meet the
 * repeats), from those on their rows under `model` when at least MIN_PIVOT_TILES are. Repeats that a fit kept a
 * period off along a tilted pattern's rows stay off those rows: on the opencv-doc rig's board their median
 * |vertical residual| was 1.3-5.5 px against 0.1-0.3 for its true matches, and rig 03's pivot took their disparity
 * (24 px where the board lies at 166).
 */
export function pivotOnRows(
  tiles: Correspondences,
  disparities: Float64Array,
  model: Similarity,
  gray: GrayImage,
  width: number,
  height: number,
): Pivot {
  const onRows = withinIndices(tiles, model, ON_ROWS_PX * Math.max(1, Math.max(width, height) / 2000));
  if (onRows.length < MIN_PIVOT_TILES) return choosePivot(tiles, disparities, gray, width, height);
  const kept = Float64Array.from(onRows, (i) => disparities[i]!);
  return choosePivot(subsetOf(tiles, onRows), kept, gray, width, height);
}
