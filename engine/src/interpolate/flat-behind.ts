import { exactColourAt, type Matching, unmatchedShare } from './alias-costs';
import { median, outside, stepEdged, structureVote, valuesAt } from './alias-regions';

/**
 * A flat part of a repeated structure whose parallax is about its spacing (the boards of a painted fence moved by
 * 0.88-1.12 times their spacing) matches just as well at its disparity minus one spacing, a grid pixel or so behind
 * or in front of the background; the matcher's smoothness term takes that reading, and the in-betweens put
 * full-contrast boards at about the left and right views' places, half a spacing from the true ones. Of 17 such
 * painted fences at 1920 px (the bench's spacing ×0.6-1.2), 6 were 0.21-0.85 dB worse than a cross-fade in every
 * frame. The regions that find aliases in front in aliasSide stand out from their surround in the map; these merge
 * with it.
 *
 * Read behind its surround, such a region is impossible: bounded by steps of its own (they move with its disparity,
 * not with the textured surround's), it covers and uncovers the surround as it moves, so it is in front. Read barely
 * in front, it is possible, and so is its alias. Either way, a flat region with steps of its own that is not clearly
 * in front of its surround, and that matches as well at a reading clearly in front, is ambiguous: that reading is its
 * alias (see aliasMaps: the frames are made under both readings and mixed). A flat region painted on its surround
 * (a tile on a floor) moves with it and is left alone; smooth patches of texture are told apart by their soft
 * borders and by the shifts they find, which do not agree as a structure's do.
 */

/**
 * Neighbouring pixels within this many grey levels of the region's first pixel (and FLAT_COLOUR in each channel) are
 * one flat region.
 */
const FLAT_LEVEL = 3;
/** Flat regions smaller than this (grid px) are not judged. */
const MIN_FLAT = 12;
/** The region's reading and its surround's are this far apart at least (grid px): their edges can be told apart. */
const APART = 0.5;
/**
 * The surround: pixels this far outside the region along its rows, past the matcher's blur of its edges (2 to 4 px
 * out, a board read 1.0 found its surround at 0.7 where the wall was at 0, and on a fence whose boards are read
 * 1.3 grid px in front, 52 regions were left as they were: +0.11 dB over a cross-fade, +0.73 from 3 to 6 px).
 */
const SURROUND_FROM = 3;
const SURROUND_TO = 6;
/** The alias stands this far (grid px) in front of the surround. */
const IN_FRONT = 1.5;
/**
 * Share of the region's pixels more that fail to match at the surround's reading (it moves on its own), and at a
 * shift between its reading and the alias (the alias is another match).
 */
const MOVED = 0.15;
/** Share of the region's pixels more that may fail to match at the alias than at its own reading. */
const TIE = 0.03;
/** Share of the region's pixels that may fail to match at its own reading. */
const OWN = 0.1;
/** Pixels of the regions that found one alias (±1 level) a structure needs, and their share of all that found one. */
const MIN_STRUCTURE = 400;
const STRUCTURE_SHARE = 0.5;

/**
 * A flat region read within APART of its surround moves on its own when its edges match best this far (grid px) or
 * more from the surround's reading (see edgeMotion), as the median over all such regions of the view says: their
 * structure's parallax is within about a grid pixel of a whole number of spacings.
 */
const NEAR_MOTION = 0.15;
/** Shifts (grid px, about the reading it starts from) edgeMotion tries first, and its refinements' steps. */
const MOTION_REACH = 1;
const MOTION_STEP = 0.25;
const MOTION_REFINE = 3;

/**
 * One view's flat regions read behind or barely in front of their surround, moved in `out` (a copy of m.map: only
 * moved pixels are written) to their alias in front (see above); the count of pixels moved.
 */
export function flatBehindAliases(
  m: Matching,
  range: { min: number; max: number },
  out: Float32Array,
): number {
  const { map } = m;
  const { width } = m.own;
  const { label, regions } = m.flatRegions(FLAT_LEVEL, MIN_FLAT);
  const candidates = movingOnTheirOwn(regions.flatMap(({ pixels }) => candidateOf(m, label, pixels) ?? []));
  /** Regions that found an alias, with its shift and their reading. */
  const found: { members: Int32Array; alias: Alias }[] = [];
  for (const candidate of candidates) {
    const alias = aliasOf(m, label, candidate, range);
    if (alias) found.push({ members: candidate.members, alias });
  }
  // One structure, one alias: the shift most of the regions' pixels found (±1), when they are enough. A smooth patch
  // of texture can find its like somewhere along the row by chance, each at another shift.
  const votes = new Map<number, number>();
  for (const { members, alias } of found)
    votes.set(alias.whole, (votes.get(alias.whole) ?? 0) + members.length);
  const vote = structureVote(votes);
  const total = found.reduce((n, f) => n + f.members.length, 0);
  if (!vote || vote.pixels < MIN_STRUCTURE || vote.pixels < STRUCTURE_SHARE * total) return 0;
  let changed = 0;
  for (const { members, alias } of found) {
    if (Math.abs(alias.whole - vote.shift) > 1) continue;
    const edges = outside(label, members, width, 1, 1).filter(
      (i) => Math.abs(map[i]! - alias.reading) <= APART,
    );
    for (const i of [...members, ...edges]) {
      if (Number.isNaN(map[i]!)) continue;
      out[i] = map[i]! + alias.shift;
      changed++;
    }
  }
  return changed;
}

/**
 * A flat region's alias: the first whole shift to its reading in front (what the structure votes on), the shift
 * where its edges match best about the middle of the run of whole shifts it matches at from there (see aliasOf), and
 * its own reading (the median of its pixels').
 */
interface Alias {
  whole: number;
  shift: number;
  reading: number;
}

/**
 * A flat region with steps of its own that is not clearly in front of its surround and matches at its own reading:
 * its reading, its surround's, its share of pixels unmatched there, and (read within APART of the surround) how far
 * from the surround's reading its edges match best (see edgeMotion).
 */
interface Candidate {
  members: Int32Array;
  reading: number;
  surround: number;
  atOwn: number;
  motion?: number;
}

/**
 * The region as a candidate (see Candidate). One read APART or more from its surround must also move on its own: at
 * the surround's reading its edges land off its like.
 */
function candidateOf(m: Matching, label: Int32Array, members: Int32Array): Candidate | undefined {
  const { map, own } = m;
  const { width } = own;
  if (!stepEdged(own, m.colour.own, label, members)) return undefined;
  const reading = median(valuesAt(map, members));
  const surround = median(valuesAt(map, outside(label, members, width, SURROUND_FROM, SURROUND_TO)));
  if (!(reading < surround + IN_FRONT)) return undefined;
  const atOwn = unmatchedShare(m, members, (i) => map[i]!);
  if (!(atOwn <= OWN)) return undefined;
  if (Math.abs(reading - surround) <= APART) {
    return { members, reading, surround, atOwn, motion: edgeMotion(m, label, members, surround) };
  }
  const atSurround = unmatchedShare(m, members, () => surround);
  return atSurround - atOwn > MOVED ? { members, reading, surround, atOwn } : undefined;
}

/**
 * The candidates that move on their own. Those read APART or more from their surround do (see candidateOf). Those
 * read within APART of it are a repeated structure whose parallax is within about a grid pixel of a whole number of
 * spacings (the matcher reads its boards where the surround is), or flat parts painted on their surround (tiles on a
 * floor), which move with it: the median of their edges' motions tells which (see NEAR_MOTION), and the regions on
 * its side are kept. A region's own motion is noisy (±0.2 grid px on a tiled floor); the structure's is not.
 *
 * On a red painted fence moved by 28 px every 29 px at 1920 (the held-out scenes' spacing ×0.6, parallax ×0.7), the
 * matcher read the boards 0.07–0.18 grid px behind the wall, their edges moved 0.30 behind it (the truth: 1/3), and
 * the frames were 0.08–0.15 dB better than a cross-fade; judged by their edges, 0.96–1.02 dB. On the tuned and
 * held-out tiled floors the median was within 0.05 of the floor's reading.
 */
function movingOnTheirOwn(candidates: Candidate[]): Candidate[] {
  const near = candidates.filter((c) => c.motion !== undefined);
  const motion = weightedMedian(near.map((c) => ({ value: c.motion!, weight: c.members.length })));
  const structureMoves = Math.abs(motion) >= NEAR_MOTION;
  return candidates.filter(
    (c) => c.motion === undefined || (structureMoves && Math.sign(c.motion) === Math.sign(motion)),
  );
}

/**
 * How far from the reading `about` (grid px) the region's edges match best: the Σ of exactColourAt over the pixels
 * at its row ends and the pixels just outside them (where a board's edge blends with what is behind it), least over
 * shifts MOTION_STEP apart within MOTION_REACH, then refined MOTION_REFINE times by halves. The matcher's smoothness
 * term reads a flat region about where its surround is when its parallax is within a pixel of it; its edges read
 * at a fraction of a pixel are not smoothed. Read about its surround's reading, this is its motion against the
 * surround (see candidateOf); about its alias, where its edges land best (see aliasOf).
 */
function edgeMotion(m: Matching, label: Int32Array, members: Int32Array, about: number): number {
  const { width } = m.own;
  const region = label[members[0]!]!;
  const band: number[] = [];
  for (let k = 0; k < members.length; k++) {
    const i = members[k]!;
    const x = i % width;
    if (x > 0 && label[i - 1] !== region) band.push(i, i - 1);
    if (x < width - 1 && label[i + 1] !== region) band.push(i, i + 1);
  }
  const cost = (shift: number) => {
    let sum = 0;
    for (let k = 0; k < band.length; k++) sum += exactColourAt(m, band[k]!, about + shift);
    return sum;
  };
  let best = 0;
  let least = cost(0);
  for (let shift = -MOTION_REACH; shift <= MOTION_REACH; shift += MOTION_STEP) {
    const c = shift === 0 ? least : cost(shift);
    if (c < least) [best, least] = [shift, c];
  }
  for (let step = MOTION_STEP / 2, n = 0; n < MOTION_REFINE; step /= 2, n++) {
    const centre = best;
    for (const shift of [centre - step, centre + step]) {
      const c = cost(shift);
      if (c < least) [best, least] = [shift, c];
    }
  }
  return best;
}

/** The weighted median of `values` (0 when there are none). */
function weightedMedian(values: { value: number; weight: number }[]): number {
  const sorted = [...values].sort((a, b) => a.value - b.value);
  const half = sorted.reduce((sum, v) => sum + v.weight, 0) / 2;
  let sum = 0;
  for (const { value, weight } of sorted) {
    sum += weight;
    if (sum >= half) return value;
  }
  return 0;
}

/**
 * The candidate's alias in front (see Alias): the nearest shift in front where it matches about as well as at its
 * own reading, with a shift between where it does not (a separate match, not the same one blurred). Judged by the
 * share of its pixels that match (within MATCHED levels, in Birchfield and Tomasi's way) at a reading: a flat region
 * matches wherever its whole extent lands on its like in the other view.
 */
function aliasOf(
  m: Matching,
  label: Int32Array,
  { members, reading, surround, atOwn }: Candidate,
  range: { min: number; max: number },
): Alias | undefined {
  const { map } = m;
  const offAt = (s: number) => unmatchedShare(m, members, (i) => map[i]! + s) - atOwn;
  let barrier = 0;
  for (let s = 1; reading + s <= range.max; s++) {
    const off = offAt(s);
    if (s >= surround + IN_FRONT - reading && off <= TIE && barrier > MOVED) {
      // A region narrower than its like matches at a run of whole shifts, the alias about their middle, where its
      // edges match best. The first of the run was the alias before: on a painted fence moved by 28 px every 29 px at
      // 1920, 72 % of the boards' pixels in the left view landed within 0.75 grid px of the truth; at the middle and
      // its edges' best, 86 %.
      let last = s;
      while (reading + last + 1 <= range.max && offAt(last + 1) <= TIE) last++;
      const middle = reading + (s + last) / 2;
      return { whole: s, shift: middle + edgeMotion(m, label, members, middle) - reading, reading };
    }
    barrier = Math.max(barrier, off);
  }
  return undefined;
}
