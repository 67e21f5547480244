import { dominantFit } from './refine';
import {
  type Correspondences,
  evenly,
  quantile,
  type Similarity,
  subsetOf,
  verticalResidual,
  verticalResiduals,
} from './similarity';

export interface LensFit {
  /** Radial coefficient on |p|²/r2 (p centred, r2 = half-diagonal²); 0 when the residual did not call for one. */
  k: number;
  r2: number;
  model: Similarity;
  /** The points in undistorted coordinates (the same as given when k = 0). */
  points: Correspondences;
}

const K_STEP = 0.02;
const K_MAX = 0.3;
/** The ks the search scores first (the sample too, see sampleGains): ±K_MAX in steps of 2·K_STEP, 0 left out. */
const COARSE_KS = coarseSteps();
/** A lens term must cut the truncated vertical cost by this much to be used. */
const MIN_GAIN = 0.2;
/**
 * |Vertical residual| (px at up to 2000 px) that three quarters of the points must stay under for no lens term to be
 * looked for. Not the median: when most tracked points crowd one small region (a textured object in a corner, a
 * plain board and room around it), a similarity fits that region alone to a few hundredths and the median hid the
 * rest of the frame, left 1.4-2.5 px off by a barrel lens.
 */
const QUIET_RESIDUAL = 0.1;
/**
 * Many points (more than twice this) are first searched on this many of them, evenly strided: when no k lowers
 * their cost by SAMPLE_GAIN, none is looked for on all. Each k's score is a RANSAC and a refit over the points: at
 * 24 MP a pair has 1000-1400 tracked points, and the search cost 0.07-0.2 s of CPU for nothing (aloe and motorcycle
 * upscaled: their best k cut the cost by 0.1 % and less). On the opencv-doc rig's pairs (bench/engine/align-rigs.ts:
 * up to 800 points, searched whole), wherever the whole search kept a k, a sample of 400 had one cutting its cost by
 * 15-54 %.
 */
const SAMPLE_POINTS = 400;
const SAMPLE_GAIN = 0.05;

/**
 * A small radial lens term when the residual says so: real rigs (wide lenses at close range) bend rows by a pixel
 * or more towards the corners, which no similarity removes. Both views share one coefficient (same lenses);
 * each candidate k in ±0.3 undistorts the points, refits the similarity on their dominant set and is scored by the
 * truncated squared vertical residual (MSAC at `thresholdPx`). The best k is kept only when it lowers that cost by
 * 20 %; otherwise k = 0 (with the k = 0 refit), as when `search` is false or a sample says no (see SAMPLE_POINTS).
 */
export function fitLens(
  points: Correspondences,
  start: Similarity,
  width: number,
  height: number,
  thresholdPx: number,
  search = true,
): LensFit {
  const r2 = (width * width + height * height) / 4;
  const scoreOn = (on: Correspondences) => (k: number) => {
    const c = undistort(on, k, r2);
    const model = dominantFit(c, start, Math.max(width, height));
    let cost = 0;
    for (let i = 0; i < on.xl.length; i++) {
      cost += Math.min(verticalResidual(model, c, i) ** 2, thresholdPx ** 2);
    }
    return { cost, model, c };
  };
  const score = scoreOn(points);
  const none = score(0);
  // The residual says no: the similarity alone leaves most points well under a pixel's tenth (no search, no time).
  const residuals = verticalResiduals(none.model, points);
  if (!search || quantile(residuals, 0.75) < QUIET_RESIDUAL * (thresholdPx / 0.6))
    return { k: 0, r2, model: none.model, points };
  if (points.xl.length > 2 * SAMPLE_POINTS && !sampleGains(points, scoreOn)) {
    return { k: 0, r2, model: none.model, points };
  }
  let best = { k: 0, ...none };
  // Coarse steps over ±K_MAX, then the two half steps around the best.
  for (const k of COARSE_KS) {
    const s = score(k);
    if (s.cost < best.cost) best = { k, ...s };
  }
  for (const k of [best.k - K_STEP, best.k + K_STEP]) {
    if (Math.abs(k) < K_STEP / 2 || Math.abs(k) > K_MAX + 1e-9) continue;
    const s = score(k);
    if (s.cost < best.cost) best = { k, ...s };
  }
  if (best.k === 0 || best.cost > (1 - MIN_GAIN) * none.cost) return { k: 0, r2, model: none.model, points };
  return { k: best.k, r2, model: best.model, points: best.c };
}

/** Whether some k of the coarse steps cuts the cost of an even sample of the points by SAMPLE_GAIN. */
function sampleGains(
  points: Correspondences,
  scoreOn: (on: Correspondences) => (k: number) => { cost: number },
): boolean {
  const score = scoreOn(subsetOf(points, evenly(Int32Array.from(points.xl.keys()), SAMPLE_POINTS)));
  const bound = (1 - SAMPLE_GAIN) * score(0).cost;
  return COARSE_KS.some((k) => score(k).cost < bound);
}

function coarseSteps(): number[] {
  const ks: number[] = [];
  for (let k = -K_MAX; k <= K_MAX + 1e-9; k += 2 * K_STEP) if (Math.abs(k) >= K_STEP / 2) ks.push(k);
  return ks;
}

/** p·(1 + k·|p|²/r2) for both sides' centred coordinates. */
export function undistort(c: Correspondences, k: number, r2: number): Correspondences {
  if (k === 0) return c;
  const n = c.xl.length;
  const out = {
    xl: new Float64Array(n),
    yl: new Float64Array(n),
    xr: new Float64Array(n),
    yr: new Float64Array(n),
  };
  for (let i = 0; i < n; i++) {
    const fl = 1 + (k * (c.xl[i]! ** 2 + c.yl[i]! ** 2)) / r2;
    const fr = 1 + (k * (c.xr[i]! ** 2 + c.yr[i]! ** 2)) / r2;
    out.xl[i] = c.xl[i]! * fl;
    out.yl[i] = c.yl[i]! * fl;
    out.xr[i] = c.xr[i]! * fr;
    out.yr[i] = c.yr[i]! * fr;
  }
  return out;
}
