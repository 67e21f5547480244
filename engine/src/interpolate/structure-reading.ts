import { differenceAt } from './alias-costs';
import { growRegion, median, outside, stepEdged } from './alias-regions';
import { type AliasInput, type AliasMaps, matchingOf } from './ambiguous-repeats';

/**
 * One reading for a repeated structure whose readings lie on both sides of one value. The matcher reads a
 * structure's flat parts at its disparity d or one spacing s off it, d − s or d + s, and aliasMaps and
 * settleFlatParts pair each part's reading with the other that matches as well; the frames average both, since
 * nothing in a part tells which is true. But a structure stands at one depth: when some of its parts are read at
 * d + s and others at d − s, both with d as their other reading, d is the only reading all of them share, and the
 * average would put half of every board one spacing off for nothing. Then every part of the structure takes d alone.
 *
 * Measured on painted fences at 1920 px whose parallax is near their spacing (the bench's held-out red-paint fence
 * and a random one): the parts read at d − s lie about where the wall behind is (d ≈ s), so the matcher merged them
 * with it and no alias was found for them; the parts that are flat, edged by steps of their own, read at d − s and
 * match as well at d are found here (see hiddenParts).
 *
 * A structure read on one side only (d and d + s, or d − s and d) keeps both readings: there the two are equally
 * likely, as on most painted fences of the bench.
 */

/** Moved pixels (read differently in the two maps) a structure needs before it is judged. */
const MIN_STRUCTURE = 400;
/** Each side's share of the structure's pixels: a side this small is noise at a region's edges. */
const MIN_SIDE = 0.15;
/** The two sides' spacings agree within this (grid px). */
const SAME_SPACING = 2;
/** An alias is at least this far from its own reading (grid px): a nearer one is the same match, blurred. */
const MIN_SHIFT = 3;
/** Neighbouring pixels within this many grey levels of the region's first pixel are one flat region. */
const FLAT_LEVEL = 3;
/** Flat regions smaller than this (grid px) are not judged. */
const MIN_FLAT = 12;
/** A pixel matches at a reading when its grey level differs by at most this (see differenceAt). */
const MATCHED = 12;
/** Share of a flat part's pixels that must be read (not NaN) and not moved by an alias for it to be judged. */
const UNMOVED = 0.5;
/** Share of a flat part's pixels that may fail to match at its own reading. */
const OWN = 0.1;
/** Share of its pixels more that may fail to match at d than at its own reading. */
const TIE = 0.03;
/** Share of its pixels more that fail at some reading between (a separate match, not the same one blurred). */
const BARRIER = 0.15;
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

/** One view: the structure's reading written into both maps (in place); the count of pixels set. */
function commitSide(
  input: AliasInput,
  side: 'left' | 'right',
  primary: Float32Array,
  alias: Float32Array,
): number {
  const moved: number[] = [];
  for (let i = 0; i < primary.length; i++) {
    const p = primary[i]!;
    const a = alias[i]!;
    if (!Number.isNaN(p) && !Number.isNaN(a) && Math.abs(a - p) >= MIN_SHIFT) moved.push(i);
  }
  if (moved.length < MIN_STRUCTURE) return 0;
  const sides = pointedAt(moved, primary, alias);
  if (!sides) return 0;
  const { value } = sides;
  // The side that is missing may be hidden in the surround: flat parts read one spacing beyond, matching at value.
  if (sides.below.length < MIN_SIDE * moved.length || sides.above.length < MIN_SIDE * moved.length) {
    const seen = sides.below.length >= sides.above.length ? 'below' : 'above';
    const spacing = seen === 'below' ? sides.spacingBelow : sides.spacingAbove;
    const beyond = seen === 'below' ? value + spacing : value - spacing;
    const hidden = hiddenParts(input, side, primary, alias, beyond, value);
    const total = moved.length + hidden.size;
    if (sides[seen].length < MIN_SIDE * total || hidden.size < MIN_SIDE * total) return 0;
    let set = 0;
    for (const [i, shift] of hidden) {
      primary[i] = alias[i] = primary[i]! + shift;
      set++;
    }
    return set + commit(moved, primary, alias, value);
  }
  if (Math.abs(sides.spacingBelow - sides.spacingAbove) > SAME_SPACING) return 0;
  return commit(moved, primary, alias, value);
}

/**
 * The value (whole grid px) the most moved pixels' other readings point at, with those pixels split by the side
 * their own reading lies on; undefined when none points anywhere.
 */
function pointedAt(moved: readonly number[], primary: Float32Array, alias: Float32Array): Sides | undefined {
  const counts = new Map<number, number>();
  for (const i of moved) {
    const v = Math.round(alias[i]!);
    counts.set(v, (counts.get(v) ?? 0) + 1);
  }
  let best: { value: number; pixels: number } | undefined;
  for (const v of counts.keys()) {
    const pixels = (counts.get(v - 1) ?? 0) + (counts.get(v) ?? 0) + (counts.get(v + 1) ?? 0);
    if (pixels > (best?.pixels ?? 0)) best = { value: v, pixels };
  }
  if (!best) return undefined;
  const below: number[] = [];
  const above: number[] = [];
  for (const i of moved) {
    if (Math.abs(alias[i]! - best.value) > 1.5) continue;
    (primary[i]! < alias[i]! ? below : above).push(i);
  }
  const spacing = (pixels: number[]) => median(pixels.map((i) => Math.abs(alias[i]! - primary[i]!)));
  const value = median([...below, ...above].map((i) => alias[i]!));
  return { value, below, above, spacingBelow: spacing(below), spacingAbove: spacing(above) };
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
 * that match at `value` about as well as at their own reading, with a reading between where they do not; each with
 * the shift that takes its part's reading to `value`.
 */
function hiddenParts(
  input: AliasInput,
  side: 'left' | 'right',
  primary: Float32Array,
  alias: Float32Array,
  beyond: number,
  value: number,
): Map<number, number> {
  const m = matchingOf(input, side);
  const { width, data } = m.own;
  const label = new Int32Array(primary.length).fill(-1);
  const stack: number[] = [];
  const members: number[] = [];
  /** Pixel → the shift that takes it to `value`. */
  const found = new Map<number, number>();
  for (let start = 0, region = 0; start < label.length; start++) {
    if (label[start] !== -1) continue;
    label[start] = region++;
    growRegion(data, width, label, stack, members, start, FLAT_LEVEL);
    if (members.length < MIN_FLAT) continue;
    // Pixels the matcher left unreliable (NaN) say nothing; a part that is mostly moved already has its alias.
    const read = members.filter((i) => !Number.isNaN(primary[i]!) && alias[i] === primary[i]);
    if (read.length < MIN_FLAT || read.length < UNMOVED * members.length) continue;
    const reading = median(read.map((i) => primary[i]!));
    if (!(Math.abs(reading - beyond) <= 1) || !stepEdged(m.own, label, members)) continue;
    const unmatched = (shift: number) => {
      let n = 0;
      for (const i of read) if (differenceAt(m, i, primary[i]! + shift) > MATCHED) n++;
      return n / read.length;
    };
    const own = unmatched(0);
    const shift = value - reading;
    if (!(own <= OWN && unmatched(shift) - own <= TIE)) continue;
    let barrier = 0;
    const step = Math.sign(shift);
    for (let s = step; Math.abs(s) < Math.abs(shift) - 1; s += step)
      barrier = Math.max(barrier, unmatched(s) - own);
    if (barrier <= BARRIER) continue;
    const edges = outside(label, members, width, 1, 1).filter(
      (i) => Math.abs(primary[i]! - reading) <= APART && alias[i] === primary[i],
    );
    for (const i of [...read, ...edges]) found.set(i, shift);
  }
  return found;
}
