import type { Cv } from '../cv/opencv';
import type { RawImage } from '../image';
import { chooseFit } from './choose-fit';
import { type ReducedCopies, reducedCopies } from './coarse-to-fine';
import { faintStretched } from './faint-contrast';
import { fitFromSeed, type SeedFit, type SeedStart } from './fit-from-seed';
import type { ReducedFrames } from './guided-fit';
import { layerStart } from './layer-start';
import { blockSeed, cornerSeed, repeatSeed, type Seed, type SeedResult } from './seed-model';

/** A pair's kept fit, the seed it grew from, and the reduced copies and frames they were found on. */
export interface FittedPair {
  ok: true;
  copies: { left: ReducedCopies; right: ReducedCopies };
  frames: ReducedFrames;
  seed: Seed;
  fit: SeedFit;
  /** The other starts' fits (a layer's start, whose tiles the layer's are, is not among them). */
  unused: SeedFit[];
}

/** A picture whose detection copy left no refined fit is tried once more on a copy this many times larger. */
const RETRY_FACTOR = 2;
/** Pictures no longer than this many times the detection side are not tried again (the larger copy adds little). */
const RETRY_ABOVE = 1.25;

/**
 * The fitted model of a pair (see fitAt), from features on reduced copies whose long side is `detectSide`. A pair
 * refused there, or whose fits all kept their rough model (the full-size tiles did not agree, see refineAlignment),
 * is tried once more with corners on copies RETRY_FACTOR times larger, up to full size, and the second answer is
 * kept when its fit is refined (or the first was a refusal, or came from blocks: see blockSeed). When the corners
 * find no pair there, blocks do: matched at about the first copy's size, their fit is kept only when it refines and
 * puts more of the views on their rows than the first answer (see chooseFit). Measured on align-random: a painted
 * fence whose first fit stayed rough 3.5 px off its rows (seed 7373, #8) and a faint railing 0.77 px off (6161, #6)
 * refine from blocks to 0.07 px; a painted fence whose rough fit was 0.02 px off (its blocks' fit, on 8 points,
 * 0.28 px) and two fences at 0.21 and 0.42 px keep theirs. A fine texture (the grain of a smooth wall between a
 * fence's boards) is averaged away on a 1024 px copy of a 1920 px picture:
 * painted fences were refused there (5 of 18 matches, 60 blob matches along the rows) or kept a rough model
 * 0.18-0.39 px off; on the 1920 px copy they aligned to 0.02 px. Not blobs: their bars were measured on 1024 px
 * copies, and a larger copy has more of them to form a chance consensus (two halves of the aloe photo that do not
 * overlap, 2025 px long, were accepted with 462 inliers); ORB keeps at most 2500 corners per view at any size. The
 * unrelated photos and non-overlapping halves of the refusal cases, upscaled to 1600-4500 px, stay refused, in
 * 0.6-1.2 s more; pairs refined at once pay nothing.
 */
export async function fittedPair(
  cv: Cv,
  left: RawImage,
  right: RawImage,
  detectSide: number,
  maxDisparityPx: number,
): Promise<FittedPair | { ok: false; reason: string }> {
  const first = await fitAt(cv, left, right, { side: detectSide, maxDisparityPx, blobs: true });
  const longSide = Math.max(left.width, left.height, right.width, right.height);
  // Blocks are the last resort (see blockSeed): a thin-pole pair the retry's corners aligned to 0.009 px kept the
  // blocks' unrefined fit, 0.067 px off, when it was preferred.
  const fromBlocks = first.ok && first.seed.blocks === true;
  if ((first.ok && first.fit.refined && !fromBlocks) || longSide <= RETRY_ABOVE * detectSide) return first;
  const side = Math.min(longSide, RETRY_FACTOR * detectSide);
  const retried = await fitAt(cv, left, right, { side, maxDisparityPx, blobs: false });
  if (!retried.ok) return first;
  if (retried.seed.blocks === true) {
    if (!retried.fit.refined) return first;
    if (!first.ok) return retried;
    const grays = { left: first.copies.left.detect, right: first.copies.right.detect };
    const kept = chooseFit([first.fit, retried.fit], grays, first.frames, maxDisparityPx, longSide);
    return kept === retried.fit ? retried : first;
  }
  return !first.ok || fromBlocks || retried.fit.refined ? retried : first;
}

/**
 * Seed (seedAt), a fit from each start (see fitFromSeed and layerStart), and the fit that puts more of the views on
 * their rows (see chooseFit).
 */
async function fitAt(
  cv: Cv,
  left: RawImage,
  right: RawImage,
  detection: Detection,
): Promise<FittedPair | { ok: false; reason: string }> {
  const { maxDisparityPx } = detection;
  const { copies, frames, seed } = await seedAt(cv, left, right, detection);
  if (!seed.ok) return { ok: false, reason: seed.reason };
  const fitOf = (start: SeedStart) => fitFromSeed(cv, { left, right }, copies, frames, start, maxDisparityPx);
  // Other consensuses are other starts (see Seed.others); the fit that puts more of the views on their rows is kept.
  const starts = [seed, ...seed.others.map((other) => ({ ...seed, ...other }))].map(fitOf);
  // On repetitive texture a start may have followed the pattern matched a period off along its own rows, leaving
  // the true matches on other rows at another disparity: those start a fit of their own (see layerStart).
  const layers = new Map<SeedFit, SeedFit>();
  for (const start of seed.repetitive ? starts : []) {
    const layer = layerStart(start, left.width, left.height);
    if (layer) layers.set(layer, start);
  }
  const fits = [...starts, ...layers.keys()];
  const fit = chooseFit(
    fits,
    { left: copies.left.detect, right: copies.right.detect },
    frames,
    maxDisparityPx,
    Math.max(left.width, left.height),
  );
  // A layer's tiles are some of its start's: only the starts vote beside the kept fit (see tilesPivot).
  const unused = starts.filter((f) => f !== fit && f !== layers.get(fit));
  return { ok: true, copies, frames, seed, fit, unused };
}

/** How a pair's features are found: on copies whose long side is `side`, with or without blob features. */
interface Detection {
  side: number;
  maxDisparityPx: number;
  blobs: boolean;
}

/**
 * The first model from features on copies whose long side is `detection.side`: ORB corners, then, when their levels
 * are faint, the copies stretched (see faintStretched), then (with `blobs`) blob features and mutual matches (see
 * repeatSeed), and last blocks of the vertical gradient matched by correlation (see blockSeed).
 */
async function seedAt(
  cv: Cv,
  left: RawImage,
  right: RawImage,
  { side, maxDisparityPx, blobs }: Detection,
): Promise<{ copies: FittedPair['copies']; frames: ReducedFrames; seed: SeedResult }> {
  const [copiesL, copiesR] = await Promise.all([reducedCopies(left, side), reducedCopies(right, side)]);
  let copies = { left: copiesL, right: copiesR };
  // Centred coordinates in full-resolution pixels (see the pixel-centre convention of reducedGray's scale).
  const frames: ReducedFrames = {
    sL: copiesL.detect.scale,
    sR: copiesR.detect.scale,
    cl: { x: (left.width - 1) / 2, y: (left.height - 1) / 2 },
    cr: { x: (right.width - 1) / 2, y: (right.height - 1) / 2 },
  };
  let seed = cornerSeed(cv, copiesL.detect, copiesR.detect, frames, maxDisparityPx);
  // Too few corners in a faint pair (haze, a dim scene): its levels stretched may show them.
  const stretched = !seed.ok && !seed.retry ? faintStretched(copies) : undefined;
  if (stretched) {
    copies = stretched;
    seed = cornerSeed(cv, copies.left.detect, copies.right.detect, frames, maxDisparityPx);
  }
  // ORB's corners sit on the edges of a fence's bars or a window grid (junctions with a background that moves by
  // parallax), and the ratio test drops repeats: such pairs leave too few consistent matches, which blob features
  // between the bars, or mutual matches of both kinds agreeing on one model, often find (see repeatSeed). A faint
  // fence whose boards span the frame has neither: blocks of the wall between its boards do (see blockSeed). The
  // retry on larger copies (no blobs, see fittedPair) still has blocks: they are matched at about the same size.
  if (!seed.ok && seed.retry) {
    const [l, r] = [copies.left.detect, copies.right.detect];
    seed =
      (blobs ? repeatSeed(cv, l, r, frames, maxDisparityPx, seed.corners) : undefined) ??
      blockSeed(cv, l, r, frames, maxDisparityPx, seed.corners) ??
      seed;
  }
  return { copies, frames, seed };
}
