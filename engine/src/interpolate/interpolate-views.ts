import { availableParallelism } from 'node:os';
import { reducedGray, reducedRgb } from '../cv/gray';
import type { RawImage } from '../image';
import type { AliasInput, AliasMaps } from './ambiguous-repeats';
import { censusCodes, censusSgm, sharedCopy } from './census-sgm';
import { changedColumns } from './changed-columns';
import { columnGuide, settledColumns } from './column-median';
import { disparityRange, rowMatches } from './disparity-range';
import { foldAliases } from './edge-aliases';
import { boxBlur, fillDisparity, shareReliable } from './fill-disparity';
import { edgeCodes } from './fine-edges';
import { startHelper } from './helper-thread';
import { applyFits, levelFits, levelled, levelsOf, matchLevels } from './levels';
import { otherReadings, runSideChain, sideChain } from './other-readings';
import { snapOutlines } from './outline-cells';
import { periodMap, structurePeriods } from './periodic-structure';
import { crossFade } from './quality';
import { mixReadings } from './reading-mix';
import { foldInFrontOfSeenThrough } from './seen-through';
import { SpareMemory } from './spare-memory';
import { placeThinLines } from './thin-lines';
import {
  censusOnHelper,
  censusSgmOnTwoThreads,
  edgeCodesOnTwoThreads,
  foldedOnTwoThreads,
  otherReadingsOnTwoThreads,
  periodMapOnHelper,
  sharedImage,
  sharedView,
  synthesizeViewsOnTwoThreads,
  viewPlansOnTwoThreads,
} from './two-threads';
import { type ViewPlan, viewFromPlan, viewPlan } from './view-synthesis';

/** A view sees the surface of disparity d at a point when its own disparity there is within this (grid px). */
const SEES_TOLERANCE = 1.5;
/** Below this confidence the scattered reliable islands are chance matches: the frames are plain cross-fades. */
const SYNTHESIS_CONFIDENCE = 0.2;

export interface InterpolateOptions {
  /** Long side of the copy the disparity is matched on (grid). */
  gridSide?: number;
  /**
   * Threads to use: 1, or 2 (this one and a helper thread: the matching and the synthesis split between them, same
   * bytes). Default 2 when the machine has two cores or more. A server pool worker uses the default too: the pool
   * runs one worker per core but one (see WorkerPool), so on two cores the helper takes the spare core; on larger
   * machines up to twice the pool's size threads compute while several jobs interpolate at once, which only the
   * interpolation step (about a second per wiggle) does.
   */
  threads?: 1 | 2;
  /**
   * Receives the left view's disparity on the grid (grid px, right x = x − d; the half-occlusions and unreliable
   * pixels filled) that the frames are made from (the first reading where a repeated structure has two, see
   * mixReadings): the benches compare it with the scene's true disparity. Called once, and only when frames are
   * synthesized (a pair the matcher cannot read gets cross-fades instead).
   */
  onDisparity?: (disparity: { data: Float32Array; width: number; height: number }) => void;
}

export interface Interpolation {
  /** On two threads their pixels lie on SharedArrayBuffers (written by both threads, see synthesizeViewsOnTwoThreads). */
  frames: RawImage[];
  /**
   * Share (0–1) of the pair's pixels whose disparity is reliable: left–right consistent and unambiguous, or an
   * explained half-occlusion. Low values mean the in-betweens fall back to a cross-fade over much of the frame.
   */
  confidence: number;
}

/**
 * Starts what interpolatePair needs before its first call (the helper thread on two threads), for a caller that has
 * other work first: the CLI decodes its two files meanwhile.
 */
export function prepareInterpolation(options: Pick<InterpolateOptions, 'threads'> = {}): void {
  if (twoThreadsFor(options)) startHelper();
}

function twoThreadsFor(options: Pick<InterpolateOptions, 'threads'>): boolean {
  return (options.threads ?? (availableParallelism() > 1 ? 2 : 1)) > 1;
}

/**
 * In-between views of an aligned pair at `positions` (percent from left to right); see interpolatePair.
 */
export async function interpolateViews(
  left: RawImage,
  right: RawImage,
  positions: readonly number[] = [25, 50, 75],
  options: InterpolateOptions = {},
): Promise<RawImage[]> {
  return (await interpolatePair(left, right, positions, options)).frames;
}

/**
 * In-between views of an aligned (row-rectified) pair by horizontal disparity, not general flow:
 * - semi-global matching along rows on a reduced grey copy (≤ 640 px), over the range the matched features span
 *   (without a repeated structure's repeats two periods or more off a surface, see disparityRange),
 *   with left–right consistency and a uniqueness test (see censusSgm); the right view's levels matched to the
 *   left's per channel first (its colour term is not blind to exposure as census is: a right camera 15 % brighter
 *   cost a layered scene 14 of its 15 dB over a cross-fade);
 * - repeated structures (fences, railings, window grids: see periodMap) matched as one pattern, their copies' costs
 *   pooled (along the row's slant of disparity where the structure recedes), and a copy read a whole period off
 *   the structure around it (in front of its front, or behind the surface seen between the copies) moved to the
 *   alias that is not (see poolPeriodicRow, foldToFront), as is a strip at a copy's edge read a period in front of
 *   the copy (see foldEdgeAliases); a whole structure read behind what its holes show (a mesh over a lawn) moved in
 *   front of it, or a part of it read so moved to the reading of a part that is not (see foldInFrontOfSeenThrough);
 * - lines thinner than the matcher's window (poles, rods) that it read with what surrounds them matched on their
 *   own, as ridges of the grey level (see placeThinLines);
 * - an upright repeated structure's readings settled along its columns, rows read at a repeat's disparity taking
 *   the one most of the column's rows of its grey read (see settledColumns), on every reading the frames are made
 *   from;
 * - half-occlusions explained and filled with the far surface; other unreliable pixels marked (fillDisparity);
 * - the cells beside a nearer surface that the matcher read at the far one's disparity but that show the nearer
 *   one's colour given its disparity (see snapOutlines);
 * - each frame synthesized at full size with the nearer surface winning, and blended towards the cross-fade where
 *   the disparity is unreliable (see synthesizeView), so no region looks worse than a cross-fade would; a pixel
 *   one view alone shows taken to the in-between exposure (the right view's levels fitted to the left's, see
 *   Levels); outlines drawn where each view's full-size colours put them, not on the grid's cell boundaries (see
 *   edgeCodes);
 * - where a repeated flat structure matches as well one spacing nearer or farther (see aliasMaps), the frames are
 *   made under both readings and mixed, leaning towards the one of smaller motion (see mixReadings): nothing in
 *   the views tells which is true, but the smaller motion is the one a viewer sees; its flat parts, which the
 *   matcher reads in pieces, are read as wholes first (see settleFlatParts); a structure whose parts are read one
 *   spacing in front of one reading and one spacing behind it, both with it as their other reading, takes that
 *   reading alone (see oneReadingPerStructure).
 * Also returns the pair's confidence (share of reliable pixels).
 */
export async function interpolatePair(
  left: RawImage,
  right: RawImage,
  positions: readonly number[] = [25, 50, 75],
  options: InterpolateOptions = {},
): Promise<Interpolation> {
  if (left.width !== right.width || left.height !== right.height || left.channels !== right.channels) {
    throw new Error('interpolateViews needs two aligned views of the same size and channels');
  }
  const twoThreads = twoThreadsFor(options);
  if (twoThreads) startHelper();
  const gridSide = Math.min(Math.max(left.width, left.height), options.gridSide ?? 640);
  const grays = Promise.all([reducedGray(left, gridSide), reducedGray(right, gridSide)]);
  const [grayL, grayR] = await grays;
  matchLevels(grayR.data, grayL.data, 1, 0);
  // On two threads the helper makes the left view's period map (read first), the census codes and the right view's
  // period map (read once the matching is done) while this thread matches the views' corners for the range.
  const periodsLeft = twoThreads ? periodMapOnHelper(grayL) : undefined;
  const codes = twoThreads ? censusOnHelper(grayL, grayR) : undefined;
  const periodsRight = twoThreads ? periodMapOnHelper(grayR) : undefined;
  const corners = rowMatches(grayL, grayR);
  // Repeated structures: their periods bound the range searched, their copies' costs are pooled, their readings
  // moved in front (see periodic-structure.ts).
  const periods = (await periodsLeft) ?? periodMap(grayL);
  const range = await disparityRange(
    grayL,
    grayR,
    twoThreads ? censusSgmOnTwoThreads : censusSgm,
    structurePeriods(periods),
    corners,
  );
  // On two threads the grid's colours go on SharedArrayBuffers once: the matcher and the chains of other readings
  // read them on both threads.
  const shared = (rgb: Uint8Array) => sharedCopy(rgb, twoThreads);
  const [rgbL, rgbR] = await Promise.all([
    reducedRgb(left, grayL).then(shared),
    reducedRgb(right, grayL).then(shared),
  ]);
  // The right view's own colours on the grid, for its edge codes; the matcher's copy is matched to the left's levels.
  const cellsR = rgbR.slice();
  // One fit per channel, applied to the grid copy here, to the full-size view for the thin lines below, and read by
  // the synthesis for the pixels one view alone shows.
  const fits = levelFits(rgbR, rgbL);
  applyFits(rgbR, 3, fits);
  const levels = levelsOf(fits);
  const sgm = { ...range, colour: { left: rgbL, right: rgbR }, period: periods };
  const census = codes ? await codes : censusCodes(grayL, grayR);
  // On two threads the matching's total and costs are handed out again, once done, for the full-size arrays made
  // below (see SpareMemory).
  const spare = twoThreads ? new SpareMemory() : undefined;
  const maps = codes
    ? await censusSgmOnTwoThreads(grayL, grayR, sgm, census, spare)
    : censusSgm(grayL, grayR, sgm, census);
  const periodsR = periodsRight ? await periodsRight : periodMap(grayR);
  if (twoThreads) await foldedOnTwoThreads(maps, periods, periodsR);
  else {
    foldAliases(maps.left, periods, maps.width, maps.height);
    foldAliases(maps.right, periodsR, maps.width, maps.height);
  }
  foldInFrontOfSeenThrough({
    maps,
    periods: { left: periods, right: periodsR },
    grays: { left: grayL, right: grayR },
  });
  // The thin lines' colour tests read the full-size views: the right one at the left one's levels.
  const levelledRight = levelled(right, fits, spare && ((length) => spare.bytes(length)));
  placeThinLines(grayL, grayR, { left, right: levelledRight }, maps, range);
  // The maps are final: on two threads the right view's chain of other readings starts on the helper while this
  // thread judges the pair's confidence (it is thrown away if the frames turn out to be cross-fades).
  const aliasInput = { left: grayL, right: grayR, maps, range, codes: census, colour: sgm.colour };
  const otherOnTwoThreads = twoThreads ? otherReadingsOnTwoThreads(aliasInput) : undefined;
  // Per view: the disparity settled along upright structures' columns and completed, its reliable flags' local
  // support (see supportOf), and the synthesis' trust.
  const guides = {
    left: columnGuide(grayL.data, periods, maps.width, maps.height),
    right: columnGuide(grayR.data, periodsR, maps.width, maps.height),
  };
  const reading = (pair: { left: Float32Array; right: Float32Array }) => {
    const left = settledColumns(pair.left, guides.left, maps.width, maps.height);
    const right = settledColumns(pair.right, guides.right, maps.width, maps.height);
    const sides = {
      left: fillDisparity(left, maps.width, maps.height, 'left', right),
      right: fillDisparity(right, maps.width, maps.height, 'right', left),
    };
    const support = [sides.left, sides.right].map((side) =>
      supportOf(side.reliable, maps.width, maps.height),
    );
    for (const side of [sides.left, sides.right]) ramp(side.reliable, TRUST_FROM);
    return { ...sides, support };
  };
  const readings = [reading(maps)];
  const [supportL, supportR] = readings[0]!.support;
  const confidence = (shareReliable(supportL!) + shareReliable(supportR!)) / 2;
  const grid = { width: maps.width, height: maps.height, scale: left.width / grayL.width };
  const inside = positions.filter((percent) => percent > 0 && percent < 100).map((percent) => percent / 100);
  const synthesize = confidence >= SYNTHESIS_CONFIDENCE && inside.length > 0;
  // The other readings of repeated structures, and the maps read instead of the matcher's (see otherReadings).
  const other = otherOnTwoThreads
    ? await otherOnTwoThreads(synthesize)
    : synthesize
      ? otherReadingsHere(aliasInput)
      : {};
  if (other.primary) readings[0] = reading(other.primary);
  if (other.second) readings.push(reading(other.second));
  if (synthesize) {
    // Only the readings the frames are made from have their outlines snapped: the confidence does not read the
    // disparity, and a first reading that other.primary replaced, or cross-fades, would not use them.
    for (const { left: l, right: r } of readings) {
      snapOutlines(l.disparity, rgbL, maps.width, maps.height);
      snapOutlines(r.disparity, cellsR, maps.width, maps.height);
    }
    options.onDisparity?.({ data: readings[0]!.left.disparity, width: maps.width, height: maps.height });
  }
  // On two threads the helper reads the views and plans where they are, on SharedArrayBuffers.
  const images = twoThreads
    ? { left: sharedImage(left, spare), right: sharedImage(right, spare) }
    : { left, right };
  const plansOf = async ({ left: l, right: r }: (typeof readings)[number]) => {
    const edges = {
      left: { image: images.left, cells: rgbL, disparity: l.disparity },
      right: { image: images.right, cells: cellsR, disparity: r.disparity },
    };
    const [codesL, codesR] = twoThreads
      ? await edgeCodesOnTwoThreads(edges.left, edges.right, grid, spare)
      : [edgeCodes(left, rgbL, l.disparity, grid), edgeCodes(right, cellsR, r.disparity, grid)];
    const sideL = { image: images.left, ...l, codes: codesL };
    const sideR = { image: images.right, ...r, codes: codesR, ...(levels ? { levels } : {}) };
    return twoThreads
      ? viewPlansOnTwoThreads(sharedView(sideL), sharedView(sideR), grid, inside, SEES_TOLERANCE)
      : inside.map((t) => viewPlan(sideL, sideR, grid, t, SEES_TOLERANCE));
  };
  const render = async (plans: readonly ViewPlan[], columns?: readonly Int32Array[]) =>
    twoThreads
      ? synthesizeViewsOnTwoThreads(plans, columns, spare)
      : plans.map((plan, k) => viewFromPlan(plan, columns?.[k]));
  const first = synthesize ? await plansOf(readings[0]!) : [];
  const synthesized = await render(first);
  if (readings[1]) {
    // The second reading's frames are made only where they can differ, and mixed with the first's there.
    const second = await plansOf(readings[1]);
    const changed = second.flatMap((plan, k) => {
      const columns = changedColumns(first[k]!, plan);
      return columns ? [{ plan, k, columns }] : [];
    });
    const others = await render(
      changed.map((c) => c.plan),
      changed.map((c) => c.columns),
    );
    for (const [n, { k, plan, columns }] of changed.entries()) {
      mixReadings(synthesized[k]!, others[n]!, columns, { a: first[k]!.depth, b: plan.depth, grid });
    }
  }
  const frames = positions.map((percent) => {
    const t = percent / 100;
    if (t <= 0) return left;
    if (t >= 1) return right;
    return synthesize ? synthesized[inside.indexOf(t)]! : crossFade(left, right, t);
  });
  return { frames, confidence };
}

/** Both views' chains of other readings run on this thread (see other-readings.ts). */
function otherReadingsHere(input: AliasInput): { primary?: AliasMaps; second?: AliasMaps } {
  const n = input.maps.left.length;
  const [left, right] = [sideChain(n, false), sideChain(n, false)];
  runSideChain(input, 'left', left);
  runSideChain(input, 'right', right);
  return otherReadings(left, right);
}

/**
 * Local support where the mean of the reliable flags over the 5×5 around a pixel reaches this, full support 0.4
 * above: a real surface is consistent over whole regions, while scattered consistent pixels (chance matches between
 * unrelated pictures, noise) are not, and the confidence counts only the supported ones (see supportOf).
 */
const SUPPORTED_FROM = 0.5;
/**
 * The synthesis trusts a pixel from a lower local mean (TRUST_FROM to 0.4 above; below, it shows the cross-fade): on
 * structures thinner than the window (poles, boards, grout), the consistent pixels beside the few unreliable ones
 * at their edges lost a third to half of their trust at SUPPORTED_FROM, and the cross-fade showed each pole twice
 * beside itself. Measured in bench/engine/interpolate.ts against 0.5: mean gain over a cross-fade +6.28 → +6.80 dB
 * on 52 scenes (held-out +5.87 → +6.38, random +6.51 → +7.32, window grids and railings +1 to +2, thin poles +0.1
 * to +0.9, near-alias fences unchanged, the red-paint fence 0.457 → 0.494); the layered scenes lose 0.11 to 0.35 of
 * their 14–15 dB (the misread patches beside a few objects' edges show through); 0.4 gave half of each.
 */
const TRUST_FROM = 0.3;

/**
 * The pixels' local support: `reliable` becomes the 5×5 mean of its flags (in place, so the fallback to a
 * cross-fade fades in instead of switching); returned, that mean ramped from SUPPORTED_FROM (0) over 0.4 (1).
 */
function supportOf(reliable: Float32Array, width: number, height: number): Float32Array {
  boxBlur(reliable, width, height, 2);
  const support = new Float32Array(reliable);
  ramp(support, SUPPORTED_FROM);
  return support;
}

/** `values` ramped in place from `from` (0) over 0.4 (1). */
function ramp(values: Float32Array, from: number): void {
  for (let i = 0; i < values.length; i++) values[i] = Math.min(1, Math.max(0, (values[i]! - from) / 0.4));
}
