import { loadOpenCv } from '../cv/opencv';
import type { RawImage, SimilarityTransform } from '../image';
import { fittedPair } from './fit-pair';
import { undistort } from './lens-fit';
import { inverseMapOf } from './model-map';
import { choosePivot, pivotOnRows } from './pivot';
import { centralMatches, MIN_CENTRAL_MATCHES } from './pivot-points';
import { atLeftResolution } from './same-resolution';
import { MAX_ROTATION_DEG, MAX_SCALE, MIN_SCALE } from './seed-model';
import {
  type Correspondences,
  concatOf,
  disparity,
  median,
  quantile,
  rotationDegOf,
  type Similarity,
  scaleOf,
  verticalResiduals,
} from './similarity';
import {
  CHECK_SIDE,
  MAX_JUDGED_SPREAD,
  mirroredEvidence,
  noOrderEvidence,
  type OrderEvidence,
  orderEvidence,
  orderOf,
} from './swap-check';
import { cropImage, type InverseAffine, largestValidRect, type RadialLens, type Rect } from './warp';
import { warpBilinear } from './warp-bilinear';
import { cropInPlace, warpInPlace } from './warp-in-place';

export interface AlignOptions {
  /** Long side of the reduced copy features are detected on. */
  detectSide?: number;
  /** Apply the horizontal shift that puts the suggested pivot at zero disparity (default true). */
  shiftToPivot?: boolean;
  /**
   * Receives the half-occlusion votes on the views' order (benchmarks and diagnostics), and those of the views the
   * other way round when the first say "swapped" (see mirroredEvidence).
   */
  onOrderEvidence?: (evidence: OrderEvidence, mirrored?: OrderEvidence) => void;
  /**
   * Write the aligned views over the given ones (their buffers are reused; the caller must not read them after a
   * success): for callers that drop the originals, it saves a fresh buffer per view (see warp-in-place). Views that
   * share a buffer get new buffers anyway.
   */
  inPlace?: boolean;
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

const IDENTITY = { m00: 1, m01: 0, m02: 0, m10: 0, m11: 1, m12: 0 };

/**
 * Aligns a stereo pair: rotation, uniform scale and vertical offset of the right view are removed; horizontal
 * parallax (the 3D effect) is kept. Features and RANSAC run on a reduced copy (a larger one when that finds no pair
 * or no agreeing tiles, see fittedPair), then LK on full-resolution tiles refines to sub-pixel accuracy. Refuses
 * (ok:false) rather than warping badly. A right view that is the left's picture at another resolution is first
 * brought to the left's (see atLeftResolution); the transform still maps the right view as given.
 *
 * Suggested pivot: the main subject, the largest in-focus region near the centre (see choosePivot), not the
 * background behind it.
 */
export async function alignPair(
  left: RawImage,
  given: RawImage,
  options: AlignOptions = {},
): Promise<AlignResult> {
  const { cv } = await loadOpenCv();
  // The transform maps the given right view: a resize to the left's resolution is part of its scale.
  const { right, factor: resized } = await atLeftResolution(left, given);
  const detectSide = options.detectSide ?? 1024;
  const maxDisparityPx = 0.3 * left.width;
  const fitted = await fittedPair(cv, left, right, detectSide, maxDisparityPx);
  if (!fitted.ok) return { ok: false, reason: fitted.reason };
  const { copies, frames, seed, fit, unused } = fitted;
  const grayL = copies.left.detect;
  const grayR = copies.right.detect;
  const { cl, cr } = frames;
  const { model, points, refined, lens } = fit;
  const rotationDeg = rotationDegOf(model);
  const scale = scaleOf(model);
  if (Math.abs(rotationDeg) > MAX_ROTATION_DEG || scale < MIN_SCALE || scale > MAX_SCALE) {
    return {
      ok: false,
      reason: `implausible transform (rotation ${rotationDeg.toFixed(1)}°, scale ${scale.toFixed(3)})`,
    };
  }

  const residuals = verticalResiduals(model, points);
  // Disparities at the tiles' centres: a straddling tile's sub-windows measure the vertical only.
  const undistorted = (c: Correspondences) => (lens ? undistort(c, lens.k, lens.r2) : c);
  const measured = refined ? undistorted(refined.tiles) : points;
  const disparities = Float64Array.from({ length: measured.xl.length }, (_, i) =>
    disparity(model, measured, i),
  );
  // The sign of the disparities cannot tell the order (converged or window-shifted pairs have all-negative
  // disparities); the half-occlusions can (see orderEvidence). A wrong refusal costs more than a missed swap (a
  // swapped wiggle still animates), so only clear evidence refuses.
  // Beyond the parallax range the flow can follow, the votes are noise: such pairs are not judged (accepted). Nor are
  // pairs whose texture repeats: their repeated structures (boards, balusters, poles) are thinner than their
  // parallax, so the flow matches them to a neighbour or smears them and the votes say little either way. Measured
  // at 1800-1920 px: 6 of 24 fences given in the right order were refused (up to 77 % "swapped"); a guard that left
  // repeats unjudged only when the flow lay behind every matched surface caught the railings, not the fences. The
  // order-repetitive bench still catches the same 3 of its 60 swapped pairs (thin poles whose seed does not count
  // their texture as repeating) and refuses none of its 60 genuine ones.
  const spread =
    ((quantile(disparities, 0.95) - quantile(disparities, 0.05)) * CHECK_SIDE) /
    Math.max(left.width, left.height);
  const frameL = { gray: grayL, width: left.width, height: left.height };
  const frameR = { gray: grayR, width: right.width, height: right.height };
  const medianDisparity = median(disparities);
  const evidence: OrderEvidence =
    spread > MAX_JUDGED_SPREAD || seed.repetitive
      ? noOrderEvidence()
      : orderEvidence(cv, frameL, frameR, model, medianDisparity);
  // A refusal stands only when the votes flip with the views: given the other way round, the same check must say
  // "right order" as clearly (see mirroredEvidence).
  const mirrored =
    orderOf(evidence) === 'swapped'
      ? mirroredEvidence(cv, frameL, frameR, model, medianDisparity)
      : undefined;
  options.onOrderEvidence?.(evidence, mirrored);
  if (mirrored && orderOf(mirrored) === 'right') {
    return { ok: false, reason: 'swapped: the left and right views appear to be in the wrong order' };
  }

  // The pivot looks at the middle of the frame with points of its own, spread by area (see centralMatches). On a
  // repetitive pattern a search along the row meets the repeats (a calibration board's pivot went one square off,
  // −167 px instead of 70): there alignment's own matches, whose period was resolved, are used.
  // The other starts' tiles are measurements too: those on their rows under the kept model vote with its own (on
  // the opencv-doc rig's pair 06, two near-equal fits put the pivot on the board with both fits' tiles, on the desk
  // behind with the kept fit's alone).
  const tilesPivot = () => {
    const others = unused.flatMap((f) => (f.refined ? [f.refined.tiles] : []));
    const all = others.length > 0 && refined ? undistorted(concatOf(refined.tiles, ...others)) : undefined;
    const tileDisparities = all ? Float64Array.from(all.xl, (_, i) => disparity(model, all, i)) : disparities;
    return pivotOnRows(all ?? measured, tileDisparities, model, grayL, left.width, left.height);
  };
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
      : tilesPivot();
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
      scale: scale * resized,
      dx: shift,
      dy: model.ty,
      ...(lenses ? { lensK: lenses.left.k } : {}),
      // The perspective terms divide by 1 + g x + h y of the right view's own centred point.
      ...(model.g || model.h
        ? { keystone: { g: (model.g ?? 0) * resized, h: (model.h ?? 0) * resized } }
        : {}),
    },
    ...alignedViews(left, right, map, rect, lenses, options.inPlace === true),
    suggestedPivot: {
      x: Math.min(rect.width - 1, Math.max(0, pivot.x - rect.x)),
      y: Math.min(rect.height - 1, Math.max(0, pivot.y - rect.y)),
    },
    inliers: points.xl.length,
    residualVerticalPx: { median: median(residuals), p95: quantile(residuals, 0.95) },
  };
}

/** The views on their common canvas `rect`: the left one cropped (or undistorted), the right one warped by `map`. */
function alignedViews(
  left: RawImage,
  right: RawImage,
  map: InverseAffine,
  rect: Rect,
  lenses: { left: RadialLens; right: RadialLens } | undefined,
  inPlace: boolean,
): { left: RawImage; right: RawImage } {
  if (inPlace && left.data.buffer !== right.data.buffer) {
    // A map whose source rows do not move down with the output's cannot be written over its source.
    const warped = (view: RawImage, m: InverseAffine, lens?: RadialLens) =>
      warpInPlace(view, m, rect, lens) ?? warpBilinear(view, m, rect, lens);
    return {
      left: lenses ? warped(left, IDENTITY, lenses.left) : cropInPlace(left, rect),
      right: warped(right, map, lenses?.right),
    };
  }
  return {
    left: lenses ? warpBilinear(left, IDENTITY, rect, lenses.left) : cropImage(left, rect),
    right: warpBilinear(right, map, rect, lenses?.right),
  };
}
