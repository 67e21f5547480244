import { type Matching, unmatchedShare } from './alias-costs';
import { FLAT_COLOUR, growRegion, median, outside, stepEdged, valuesAt } from './alias-regions';
import { type AliasInput, type AliasMaps, matchingOf } from './ambiguous-repeats';

/**
 * One reading for a repeated structure when its parts say which. The matcher reads a structure's flat parts at its
 * disparity d or one spacing s off it, and aliasMaps, flatBehindAliases and settleFlatParts pair each part's reading
 * with the other that matches as well; the frames mix both, since nothing in one part tells which is true. But a
 * structure stands at one depth, so its parts together can: when some are read at d − s about where their surround
 * is (where the matcher's smoothness pulls the boards of a fence whose parallax is about its spacing) and others at
 * d + s, both with d as their other reading, d is the only reading all of them share. Then every part of the
 * structure takes d alone, instead of half of every board one spacing off for nothing.
 *
 * The parts read at d − s may also have been merged with the wall by the matcher, with no alias found for them: the
 * flat ones, edged by steps of their own, read one spacing below d and matching as well at d, are found here (see
 * hiddenParts). A structure read on one side only, in front of its surround (d and d + s, or d − s and d), keeps
 * both readings: there the two are equally likely.
 *
 * Measured in bench/engine/interpolate.ts at 1920 px (frames 25/50/75 over a cross-fade): the held-out red-paint
 * fence +0.28/+0.84/+0.36 → +0.99/+1.45/+1.07 dB (its d − s parts hidden in the wall), a random painted fence (draw
 * 2026) +1.79/+2.02/+1.83 → +3.14/+2.94/+3.18. A faint textured fence read at d and d + 2s (both pointing at
 * d + s) lost 1.6 dB before the lower reading had to lie near its surround. Parts read behind their surround (which
 * they cannot be, see flatBehindAliases) were tried as evidence too: two near-alias fences gained 1.1-1.5 dB, but
 * two faint textured fences lost 0.2 and 1.6 dB, whose boards' surround the matcher had read in front of them.
 */

/** Moved pixels (read differently in the two maps) a structure needs before it is judged. */
const MIN_STRUCTURE = 400;
/** Each side's share of the structure's pixels: a side this small is noise at a region's edges. */
const MIN_SIDE = 0.15;
/** The two sides' spacings agree within this (grid px). */
const SAME_SPACING = 2;
/** An alias is at least this far from its own reading (grid px): a nearer one is the same match, blurred. */
const MIN_SHIFT = 3;
/**
 * Neighbouring pixels within this many grey levels of the region's first pixel (and FLAT_COLOUR in each channel) are
 * one flat region.
 */
const FLAT_LEVEL = 3;
/** Flat regions smaller than this (grid px) are not judged. */
const MIN_FLAT = 12;
/**
 * Share of a flat part's pixels that must be read (not NaN) and not moved by an alias for it to be judged hidden,
 * or that must be among the moved pixels judged for it to count as one of them.
 */
const UNMOVED = 0.5;
/** Share of a flat part's pixels that may fail to match at its own reading. */
const OWN = 0.1;
/** Share of its pixels more that may fail to match at d than at its own reading. */
const TIE = 0.03;
/** Share of its pixels more that fail at some reading between (a separate match, not the same one blurred). */
const BARRIER = 0.15;
/** A part read less than this far (grid px) in front of its surround is about where the surround is. */
const IN_FRONT = 1.5;
/** The surround: pixels this far outside a part along its rows, past the matcher's blur of its edges. */
const SURROUND_FROM = 3;
const SURROUND_TO = 6;
/** A part's edge pixels (one outside it along its rows) read within this of it move with it. */
const APART = 0.5;

/**
 * The maps with one reading for each structure read on both sides of it (see above): new primary and alias maps
 * (copies), or undefined when no structure was.
 */
export function oneReadingPerStructure(
  input: AliasInput,
  primary: AliasMaps,
  alias: AliasMaps,
): { primary: AliasMaps; alias: AliasMaps } | undefined {
  const out = {
    primary: { left: new Float32Array(primary.left), right: new Float32Array(primary.right) },
    alias: { left: new Float32Array(alias.left), right: new Float32Array(alias.right) },
  };
  const settled =
    commitSide(input, 'left', out.primary.left, out.alias.left) +
    commitSide(input, 'right', out.primary.right, out.alias.right);
  return settled > 0 ? out : undefined;
}

/** Pixels pointing at one value from below and above, with the spacings. */
interface Sides {
  value: number;
  below: number[];
  above: number[];
  spacingBelow: number;
  spacingAbove: number;
}

/**
 * One view: the structure's reading written into both maps (in place); the count of pixels set. `m` is the view's
 * matching (see matchingOf).
 */
export function commitSide(
  input: AliasInput,
  side: 'left' | 'right',
  primary: Float32Array,
  alias: Float32Array,
  m: Matching = matchingOf(input, side),
): number {
  const moved: number[] = [];
  for (let i = 0; i < primary.length; i++) {
    const p = primary[i]!;
    const a = alias[i]!;
    if (!Number.isNaN(p) && !Number.isNaN(a) && Math.abs(a - p) >= MIN_SHIFT) moved.push(i);
  }
  if (moved.length < MIN_STRUCTURE) return 0;
  const enough = MIN_SIDE * moved.length;
  const candidates = pointedAt(moved, primary, alias, enough);
  for (const { value, below, above, spacingBelow, spacingAbove } of candidates) {
    // Read one spacing below, about where its surround is (where the matcher's smoothness pulls a near-alias
    // structure), and one above, both pointing at it: the only reading all parts share. A structure read clearly in
    // front at the lower reading was not pulled there: the lower reading is as likely as the middle one (a faint
    // fence read at d and d + 2s pointed at d + s).
    if (
      above.length >= enough &&
      Math.abs(spacingBelow - spacingAbove) <= SAME_SPACING &&
      nearSurround(m, primary, alias, below) >= enough
    ) {
      return commit(moved, primary, alias, value);
    }
  }
  // The side that is missing may be hidden in the surround: flat parts read one spacing beyond, matching as well at
  // the reading the others point at.
  const sides = candidates[0];
  if (!sides) return 0;
  const { value } = sides;
  const seen = sides.below.length >= sides.above.length ? 'below' : 'above';
  const spacing = seen === 'below' ? sides.spacingBelow : sides.spacingAbove;
  const beyond = seen === 'below' ? value + spacing : value - spacing;
  const hidden = hiddenParts(m, primary, alias, beyond, value);
  const total = moved.length + hidden.size;
  if (sides[seen].length < MIN_SIDE * total || hidden.size < MIN_SIDE * total) return 0;
  // The lower reading lies near its surround here too (hidden parts below are found only there).
  if (seen === 'below' && nearSurround(m, primary, alias, sides.below) < MIN_SIDE * total) return 0;
  for (const [i, shift] of hidden) primary[i] = alias[i] = primary[i]! + shift;
  return hidden.size + commit(moved, primary, alias, value);
}

/**
 * The values (whole grid px, ±1) at least `enough` moved pixels' other readings point at, the most pointed at
 * first, each with those pixels split by the side their own reading lies on.
 */
function pointedAt(
  moved: readonly number[],
  primary: Float32Array,
  alias: Float32Array,
  enough: number,
): Sides[] {
  const counts = new Map<number, number>();
  for (const i of moved) {
    const v = Math.round(alias[i]!);
    counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  const found: Sides[] = [];
  for (;;) {
    let best: { value: number; pixels: number } | undefined;
    for (const v of counts.keys()) {
      const pixels = (counts.get(v - 1) ?? 0) + (counts.get(v) ?? 0) + (counts.get(v + 1) ?? 0);
      if (pixels > (best?.pixels ?? 0)) best = { value: v, pixels };
    }
    if (!best || best.pixels < enough) return found;
    for (const v of [best.value - 1, best.value, best.value + 1]) counts.delete(v);
    const below: number[] = [];
    const above: number[] = [];
    for (const i of moved) {
      if (Math.abs(Math.round(alias[i]!) - best.value) > 1) continue;
      (primary[i]! < alias[i]! ? below : above).push(i);
    }
    const spacing = (pixels: number[]) => median(pixels.map((i) => Math.abs(alias[i]! - primary[i]!)));
    found.push({
      value: median([...below, ...above].map((i) => alias[i]!)),
      below,
      above,
      spacingBelow: spacing(below),
      spacingAbove: spacing(above),
    });
  }
}

/**
 * Pixels of `pixels` (moved ones read below their alias) in flat parts edged by steps of their own (a painted
 * board, not a piece of a textured one: its surround would be more of the board) read less than IN_FRONT in front
 * of their surround (see surroundOf). A part is a flat region (as in flatBehindAliases) most of whose pixels
 * are in `pixels`.
 */
function nearSurround(
  { own, colour }: Pick<Matching, 'own' | 'colour'>,
  primary: Float32Array,
  alias: Float32Array,
  pixels: readonly number[],
): number {
  const { width, data } = own;
  const flatColour = { rgb: colour.own, tolerance: FLAT_COLOUR };
  const inSet = new Uint8Array(primary.length);
  for (const i of pixels) inSet[i] = 1;
  const label = new Int32Array(primary.length).fill(-1);
  const grown = new Int32Array(primary.length);
  let count = 0;
  for (const [region, start] of pixels.entries()) {
    if (label[start] !== -1) continue;
    label[start] = region;
    const members = grown.subarray(
      0,
      growRegion(data, width, label, grown, 0, start, FLAT_LEVEL, flatColour),
    );
    const part = members.filter((i) => inSet[i] === 1);
    if (part.length < MIN_FLAT || part.length < UNMOVED * members.length) continue;
    if (!stepEdged(own, colour.own, label, members)) continue;
    const reading = median(valuesAt(primary, part));
    if (reading - surroundOf(label, members, width, primary, alias) < IN_FRONT) count += part.length;
  }
  return count;
}

/** The median reading 3 to 6 px outside a region along its rows, of pixels no alias moved. */
function surroundOf(
  label: Int32Array,
  members: ArrayLike<number>,
  width: number,
  primary: Float32Array,
  alias: Float32Array,
): number {
  const around = outside(label, members, width, SURROUND_FROM, SURROUND_TO).filter(
    (i) => alias[i] === primary[i],
  );
  return median(around.map((i) => primary[i]!));
}

/**
 * Every moved pixel that points at `value` takes its other reading; every one read at `value` keeps its own in
 * both maps. The count of pixels set.
 */
function commit(moved: readonly number[], primary: Float32Array, alias: Float32Array, value: number): number {
  let set = 0;
  for (const i of moved) {
    if (Math.abs(alias[i]! - value) <= 1.5) primary[i] = alias[i]!;
    else if (Math.abs(primary[i]! - value) <= 1.5) alias[i] = primary[i]!;
    else continue;
    set++;
  }
  return set;
}

/**
 * Pixels of the flat parts (edged by steps of their own) that no alias moved, read within a level of `beyond`, and
 * that match at `value` about as well as at their own reading, with a reading between where they do not; below
 * `value`, only those read near their surround (see nearSurround). Each with the shift that takes its part's reading
 * to `value`.
 */
function hiddenParts(
  m: Matching,
  primary: Float32Array,
  alias: Float32Array,
  beyond: number,
  value: number,
): Map<number, number> {
  const { width } = m.own;
  const { label, regions } = m.flatRegions(FLAT_LEVEL, MIN_FLAT);
  /** Pixel → the shift that takes it to `value`. */
  const found = new Map<number, number>();
  for (const { pixels: members } of regions) {
    // Pixels the matcher left unreliable (NaN) say nothing; a part that is mostly moved already has its alias.
    const read = members.filter((i) => !Number.isNaN(primary[i]!) && alias[i] === primary[i]);
    if (read.length < MIN_FLAT || read.length < UNMOVED * members.length) continue;
    const reading = median(valuesAt(primary, read));
    if (!(Math.abs(reading - beyond) <= 1) || !stepEdged(m.own, m.colour.own, label, members)) continue;
    const unmatched = (shift: number) => unmatchedShare(m, read, (i) => primary[i]! + shift);
    const own = unmatched(0);
    const shift = value - reading;
    if (!(own <= OWN && unmatched(shift) - own <= TIE)) continue;
    let barrier = 0;
    const step = Math.sign(shift);
    for (let s = step; Math.abs(s) < Math.abs(shift) - 1; s += step)
      barrier = Math.max(barrier, unmatched(s) - own);
    if (barrier <= BARRIER) continue;
    if (beyond < value && !(reading - surroundOf(label, members, width, primary, alias) < IN_FRONT)) continue;
    const edges = outside(label, members, width, 1, 1).filter(
      (i) => Math.abs(primary[i]! - reading) <= APART && alias[i] === primary[i],
    );
    for (const i of [...read, ...edges]) found.set(i, shift);
  }
  return found;
}
