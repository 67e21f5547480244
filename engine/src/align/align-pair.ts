import { loadOpenCv } from '../cv/opencv';
import type { RawImage, SimilarityTransform } from '../image';
import { reducedCopies, refineCoarseToFine } from './coarse-to-fine';
import { type ReducedFrames, withinIndices } from './guided-fit';
import { fitLens, undistort } from './lens-fit';
import { inverseMapOf } from './model-map';
import { resolvePeriod } from './period-check';
import { choosePivot } from './pivot';
import { centralMatches, MIN_CENTRAL_MATCHES } from './pivot-points';
import { type PointMatch, refineAlignment } from './refine';
import { blobSeed, cornerSeed, MAX_ROTATION_DEG, MAX_SCALE, MIN_SCALE } from './seed-model';
import {
  type Correspondences,
  disparity,
  median,
  quantile,
  rotationDegOf,
  type Similarity,
  scaleOf,
  verticalResidual,
} from './similarity';
import { CHECK_SIDE, MAX_JUDGED_SPREAD, type OrderEvidence, orderEvidence } from './swap-check';
import { cropImage, largestValidRect, warpBilinear } from './warp';

export interface AlignOptions {
  /** Long side of the reduced copy features are detected on. */
  detectSide?: number;
  /** Apply the horizontal shift that puts the suggested pivot at zero disparity (default true). */
  shiftToPivot?: boolean;
  /** Receives the half-occlusion votes on the views' order (benchmarks and diagnostics). */
  onOrderEvidence?: (evidence: OrderEvidence) => void;
}

export type AlignResult =
  | {
      ok: true;
      /** Maps the right view onto the left; dx is only the pivot shift that was applied (0 when none). */
      transform: SimilarityTransform;
      left: RawImage;
      right: RawImage;
      /** In the returned canvas' pixels; its disparity is zero when the pivot shift was applied. */
      suggestedPivot: { x: number; y: number };
      inliers: number;
      /** |vertical disparity| left after alignment at the tracked points, px of the full image. */
      residualVerticalPx: { median: number; p95: number };
    }
  | { ok: false; reason: string };

/** Matches refined at full resolution. */
const MAX_SEEDS = 400;
const IDENTITY = { m00: 1, m01: 0, m02: 0, m10: 0, m11: 1, m12: 0 };
const MIN_ORDER_RUNS = 40;
const MIN_EFFECTIVE_ORDER_RUNS = 25;
/**
 * Measured swapped shares: right order ≤ 26 % on the layered scenes, aloe and motorcycle (with ±60 px window
 * shifts), wrong order ≥ 68 %; a chessboard rig pair in the right order reached 58 % before too-wide parallax
 * ranges were left unjudged. The threshold leans towards accepting.
 */
const SWAPPED_SHARE = 0.65;

/**
 * Aligns a stereo pair: rotation, uniform scale and vertical offset of the right view are removed; horizontal
 * parallax (the 3D effect) is kept. Features and RANSAC run on a reduced copy, then LK on full-resolution tiles
 * refines to sub-pixel accuracy. Refuses (ok:false) rather than warping badly.
 *
 * Suggested pivot: the main subject, the largest in-focus region near the centre (see choosePivot), not the
 * background behind it.
 */
export async function alignPair(
  left: RawImage,
  right: RawImage,
  options: AlignOptions = {},
): Promise<AlignResult> {
  const { cv } = await loadOpenCv();
  const detectSide = options.detectSide ?? 1024;
  const [copiesL, copiesR] = await Promise.all([
    reducedCopies(left, detectSide),
    reducedCopies(right, detectSide),
  ]);
  const grayL = copiesL.detect;
  const grayR = copiesR.detect;
  // Centred coordinates in full-resolution pixels (see the pixel-centre convention of reducedGray's scale).
  const frames: ReducedFrames = {
    sL: grayL.scale,
    sR: grayR.scale,
    cl: { x: (left.width - 1) / 2, y: (left.height - 1) / 2 },
    cr: { x: (right.width - 1) / 2, y: (right.height - 1) / 2 },
  };
  const { sL, cl, cr } = frames;
  const maxDisparityPx = 0.3 * left.width;
  let seed = cornerSeed(cv, grayL, grayR, frames, maxDisparityPx);
  // ORB's corners sit on the edges of a fence's bars or a window grid (junctions with a background that moves by
  // parallax), so such pairs leave too few consistent matches: blob features between the bars often find them.
  if (!seed.ok && seed.retry) seed = blobSeed(cv, grayL, grayR, frames, maxDisparityPx) ?? seed;
  if (!seed.ok) return { ok: false, reason: seed.reason };
  const { keysL, keysR, strong, ransac, first } = seed;
  // A periodic pattern may have locked the model on a neighbouring period; the dense check picks the true rows.
  const guided = resolvePeriod(
    { left: grayL, right: grayR },
    { left: keysL, right: keysR },
    first,
    frames,
    maxDisparityPx,
  );
  const useGuided = guided.model !== first.model || !seed.strongSeeds;
  const rough = useGuided ? guided.matches : strong;
  const roughInliers = useGuided ? withinIndices(rough, guided.model, 2 * sL) : ransac.inliers;

  const seeds: PointMatch[] = evenly(roughInliers, MAX_SEEDS).map((i) => ({
    lx: rough.xl[i]! + cl.x,
    ly: rough.yl[i]! + cl.y,
    rx: rough.xr[i]! + cr.x,
    ry: rough.yr[i]! + cr.y,
  }));
  const roughModel = useGuided ? guided.model : ransac.model;
  // A rough model a few full-size pixels off puts a tile of a repetitive pattern on a neighbouring repeat; elsewhere
  // the tiles' capture range covers it, and the intermediate passes would only cost CPU (~+300 ms at 24 MP).
  const refined = seed.repetitive
    ? refineCoarseToFine(cv, left, right, seeds, roughModel, { left: copiesL, right: copiesR })
    : refineAlignment(cv, left, right, seeds, roughModel);
  // Too few trackable tiles (tiny images, texture only near borders): the rough model is still a valid answer.
  const longSide = Math.max(left.width, left.height);
  // Only sub-pixel tracked points can tell a lens term from noise.
  const lens = refined
    ? fitLens(refined.points, refined.model, left.width, left.height, 0.6 * Math.max(1, longSide / 2000))
    : undefined;
  const model = lens?.model ?? roughModel;
  const points = lens?.points ?? subset(rough, roughInliers);
  const rotationDeg = rotationDegOf(model);
  const scale = scaleOf(model);
  if (Math.abs(rotationDeg) > MAX_ROTATION_DEG || scale < MIN_SCALE || scale > MAX_SCALE) {
    return {
      ok: false,
      reason: `implausible transform (rotation ${rotationDeg.toFixed(1)}°, scale ${scale.toFixed(3)})`,
    };
  }

  const count = points.xl.length;
  const residuals = Float64Array.from({ length: count }, (_, i) =>
    Math.abs(verticalResidual(model, points, i)),
  );
  // Disparities at the tiles' centres: a straddling tile's sub-windows measure the vertical only.
  const measured = lens && refined ? undistort(refined.tiles, lens.k, lens.r2) : points;
  const disparities = Float64Array.from({ length: measured.xl.length }, (_, i) =>
    disparity(model, measured, i),
  );
  // The sign of the disparities cannot tell the order (converged or window-shifted pairs have all-negative
  // disparities); the half-occlusions can (see orderEvidence). A wrong refusal costs more than a missed swap (a
  // swapped wiggle still animates), so only clear evidence refuses.
  // Beyond the parallax range the flow can follow, the votes are noise: such pairs are not judged (accepted).
  const spread =
    ((quantile(disparities, 0.95) - quantile(disparities, 0.05)) * CHECK_SIDE) /
    Math.max(left.width, left.height);
  const evidence: OrderEvidence =
    spread > MAX_JUDGED_SPREAD
      ? { correct: 0, swapped: 0, runs: 0, effectiveRuns: 0 }
      : orderEvidence(
          cv,
          { gray: grayL, width: left.width, height: left.height },
          { gray: grayR, width: right.width, height: right.height },
          model,
          median(disparities),
          // On repetitive texture, flow behind the farthest matched surface (5th percentile: repeats matched to
          // their neighbour do not move it) is taken for aliasing (see ALIASED_SHARE).
          seed.repetitive ? quantile(disparities, 0.05) : undefined,
        );
  options.onOrderEvidence?.(evidence);
  const total = evidence.correct + evidence.swapped;
  if (
    evidence.runs >= MIN_ORDER_RUNS &&
    evidence.effectiveRuns >= MIN_EFFECTIVE_ORDER_RUNS &&
    evidence.swapped >= SWAPPED_SHARE * total
  ) {
    return { ok: false, reason: 'swapped: the left and right views appear to be in the wrong order' };
  }

  // The pivot looks at the middle of the frame with points of its own, spread by area (see centralMatches). On a
  // repetitive pattern a search along the row meets the repeats (a calibration board's pivot went one square off,
  // −167 px instead of 70): there alignment's own matches, whose period was resolved, are used.
  const central = seed.repetitive ? undefined : centralMatches(grayL, grayR, model, frames, maxDisparityPx);
  const pivot =
    central && central.xl.length >= MIN_CENTRAL_MATCHES
      ? choosePivot(
          central,
          Float64Array.from(central.xl, (_, i) => disparity(model, central, i)),
          grayL,
          left.width,
          left.height,
        )
      : choosePivot(measured, disparities, grayL, left.width, left.height);
  const shift = options.shiftToPivot === false ? 0 : pivot.disparity;
  const applied: Similarity = { ...model, tx: shift };
  const map = inverseMapOf(applied, cl, cr);
  const lenses =
    lens && lens.k !== 0
      ? {
          left: { k: lens.k, r2: lens.r2, cx: cl.x, cy: cl.y },
          right: { k: lens.k, r2: lens.r2, cx: cr.x, cy: cr.y },
        }
      : undefined;
  const rect = largestValidRect(left.width, left.height, map, right.width, right.height, lenses);
  if (!rect || rect.width < left.width / 3 || rect.height < left.height / 3) {
    return { ok: false, reason: 'the views overlap too little to make one canvas' };
  }
  return {
    ok: true,
    transform: {
      rotationDeg,
      scale,
      dx: shift,
      dy: model.ty,
      ...(lenses ? { lensK: lenses.left.k } : {}),
      ...(model.g || model.h ? { keystone: { g: model.g ?? 0, h: model.h ?? 0 } } : {}),
    },
    left: lenses ? warpBilinear(left, IDENTITY, rect, lenses.left) : cropImage(left, rect),
    right: warpBilinear(right, map, rect, lenses?.right),
    suggestedPivot: {
      x: Math.min(rect.width - 1, Math.max(0, pivot.x - rect.x)),
      y: Math.min(rect.height - 1, Math.max(0, pivot.y - rect.y)),
    },
    inliers: count,
    residualVerticalPx: { median: median(residuals), p95: quantile(residuals, 0.95) },
  };
}

function subset(c: Correspondences, indices: Int32Array): Correspondences {
  return {
    xl: Float64Array.from(indices, (i) => c.xl[i]!),
    yl: Float64Array.from(indices, (i) => c.yl[i]!),
    xr: Float64Array.from(indices, (i) => c.xr[i]!),
    yr: Float64Array.from(indices, (i) => c.yr[i]!),
  };
}

/** Up to `count` of the indices, evenly strided (the refit then weighs regions by their feature density). */
function evenly(indices: Int32Array, count: number): number[] {
  const step = Math.max(1, indices.length / count);
  const out: number[] = [];
  for (let k = 0; k < indices.length && out.length < count; k += step) out.push(indices[Math.floor(k)]!);
  return out;
}
