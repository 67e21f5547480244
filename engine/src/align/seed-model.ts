import type { GrayImage } from '../cv/gray';
import type { Cv } from '../cv/opencv';
import { blockMatches } from './block-matches';
import {
  detectBlobKeypoints,
  detectKeypoints,
  type Keypoints,
  matchFeatures,
  mutualMatches,
} from './features';
import { centred, type Guided, guideByModel, type ReducedFrames, withinIndices } from './guided-fit';
import { undistort } from './lens-fit';
import { type RansacOptions, type RansacResult, ransacSimilarity } from './ransac';
import { type Correspondences, concatOf, fitVertical, subsetOf, verticalResidual } from './similarity';

/** A first model and the matches it rests on (centred, full-resolution coordinates). */
export interface Seed {
  ok: true;
  keysL: Keypoints;
  keysR: Keypoints;
  /** The matches the first consensus was found among. */
  strong: Correspondences;
  ransac: RansacResult;
  /** The first model after guided matching along its rows. */
  first: Guided;
  /** Whether the consensus' own inliers may seed the refinement (else the guided matches do). */
  strongSeeds: boolean;
  /**
   * Whether the texture repeats: fewer than REPEATS_BELOW of the mutual best matches pass the ratio test (railing
   * 18 %, fences and window grids 2-11 %; aloe 51 %, motorcycle 45 %, layered scenes and thin poles 60 % and more).
   */
  repetitive: boolean;
  /**
   * Other starts, each fitted beside the plain one (alignPair keeps the fit that puts more of the views on their
   * rows, see chooseFit): the consensus under a barrel lens term, when it holds clearly more of the strong matches
   * (see lensConsensus); on repetitive texture, the rival consensus among the matches neither joined (see
   * rivalConsensus).
   */
  others: OtherStart[];
  /** Found by blockSeed, the last resort: a pair the larger copies' corners align keeps their fit instead. */
  blocks?: true;
}

/** Another consensus alignment starts a fit from. */
export type OtherStart = Pick<Seed, 'ransac' | 'first' | 'strongSeeds'>;

/** Keypoints of the two views. */
export interface KeyPair {
  left: Keypoints;
  right: Keypoints;
}

/**
 * A seed, or a refusal with its reason; `retry` tells whether other features may still find the pair (see
 * repeatSeed), which then get the corners found (`corners`).
 */
export type SeedResult =
  | Seed
  | { ok: false; reason: string; retry: false }
  | { ok: false; reason: string; retry: true; corners: KeyPair };

const MIN_KEYPOINTS = 40;
const MIN_MATCHES = 8;
const MIN_INLIERS = 15;
/** Strong inliers enough to seed guided matching (which then needs MIN_CONFIRMED matches along the rows). */
const MIN_SEED_INLIERS = 6;
const MIN_INLIERS_RATIO = 0.25;
/** Guided matches (Hamming ≤ 64, within 1 reduced px of the model's row) that confirm a pair whose strong matches are mostly repeats. */
const MIN_CONFIRMED = 60;
/** Strong inliers below which the guided matches seed the refinement (see alignPair). */
const MIN_STRONG_SEEDS = 30;
const REPEATS_BELOW = 0.3;
/** Barrel terms (on |p|²/half-diagonal², as in fitLens) the first consensus is also sought under. */
const SEED_LENS_K = [0.08, 0.16, 0.24];
/**
 * A lens term's consensus starts a second fit when it holds this many times the plain one's matches. The fits then
 * decide (see moreConsistent), so the bar only spares a second fit where no lens consensus stands out: on none of
 * the 24 MP bench's pairs; 11 pairs of the alignment bench run both fits and keep the plain one. At 1.15, one of 30
 * synthetic lens rigs kept a rotation 0.3° off.
 */
const LENS_CONSENSUS_GAIN = 1.05;
/**
 * Matches a rival consensus must hold to start a fit (see rivalConsensus). On the opencv-doc rig's 13 pairs the
 * rival consensuses held 8-40 matches; the dense check (see chooseFit) turned down every one that was wrong.
 */
const MIN_RIVAL_INLIERS = 8;
/** Plausible misalignments of two shots of one pair (beyond them the pair is refused). */
export const MAX_ROTATION_DEG = 10;
export const MIN_SCALE = 0.8;
export const MAX_SCALE = 1.25;
/**
 * The blob path's bars (mutual matches without ratio test are many, so a chance consensus is larger): measured on
 * 1024 px copies, the genuine repetitive pairs ORB missed had 89–302 RANSAC inliers and 266–696 guided matches
 * along the rows; the refusal cases (unrelated photos, non-overlapping halves of one photo) at most 12 and 79.
 */
const MIN_BLOB_INLIERS = 40;
const MIN_BLOB_CONFIRMED = 150;

/** Bounds of a plausible model (rotation, scale) and the disparity range, px of the full image. */
function ransacOptions(thresholdPx: number, maxDisparityPx: number) {
  return {
    thresholdPx,
    maxDisparityPx,
    minScale: MIN_SCALE,
    maxScale: MAX_SCALE,
    maxRotationDeg: MAX_ROTATION_DEG,
  };
}

/**
 * The first model from ORB corners: mutual best matches that pass the ratio test, RANSAC on their vertical
 * residuals, then guided matching along the model's rows. Refuses with the reason when they do not make a pair.
 */
export function cornerSeed(
  cv: Cv,
  grayL: GrayImage,
  grayR: GrayImage,
  f: ReducedFrames,
  maxDisparityPx: number,
): SeedResult {
  const keysL = detectKeypoints(cv, grayL);
  const keysR = detectKeypoints(cv, grayR);
  if (keysL.count < MIN_KEYPOINTS || keysR.count < MIN_KEYPOINTS) {
    return {
      ok: false,
      retry: false,
      reason: 'too few features: the photos have too little texture to align',
    };
  }
  const found = matchFeatures(keysL, keysR, Math.max(grayL.height, grayR.height));
  const n = found.leftX.length;
  // Refusals other features may still turn around (see repeatSeed) hand them the corners found.
  const mayRetry = (reason: string) =>
    ({ ok: false, retry: true, corners: { left: keysL, right: keysR }, reason }) as const;
  if (n < MIN_MATCHES) {
    return mayRetry(`too few matching features (${n}): the photos do not look like one stereo pair`);
  }
  const strong = centred(found, f);
  const options = ransacOptions(2 * f.sL, maxDisparityPx);
  const ransac = ransacSimilarity(strong, options);
  const strongInliers = ransac?.inliers.length ?? 0;
  // A repetitive scene leaves few strong matches (the ratio test rejects the repeats): a smaller first consensus
  // may seed the guided matching when it holds a quarter of the matches (halves of one photo that do not overlap
  // reached 7 of 73), and the guided matches must then confirm the pair along the rows.
  const smallShare = strongInliers < MIN_INLIERS_RATIO * n;
  if (!ransac || (strongInliers < MIN_INLIERS && (strongInliers < MIN_SEED_INLIERS || smallShare))) {
    return mayRetry(
      `too few consistent matches (${strongInliers} of ${n}): the photos do not look like one stereo pair`,
    );
  }
  // Guided matching with the first model: repetitive texture (fences, tiles, a calibration board) loses most of
  // its true matches to the ratio test; within a band of rows around the model's prediction they come back.
  const first = guideByModel(keysL, keysR, ransac.model, f, maxDisparityPx);
  const confirmed = withinIndices(first.matches, first.model, f.sL).length;
  if ((strongInliers < MIN_INLIERS || smallShare) && confirmed < MIN_CONFIRMED) {
    return mayRetry(
      `too few consistent matches (${strongInliers} of ${n}, ${confirmed} along the rows): the photos do not look like one stereo pair`,
    );
  }
  // The refusals above count the plain consensus: a lens term must not turn unrelated photos into a pair.
  const bent = lensConsensus(strong, ransac, options, f);
  const repetitive = n < REPEATS_BELOW * found.mutual;
  const rival = repetitive ? rivalConsensus(strong, [ransac, bent], options) : undefined;
  // Measured on the opencv-doc chessboard rig: seeds from the strong inliers refine better whenever there are
  // enough of them (the guided ones include repeats one square off, whose tiles pull the refit).
  const startOf = (consensus: RansacResult): OtherStart => ({
    ransac: consensus,
    first: guideByModel(keysL, keysR, consensus.model, f, maxDisparityPx),
    strongSeeds: consensus.inliers.length >= MIN_STRONG_SEEDS,
  });
  return {
    others: [bent, rival].flatMap((consensus) => (consensus ? [startOf(consensus)] : [])),
    ok: true,
    keysL,
    keysR,
    strong,
    ransac,
    first,
    strongSeeds: strongInliers >= MIN_STRONG_SEEDS,
    repetitive,
  };
}

/**
 * The consensus among the strong matches that none of `taken` holds, when it holds MIN_RIVAL_INLIERS. On a
 * repetitive board the largest consensus can be the board matched a period off along its rows, with a scale that
 * bends the rows to fit them, while the true matches are a smaller consensus of their own: on the opencv-doc
 * rig's pair 13 the first two consensuses (89 and 98 matches) left the board's corners 1.3-1.5 px off their rows,
 * the rival one (23 matches) 0.08 px.
 */
export function rivalConsensus(
  strong: Correspondences,
  taken: readonly (RansacResult | undefined)[],
  options: RansacOptions,
): RansacResult | undefined {
  const used = new Uint8Array(strong.xl.length);
  for (const consensus of taken) for (const i of consensus?.inliers ?? []) used[i] = 1;
  const rest = Int32Array.from(strong.xl.keys()).filter((i) => !used[i]);
  const rival = ransacSimilarity(subsetOf(strong, rest), options);
  if (!rival || rival.inliers.length < MIN_RIVAL_INLIERS) return undefined;
  const inliers = Int32Array.from(rival.inliers, (i) => rest[i]!);
  return plainConsensus(strong, inliers);
}

/** The consensus of `inliers` among the strong matches with their plain refit as its model (undefined if degenerate). */
function plainConsensus(strong: Correspondences, inliers: Int32Array): RansacResult | undefined {
  const fit = fitVertical(strong, inliers);
  return fit && { model: { ...fit, tx: 0 }, inliers };
}

/**
 * The consensus under a radial lens term, when one holds LENS_CONSENSUS_GAIN times the plain one's matches. A wide
 * lens at close range bends rows by pixels towards the corners, so the plain consensus can be a compromise that the
 * true matches of a repetitive foreground do not join, while its repeats matched a period off along the row do
 * (their rows shift with the pattern's own tilt). On the opencv-doc chessboard rig (k ≈ 0.16 by calibration) the
 * plain consensus took the board two squares off on rig 01 and left it 5 px off vertically. Only the choice of
 * matches changes here: the model returned is their plain refit (the pipeline works in the photos' coordinates),
 * and the lens term itself is fitted on the refined points (fitLens).
 */
function lensConsensus(
  strong: Correspondences,
  plain: RansacResult,
  options: RansacOptions,
  f: ReducedFrames,
): RansacResult | undefined {
  const r2 = ((2 * f.cl.x + 1) ** 2 + (2 * f.cl.y + 1) ** 2) / 4;
  let best: RansacResult | undefined;
  for (const k of SEED_LENS_K) {
    const bent = ransacSimilarity(undistort(strong, k, r2), options);
    const enough = Math.max(best?.inliers.length ?? 0, LENS_CONSENSUS_GAIN * plain.inliers.length);
    if (bent && bent.inliers.length > enough) best = bent;
  }
  return best && plainConsensus(strong, best.inliers);
}

/**
 * The first model for pairs whose corners' strong matches could not align them (a `retry` refusal of cornerSeed):
 * on repetitive texture the ratio test leaves few matches, but mutual nearest neighbours without it still hold the
 * true ones (a repeat along the row agrees vertically too). From AKAZE blobs, which sit on the texture between a
 * fence's bars where ORB's corners sit on the bars' edges: their consensus seeds the pair when it is clearly beyond
 * what unrelated photos reach (see MIN_BLOB_INLIERS). Else the corners' and the blobs' consensuses, each found
 * alone, seed it when both are large enough and put the right view's corners on the same rows (see agreedSeed).
 * Undefined when neither holds.
 */
export function repeatSeed(
  cv: Cv,
  grayL: GrayImage,
  grayR: GrayImage,
  f: ReducedFrames,
  maxDisparityPx: number,
  corners: KeyPair,
): Seed | undefined {
  const views = { grayL, grayR, f, maxDisparityPx };
  const blobs = { left: detectBlobKeypoints(cv, grayL), right: detectBlobKeypoints(cv, grayR) };
  const blob = mutualConsensus(blobs, views);
  if (blob && blob.ransac.inliers.length >= MIN_BLOB_INLIERS && blob.confirmed >= MIN_BLOB_CONFIRMED) {
    return seedOf(blob);
  }
  // The corners' consensus is only sought when the blobs' one is large enough to agree with (see agreedSeed):
  // unrelated photos, refused here, mostly stop at the blobs.
  if (!blob || blob.ransac.inliers.length < MIN_AGREED_INLIERS) return undefined;
  return agreedSeed(mutualConsensus(corners, views), blob, f);
}

/**
 * Blocks matched on one model (see blockMatches) make a pair whose features could not: at least MIN_BLOCK_INLIERS
 * of them, and BLOCK_SHARE of the blocks that matched. Measured at 512 px: faint painted fences and fences refused
 * before (align-random seeds 4242, 9001 and 6060) agreed with 35 of 35 and 73-86 of 75-86 matched blocks, aloe
 * with 78 of 108; unrelated photos and non-overlapping halves of one (align-rigs.ts' refusal cases) with at most 9
 * (of 0-37 matched). The share counts matched blocks, not textured ones: a fence's wide boards (6060 #4) left 35 of
 * its 96 textured blocks matching, all on one model.
 */
const MIN_BLOCK_INLIERS = 24;
const BLOCK_SHARE = 0.5;

/**
 * The first model for pairs that neither corners nor blobs could align (see repeatSeed): blocks of the views'
 * vertical gradients matched by correlation (see blockMatches), their consensus on the vertical residuals, whose
 * matches seed the refinement. Undefined when too few agree.
 */
export function blockSeed(
  cv: Cv,
  grayL: GrayImage,
  grayR: GrayImage,
  f: ReducedFrames,
  maxDisparityPx: number,
  corners: KeyPair,
): Seed | undefined {
  const found = blockMatches(cv, grayL, grayR, maxDisparityPx);
  const strong = centred(found, f);
  const ransac = ransacSimilarity(strong, ransacOptions(2 * f.sL, maxDisparityPx));
  const agreeing = ransac?.inliers.length ?? 0;
  if (!ransac || agreeing < MIN_BLOCK_INLIERS || agreeing < BLOCK_SHARE * found.leftX.length)
    return undefined;
  return {
    ok: true,
    keysL: corners.left,
    keysR: corners.right,
    strong,
    ransac,
    first: { model: ransac.model, matches: subsetOf(strong, ransac.inliers) },
    strongSeeds: false,
    repetitive: true,
    others: [],
    blocks: true,
  };
}

/** A consensus of mutual nearest neighbours and its guided matches (`confirmed`: within 1 reduced px of its rows). */
interface MutualConsensus extends Pick<Seed, 'strong' | 'ransac' | 'first'> {
  keys: KeyPair;
  confirmed: number;
}

/**
 * Mutual nearest neighbours without a ratio test, RANSAC on their vertical residuals and guided matching along
 * the rows; undefined when either view has fewer than MIN_KEYPOINTS keypoints or no consensus forms.
 */
function mutualConsensus(
  keys: KeyPair,
  {
    grayL,
    grayR,
    f,
    maxDisparityPx,
  }: { grayL: GrayImage; grayR: GrayImage; f: ReducedFrames; maxDisparityPx: number },
): MutualConsensus | undefined {
  if (keys.left.count < MIN_KEYPOINTS || keys.right.count < MIN_KEYPOINTS) return undefined;
  const found = mutualMatches(keys.left, keys.right, grayL.width, Math.max(grayL.height, grayR.height));
  const strong = centred(found, f);
  const ransac = ransacSimilarity(strong, ransacOptions(1.5 * f.sL, maxDisparityPx));
  if (!ransac) return undefined;
  const first = guideByModel(keys.left, keys.right, ransac.model, f, maxDisparityPx);
  return { keys, strong, ransac, first, confirmed: withinIndices(first.matches, first.model, f.sL).length };
}

/** The seed a mutual consensus makes: its guided matches seed the refinement (its strong ones are mostly repeats). */
function seedOf(c: MutualConsensus): Seed {
  const { keys, strong, ransac, first } = c;
  return {
    ok: true,
    keysL: keys.left,
    keysR: keys.right,
    strong,
    ransac,
    first,
    strongSeeds: false,
    repetitive: true,
    others: [],
  };
}

/**
 * Each of the two consensuses holds at least this many matches for agreedSeed. Measured at 1024 px on 145 unrelated
 * pairs of random repetitive scenes (align-random's left view n with right view n − 1, seeds 555, 808, 4242, 9001,
 * 31337): a chance consensus held up to 38 corner matches or 30 blob matches, but never both held 20.
 */
const MIN_AGREED_INLIERS = 24;
/**
 * Rows (reduced px) within which the two consensuses' models put each corner of the right view. The unrelated
 * pairs' two chance models were 18-683 full-size px apart (at 1920 px, 1.9 per reduced px); of the 116 genuine
 * pairs of those seeds whose consensuses both held 24 matches, 109 within 3 reduced px (median 0.48 px), the others
 * 9-180 px (one consensus on a repeat; none of those 7 pairs is refused).
 */
const AGREED_ROWS = 3;

/**
 * The seed of two consensuses found alone, from the corners and from the blobs, when each holds MIN_AGREED_INLIERS
 * matches and their models put the right view's four corners on the same rows (within AGREED_ROWS reduced px): two
 * chance consensuses of unrelated photos do not agree, while those of a genuine pair are one model measured twice.
 * Found this way, fences refused before (9 strong matches of which 3 agreed; mutual consensuses of 37 corners and
 * 42 blobs, 0.5 px apart) now align. The guided matches of both seed the refinement (they measure one model), with
 * the keypoints and model of the consensus with more of them: on align-random's seed 9001, pairs 18, 24 and 7 ended
 * 0.24, 0.043 and 0.014 px off their rows against 0.38, 0.047 and 0.025 seeded by that consensus alone.
 */
function agreedSeed(
  corner: MutualConsensus | undefined,
  blob: MutualConsensus,
  f: ReducedFrames,
): Seed | undefined {
  if (!corner) return undefined;
  if (Math.min(corner.ransac.inliers.length, blob.ransac.inliers.length) < MIN_AGREED_INLIERS)
    return undefined;
  const x = f.cr.x;
  const y = f.cr.y;
  const four: Correspondences = {
    xl: new Float64Array(4),
    yl: new Float64Array(4),
    xr: Float64Array.of(-x, x, -x, x),
    yr: Float64Array.of(-y, -y, y, y),
  };
  for (let i = 0; i < 4; i++) {
    const gap = verticalResidual(corner.first.model, four, i) - verticalResidual(blob.first.model, four, i);
    if (Math.abs(gap) > AGREED_ROWS * f.sL) return undefined;
  }
  const kept = corner.confirmed >= blob.confirmed ? corner : blob;
  const seed = seedOf(kept);
  return { ...seed, first: { ...seed.first, matches: concatOf(corner.first.matches, blob.first.matches) } };
}
