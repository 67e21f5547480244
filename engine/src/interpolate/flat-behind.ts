import { type Matching, unmatchedShare } from './alias-costs';
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

/** Neighbouring pixels within this many grey levels of the region's first pixel are one flat region. */
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
  /** Regions that found an alias, with its shift and their reading. */
  const found: { members: Int32Array; alias: Alias }[] = [];
  for (const { pixels: members } of regions) {
    const alias = aliasOf(m, label, members, range);
    if (alias) found.push({ members, alias });
  }
  // One structure, one alias: the shift most of the regions' pixels found (±1), when they are enough. A smooth patch
  // of texture can find its like somewhere along the row by chance, each at another shift.
  const votes = new Map<number, number>();
  for (const { members, alias } of found)
    votes.set(alias.shift, (votes.get(alias.shift) ?? 0) + members.length);
  const vote = structureVote(votes);
  const total = found.reduce((n, f) => n + f.members.length, 0);
  if (!vote || vote.pixels < MIN_STRUCTURE || vote.pixels < STRUCTURE_SHARE * total) return 0;
  let changed = 0;
  for (const { members, alias } of found) {
    if (Math.abs(alias.shift - vote.shift) > 1) continue;
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

/** A flat region's alias: the shift to its reading in front, and its own reading (the median of its pixels'). */
interface Alias {
  shift: number;
  reading: number;
}

/**
 * The region's alias in front (see Alias), when its edges are steps of its own and it is not clearly in front
 * already. Judged by the share of its pixels that match (within MATCHED levels, in Birchfield and Tomasi's way) at
 * a reading: a flat region matches wherever its whole extent lands on its like in the other view.
 */
function aliasOf(
  m: Matching,
  label: Int32Array,
  members: Int32Array,
  range: { min: number; max: number },
): Alias | undefined {
  const { map, own } = m;
  const { width } = own;
  if (!stepEdged(own, label, members)) return undefined;
  const reading = median(valuesAt(map, members));
  const surround = median(valuesAt(map, outside(label, members, width, SURROUND_FROM, SURROUND_TO)));
  if (!(reading < surround + IN_FRONT && Math.abs(reading - surround) > APART)) return undefined;
  // Each pixel read at its own reading plus `shift(i)` (see difference).
  const unmatched = (shift: (i: number) => number) => unmatchedShare(m, members, (i) => map[i]! + shift(i));
  const atOwn = unmatched(() => 0);
  // Its own motion: at the surround's reading its edges land off its like.
  if (!(atOwn <= OWN && unmatched((i) => surround - map[i]!) - atOwn > MOVED)) return undefined;
  // The alias: the nearest shift in front where it matches about as well as at its own reading, with a shift
  // between where it does not (a separate match, not the same one blurred).
  let barrier = 0;
  for (let s = 1; reading + s <= range.max; s++) {
    const off = unmatched(() => s) - atOwn;
    if (s >= surround + IN_FRONT - reading && off <= TIE && barrier > MOVED) return { shift: s, reading };
    barrier = Math.max(barrier, off);
  }
  return undefined;
}
