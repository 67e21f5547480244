import { type Cv, withMats } from '../cv/opencv';
import type { RawImage } from '../image';
import { trackLk } from './lk-track';
import { ransacSimilarity } from './ransac';
import {
  type Correspondences,
  fitVerticalRobust,
  interdecileSpan,
  inverseRotationOf,
  keystoneOf,
  quantile,
  type Similarity,
  verticalResidual,
} from './similarity';
import { SUB_CORNERS, SUB_OFFSET, straddles, subWindowShifts } from './sub-windows';
import { rotatedTile, uprightTile } from './tile-sampling';

/** A match in full-resolution pixel coordinates (not centred). */
export interface PointMatch {
  lx: number;
  ly: number;
  rx: number;
  ry: number;
  /** A straddling tile's sub-window: its vertical shift is measured, its horizontal one may be a repeat's. */
  verticalOnly?: boolean;
  /** A straddling tile's centre: its horizontal shift is a disparity, its vertical one is biased. */
  horizontalOnly?: boolean;
}

export interface RefineResult {
  model: Similarity;
  /** Sub-pixel correspondences that tracked (full-resolution centred coordinates). */
  points: Correspondences;
  /** One per tracked tile, its centre (full-resolution centred coordinates): the disparities. */
  tiles: Correspondences;
  /**
   * Points from this index on repeat earlier ones, to weigh them in the fit (see withCoverage); all are distinct
   * when absent.
   */
  distinct?: number;
}

export interface RefineOptions {
  passes?: number;
  /** Largest vertical shift (px) a tile may make from where it started in a pass (default: LK's capture range). */
  maxDy?: number;
  /** LK's smallest accepted eigenvalue of a tile's gradient matrix (see trackLk). */
  minEigen?: number;
  /** Track every pass under the start model instead of refitting it on the tiles (see withCoverage). */
  fixed?: boolean;
}

const TILE = 48;
const HALF = TILE / 2;
const MOSAIC_COLUMNS = 16;
/** Vertical shift (px) by which a sub-window may depart from its tile's and still be a measurement. */
const MAX_SUB_JUMP_PX = 1;

/**
 * Sub-pixel refinement at full resolution without touching the whole 24 MP picture: around each seed match a
 * 48×48 tile is cut from the left view and the matching tile resampled from the right view with the current
 * rotation/scale (so the two tiles differ by a small shift only). All tiles go into two mosaics and one call
 * of pyramidal Lucas-Kanade tracks every tile centre. The model is then refitted by IRLS (Huber) on vertical
 * residuals. Two passes: the second starts from the first's matches, so LK only measures a tiny shift. In the
 * last pass a tile whose small sub-windows move vertically unlike it (it straddles a depth edge) is replaced by
 * those sub-windows (see subWindowShifts).
 */
export function refineAlignment(
  cv: Cv,
  left: RawImage,
  right: RawImage,
  seeds: PointMatch[],
  start: Similarity,
  { passes = 2, maxDy = HALF / 2, minEigen = 1e-3, fixed = false }: RefineOptions = {},
): RefineResult | undefined {
  const cl = { x: (left.width - 1) / 2, y: (left.height - 1) / 2 };
  const cr = { x: (right.width - 1) / 2, y: (right.height - 1) / 2 };
  let model = start;
  let matches = seeds.filter(
    (m) =>
      m.lx >= HALF + 1 &&
      m.ly >= HALF + 1 &&
      m.lx < left.width - HALF - 1 &&
      m.ly < left.height - HALF - 1 &&
      m.rx >= TILE &&
      m.ry >= TILE &&
      m.rx < right.width - TILE &&
      m.ry < right.height - TILE,
  );
  let points: Correspondences | undefined;
  for (let pass = 0; pass < passes; pass++) {
    if (matches.length < 8) return undefined;
    matches = trackTiles(cv, left, right, matches, model, pass === passes - 1, { maxDy, minEigen });
    const fit = matches.filter((m) => !m.horizontalOnly);
    if (fit.length < 8) return undefined;
    points = centred(fit, cl, cr);
    if (!fixed) model = dominantFit(points, model, Math.max(left.width, left.height));
  }
  const tiles = centred(
    matches.filter((m) => !m.verticalOnly),
    cl,
    cr,
  );
  return points ? { model, points, tiles } : undefined;
}

function centred(matches: PointMatch[], cl: { x: number; y: number }, cr: { x: number; y: number }) {
  return {
    xl: Float64Array.from(matches, (m) => m.lx - cl.x),
    yl: Float64Array.from(matches, (m) => m.ly - cl.y),
    xr: Float64Array.from(matches, (m) => m.rx - cr.x),
    yr: Float64Array.from(matches, (m) => m.ry - cr.y),
  };
}

function trackTiles(
  cv: Cv,
  left: RawImage,
  right: RawImage,
  matches: PointMatch[],
  m: Similarity,
  split: boolean,
  { maxDy, minEigen }: Required<Pick<RefineOptions, 'maxDy' | 'minEigen'>>,
): PointMatch[] {
  const n = matches.length;
  const rows = Math.ceil(n / MOSAIC_COLUMNS);
  const width = MOSAIC_COLUMNS * TILE;
  const height = rows * TILE;
  const leftMosaic = new Uint8Array(width * height);
  const rightMosaic = new Uint8Array(width * height);
  // Left offsets → right offsets.
  const { ia, ib } = inverseRotationOf(m);
  const size = TILE * TILE;
  const tilesL = new Float32Array(n * size);
  const tilesR = new Float32Array(n * size);
  const gains = new Float64Array(n);
  const meansL = new Float64Array(n);
  const meansR = new Float64Array(n);
  const box = { lumas: new Float64Array(0) };
  for (let t = 0; t < n; t++) {
    const match = matches[t]!;
    const lx = Math.round(match.lx);
    const ly = Math.round(match.ly);
    match.lx = lx;
    match.ly = ly;
    const tileL = tilesL.subarray(t * size, (t + 1) * size);
    const tileR = tilesR.subarray(t * size, (t + 1) * size);
    uprightTile(left, lx, ly, TILE, tileL);
    rotatedTile(right, match.rx, match.ry, ia, ib, TILE, tileR, box);
    const l = meanStd(tileL);
    const r = meanStd(tileR);
    gains[t] = r.std > 1e-3 ? l.std / r.std : 1;
    meansL[t] = l.mean;
    meansR[t] = r.mean;
  }
  // Two hand-held shots rarely share exposure and LK assumes equal brightness. One gain and offset for the
  // whole pair (medians over tiles): per-tile matching would also "correct" tiles whose content differs by
  // parallax (depth edges) and bias them.
  const gain = quantile(gains, 0.5);
  const offsets = Float64Array.from({ length: n }, (_, t) => meansL[t]! - gain * meansR[t]!);
  const offset = quantile(offsets, 0.5);
  for (let t = 0; t < n; t++) {
    const ox = (t % MOSAIC_COLUMNS) * TILE;
    const oy = Math.floor(t / MOSAIC_COLUMNS) * TILE;
    for (let v = 0; v < TILE; v++) {
      for (let u = 0; u < TILE; u++) {
        const o = (oy + v) * width + ox + u;
        const k = t * size + v * TILE + u;
        leftMosaic[o] = Math.round(tilesL[k]!);
        rightMosaic[o] = Math.round(Math.min(255, Math.max(0, tilesR[k]! * gain + offset)));
      }
    }
  }
  return withMats((keep) => {
    const prev = keep(cv.matFromArray(height, width, cv.CV_8UC1, leftMosaic as unknown as number[]));
    const next = keep(cv.matFromArray(height, width, cv.CV_8UC1, rightMosaic as unknown as number[]));
    const centres = new Float32Array(n * 2);
    for (let t = 0; t < n; t++) {
      centres[2 * t] = (t % MOSAIC_COLUMNS) * TILE + HALF;
      centres[2 * t + 1] = Math.floor(t / MOSAIC_COLUMNS) * TILE + HALF;
    }
    const { found, tracked: ok } = trackLk(cv, keep, prev, next, centres, centres, {
      window: 21,
      levels: 1,
      iterations: 40,
      maxShift: HALF / 2,
      minEigen,
    });
    const subs = split
      ? subWindowShifts(cv, prev, next, centres, found, ok, { maxShift: HALF / 2, minEigen }, keep)
      : undefined;
    const tracked: PointMatch[] = [];
    const at = (match: PointMatch, ox: number, oy: number, dx: number, dy: number): PointMatch => ({
      lx: match.lx + ox,
      ly: match.ly + oy,
      rx: match.rx + ia * (ox + dx) + ib * (oy + dy),
      ry: match.ry - ib * (ox + dx) + ia * (oy + dy),
      ...(ox || oy ? { verticalOnly: true } : {}),
    });
    for (let t = 0; t < n; t++) {
      if (!ok[t]) continue;
      const dx = found[2 * t]! - centres[2 * t]!;
      const dy = found[2 * t + 1]! - centres[2 * t + 1]!;
      if (Math.abs(dy) > maxDy) continue;
      const match = matches[t]!;
      if (!subs || !straddles(subs, t, dy)) {
        tracked.push(at(match, 0, 0, dx, dy));
        continue;
      }
      tracked.push({ ...at(match, 0, 0, dx, dy), horizontalOnly: true });
      // Across a depth edge: the sub-windows are the vertical measurements (each on less of the edge); the robust
      // refit keeps those that agree with the rest of the frame. A window may have slid onto a repeat of the
      // pattern (a neighbouring board), so its horizontal shift is no disparity.
      SUB_CORNERS.forEach(([sx, sy], c) => {
        // A vertical jump of a pixel or more is no straddling bias (tenths of a pixel) but a slide onto a repeat.
        if (!subs.status[4 * t + c] || Math.abs(subs.shift[2 * (4 * t + c) + 1]! - dy) >= MAX_SUB_JUMP_PX)
          return;
        tracked.push(
          at(
            match,
            sx * SUB_OFFSET,
            sy * SUB_OFFSET,
            subs.shift[2 * (4 * t + c)]!,
            subs.shift[2 * (4 * t + c) + 1]!,
          ),
        );
      });
    }
    return tracked;
  });
}

function meanStd(values: Float32Array): { mean: number; std: number } {
  let sum = 0;
  let sum2 = 0;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    sum += v;
    sum2 += v * v;
  }
  const mean = sum / values.length;
  return { mean, std: Math.sqrt(Math.max(0, sum2 / values.length - mean * mean)) };
}

/**
 * The model that most tracked points agree with to a fraction of a pixel: a real rig's vertical disparity is not
 * one similarity everywhere (lens distortion, converged axes), and a fit that averages the board with the room
 * behind it leaves both off by half a pixel. RANSAC at 0.6 px (scaled above 2000 px) picks the dominant set, an
 * IRLS refit (Huber at half that) polishes it; too few agreeing points fall back to the IRLS over all of them.
 * Then the keystone terms (see Similarity) are tried on that set when the points spread over the frame (see
 * MIN_KEYSTONE_SPREAD): kept when they cut the truncated vertical cost over all points by a tenth and bend the frame
 * by less than 5 % (a converged rig's tilted rows).
 */
export function dominantFit(points: Correspondences, start: Similarity, longSide: number): Similarity {
  const threshold = 0.6 * Math.max(1, longSide / 2000);
  const all = Int32Array.from(points.xl.keys());
  const found = ransacSimilarity(points, {
    thresholdPx: threshold,
    maxDisparityPx: Number.POSITIVE_INFINITY,
    minScale: 0.8,
    maxScale: 1.25,
    maxRotationDeg: 10,
    maxIterations: 1000,
  });
  const dominant = found && found.inliers.length >= Math.max(8, 0.3 * all.length);
  const similarity = dominant
    ? fitVerticalRobust(points, found.inliers, found.model, threshold / 2, 12)
    : fitVerticalRobust(points, all, start, 0.5, 12);
  if (all.length < MIN_KEYSTONE_POINTS || !spreadForKeystone(points, longSide)) return similarity;
  let keystone = similarity;
  let inliers = dominant ? found.inliers : all;
  for (let round = 0; round < 3; round++) {
    keystone = fitVerticalRobust(points, inliers, keystone, dominant ? threshold / 2 : 0.5, 12, 'keystone');
    inliers = Int32Array.from(
      all.filter((i) => Math.abs(verticalResidual(keystone, points, i)) <= threshold),
    );
    if (inliers.length < 8) return similarity;
  }
  const cost = (m: Similarity) => {
    let total = 0;
    for (const i of all) total += Math.min(verticalResidual(m, points, i) ** 2, threshold * threshold);
    return total;
  };
  if (keystoneOf(keystone, longSide / 2, longSide / 2) > MAX_KEYSTONE) return similarity;
  return cost(keystone) < (1 - KEYSTONE_GAIN) * cost(similarity) ? keystone : similarity;
}

/** Keystone terms need points spread over the frame: fewer tracked points keep the similarity. */
const MIN_KEYSTONE_POINTS = 40;
/**
 * Nor do points whose rows or columns (10th to 90th percentile) span less than this share of the long side: the
 * keystone terms bend the frame by x·y, so a band of rows lets them fit the band's noise and tilt the rest of the
 * frame. A railing whose 59 tracked points lay on its upper rails (their rows spanning 288 of 1280 px, 0.1 px from
 * them) was given a keystone that cut their cost by 45 % and left the frame 0.52 px off its rows; the similarity
 * leaves it 0.13 px off.
 */
const MIN_KEYSTONE_SPREAD = 0.2;

function spreadForKeystone(points: Correspondences, longSide: number): boolean {
  return Math.min(interdecileSpan(points.yl), interdecileSpan(points.xl)) >= MIN_KEYSTONE_SPREAD * longSide;
}

/** Largest bend of the frame the keystone terms may make (|g|·w/2 + |h|·h/2). */
const MAX_KEYSTONE = 0.05;
/** Share of the truncated vertical cost the keystone terms must remove to be kept. */
const KEYSTONE_GAIN = 0.1;
