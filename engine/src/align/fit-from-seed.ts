import type { GrayImage } from '../cv/gray';
import type { Cv } from '../cv/opencv';
import type { RawImage } from '../image';
import { bandFit } from './band-fit';
import { type ReducedCopies, refineCoarseToFine } from './coarse-to-fine';
import { coverageSeeds } from './coverage-tiles';
import { type ReducedFrames, withinIndices } from './guided-fit';
import { fitLens, type LensFit, undistort } from './lens-fit';
import { resolvePeriod } from './period-check';
import { dominantFit, type PointMatch, type RefineResult, refineAlignment } from './refine';
import type { Seed } from './seed-model';
import {
  type Correspondences,
  concatOf,
  evenly,
  median,
  type Similarity,
  subsetOf,
  verticalResidual,
  verticalResiduals,
} from './similarity';

/** What alignment knows after refining a seed: the model and the points it rests on (centred, full size). */
export interface SeedFit {
  model: Similarity;
  points: Correspondences;
  refined?: RefineResult;
  lens?: LensFit;
}

/** What a fit starts from: a seed's matches and consensus (the plain one, or the one under a lens term). */
export type SeedStart = Pick<
  Seed,
  'keysL' | 'keysR' | 'strong' | 'ransac' | 'first' | 'strongSeeds' | 'repetitive'
>;

/** Matches refined at full resolution. */
const MAX_SEEDS = 400;
/**
 * Tracked points a lens term is sought from: fewer do not pin a radial term down. A faint railing's 10 tiles
 * (align-random, seed 6161 #6) took k = −0.28, which bent them onto rows no similarity reached, and left the pair
 * 4.8 px off its true rows (0.77 px without it). The lens terms fitted here on the real rigs and the align bench rest
 * on 54 points or more; a layer's own (see layerStart) on 20 or more, sought apart.
 */
const MIN_LENS_POINTS = 40;
/** |Vertical residual| (px at up to 2000 px, as fitLens' bound) within which a fit explains a refined point. */
const EXPLAINED_PX = 0.5;

/**
 * From a seed's consensus to the aligned model: the period check on repetitive texture, the sub-pixel refinement
 * of up to MAX_SEEDS matches (coarse to fine on repetitive texture), the cells of the frame no match reached (see
 * withCoverage) and the lens term the refined points call for.
 */
export function fitFromSeed(
  cv: Cv,
  images: { left: RawImage; right: RawImage },
  copies: { left: ReducedCopies; right: ReducedCopies },
  frames: ReducedFrames,
  seed: SeedStart,
  maxDisparityPx: number,
): SeedFit {
  const { left, right } = images;
  const { sL, cl, cr } = frames;
  const { keysL, keysR, strong, ransac, first } = seed;
  const grays: { left: GrayImage; right: GrayImage } = {
    left: copies.left.detect,
    right: copies.right.detect,
  };
  // A periodic pattern may have locked the model on a neighbouring period; the dense check picks the true rows.
  const guided = resolvePeriod(grays, { left: keysL, right: keysR }, first, frames, maxDisparityPx);
  const useGuided = guided.model !== first.model || !seed.strongSeeds;
  const rough = useGuided ? guided.matches : strong;
  const roughInliers = useGuided ? withinIndices(rough, guided.model, 2 * sL) : ransac.inliers;
  const roughPoints = subsetOf(rough, roughInliers);

  const seeds: PointMatch[] = evenly(roughInliers, MAX_SEEDS).map((i) => ({
    lx: rough.xl[i]! + cl.x,
    ly: rough.yl[i]! + cl.y,
    rx: rough.xr[i]! + cr.x,
    ry: rough.yr[i]! + cr.y,
  }));
  const roughModel = useGuided ? guided.model : ransac.model;
  // A rough model a few full-size pixels off puts a tile of a repetitive pattern on a neighbouring repeat; elsewhere
  // the tiles' capture range covers it, and the intermediate passes would only cost CPU (~+300 ms at 24 MP).
  const longSide = Math.max(left.width, left.height);
  const tiled = seed.repetitive
    ? refineCoarseToFine(cv, left, right, seeds, roughModel, copies)
    : refineAlignment(cv, left, right, seeds, roughModel);
  const tracked = tiled && withCoverage(cv, images, grays, frames, tiled, maxDisparityPx);
  // Only sub-pixel tracked points can tell a lens term from noise, and only enough of them (MIN_LENS_POINTS).
  const bent = tracked
    ? fitLens(
        tracked.points,
        tracked.model,
        left.width,
        left.height,
        0.6 * Math.max(1, longSide / 2000),
        tracked.points.xl.length >= MIN_LENS_POINTS,
      )
    : undefined;
  // Too few trackable tiles (tiny images, texture only near borders), or tiles that do not agree: the rough model is
  // still a valid answer. Points on one narrow band of rows with a scale the rough model does not share lean on the
  // rough matches for it (see bandFit).
  const fitted = tracked && bent && (bandFit(tracked, roughModel, roughPoints, bent.r2, left.height) ?? bent);
  const agreed = fitted && coherent(fitted, MAX_MEDIAN_RESIDUAL_PX * Math.max(1, longSide / 2000));
  const refined = agreed ? tracked : undefined;
  const lens = agreed ? fitted : undefined;
  return {
    model: lens?.model ?? roughModel,
    points: lens ? distinctOf(lens.points, tracked?.distinct) : roughPoints,
    ...(refined && { refined }),
    ...(lens && { lens }),
  };
}

/**
 * The refined fit with the frame's unmeasured cells (see coverageSeeds) tracked under its model and added to its
 * points, the model refitted on all of them; its tiles (the disparities) stay the refined ones. A cell's point
 * counts as many times as a measured cell's points do on average (at most MAX_CELL_WEIGHT, see
 * RefineResult.distinct): the fit is "what most points agree with", and the features crowd the textured regions
 * (on the opencv-doc rig's pair 02, 173 points in a band of desk below a board that fills the frame). Measured on
 * that rig's 13 pairs (bench/engine/align-rigs.ts), board corners' median |dy|: pair 02 1.21 → 0.18 px (the SIFT
 * reference leaves 1.00), 07 0.25 → 0.14; 01 0.15 → 0.26 and 06 0.16 → 0.19 (their fits now weigh the shirt and
 * room around the board as their area does); the other nine unchanged. Counted once each, pair 02's 30 cells moved
 * it to 0.91 px only; counted 2-3 times, 0.28. Cost at 24 MP (aloe upscaled, 56 cells): ~0.1 s of CPU.
 */
function withCoverage(
  cv: Cv,
  images: { left: RawImage; right: RawImage },
  grays: { left: GrayImage; right: GrayImage },
  frames: ReducedFrames,
  tracked: RefineResult,
  maxDisparityPx: number,
): RefineResult {
  const { seeds, density } = coverageSeeds(grays, frames, tracked.model, tracked.points, maxDisparityPx);
  if (seeds.length < MIN_COVERAGE) return tracked;
  const extra = refineAlignment(cv, images.left, images.right, seeds, tracked.model, { fixed: true });
  if (!extra) return tracked;
  const weight = Math.min(MAX_CELL_WEIGHT, Math.max(1, Math.round(density)));
  const points = concatOf(tracked.points, ...Array.from({ length: weight }, () => extra.points));
  const longSide = Math.max(images.left.width, images.left.height);
  return {
    ...tracked,
    points,
    model: dominantFit(points, tracked.model, longSide),
    distinct: tracked.points.xl.length + extra.points.xl.length,
  };
}

/** Fewer cells than this to add and the fit stands as refined. */
const MIN_COVERAGE = 8;
/** Most times a cell's point counts in the fit. */
const MAX_CELL_WEIGHT = 4;

/**
 * Of two fits from different starts, the one whose model (with its lens term) puts more of both fits' refined
 * points on their rows within EXPLAINED_PX. Each start's tiles keep the matches it began with: a repetitive board
 * matched a period off is explained by its own fit only, while the room around it is explained by the true fit
 * from either start. But a start with many matches a period off explains more points than the true one: chooseFit
 * asks the views first and this only breaks its near-ties. `first` wins ties and whenever a fit was left unrefined.
 */
export function moreConsistent(first: SeedFit, second: SeedFit, longSide: number): SeedFit {
  if (!first.refined || !second.refined) return first;
  const both = concatOf(first.refined.points, second.refined.points);
  const bound = EXPLAINED_PX * Math.max(1, longSide / 2000);
  const explained = (fit: SeedFit) => {
    const c = fit.lens ? undistort(both, fit.lens.k, fit.lens.r2) : both;
    let n = 0;
    for (let i = 0; i < c.xl.length; i++) if (Math.abs(verticalResidual(fit.model, c, i)) <= bound) n++;
    return n;
  };
  return explained(second) > explained(first) ? second : first;
}

/**
 * Median |vertical residual| (px up to 2000 px, scaled above) above which a fit's tracked points are not one
 * measurement of its model: the tiles slid along uniform boards or onto repeats, and the fit is a chance consensus
 * of a few of them. Measured on repetitive scenes drawn at random (1920 px): good fits left 0.01-0.38 px, while
 * painted fences kept 34-72 points at 2-3 px, and their fits ended 0.25-3.0 px off where the guided matches' model
 * was within 0.04-0.53; a lens-distorted chessboard rig leaves 0.55 once its lens term is fitted.
 */
const MAX_MEDIAN_RESIDUAL_PX = 1;

function coherent(fit: LensFit, bound: number): boolean {
  return median(verticalResiduals(fit.model, fit.points)) <= bound;
}

/** The first `count` correspondences (all when undefined): the rest repeat them (see RefineResult.distinct). */
function distinctOf(c: Correspondences, count: number | undefined): Correspondences {
  if (count === undefined) return c;
  return {
    xl: c.xl.subarray(0, count),
    yl: c.yl.subarray(0, count),
    xr: c.xr.subarray(0, count),
    yr: c.yr.subarray(0, count),
  };
}
