import type { GrayImage } from '../cv/gray';
import { selectNth } from '../select-nth';
import { median } from './alias-regions';
import { SAME_PERIOD } from './periodic-structure';

/**
 * What is seen through a repeated structure lies behind it. A wire mesh matches at its disparity and at every alias
 * a period off; where the wall behind it is too dark to tell them apart, the matcher may read mesh and wall two
 * periods behind the truth, and foldToFront, which judges a copy against the readings around it, sees only the mesh
 * there. Where the mesh crosses brighter surfaces (a lawn, a box), their readings show through its holes in front of
 * the mesh's, which cannot be: the whole structure is then moved by whole periods to its first alias in front of
 * what is seen through it.
 *
 * Which pixels are the structure and which are seen through its holes is read from the grey grid:
 * - the structure's pixels look like one of their copies a period along the row (see REPEATS);
 * - a hole's pixels differ from both (each hole shows another part of the surface behind, see DIFFERS), and its
 *   copies are holes too (a pole in front of a fence interrupts the pattern: its copies are boards or the wall);
 * - a hole is closed: by the structure on both sides along the row, within a period, the two sides read alike, the
 *   hole wider than the bars beside it; and above and below within two periods by a run of the structure's rows (a
 *   line of another colour on a plain wall, or a board whose copy is a board of another colour, is no hole).
 * Each hole pixel then says whether what it shows lies in front of the structure's reading beside it or behind.
 * Only strong, one-sided evidence over both views moves anything (see EVIDENCE_RATIO), in both views alike.
 *
 * A structure may also be read at two aliases, in two parts of it: a mesh before a plain sky and a lawn, whose
 * parallax over the sky is about its spacing, has its alias a period behind where the sky is, and before the sky the
 * matcher reads mesh and sky as one surface; before the lawn and a box it reads the mesh right. The evidence over the
 * whole structure is then two-sided, and the part read behind what its holes show takes the reading of the part that
 * is not (see partReadBehind).
 */

/** Mean absolute grey difference (levels) to a copy one period along, at most: the pixel repeats. */
const REPEATS = 5;
/** …to both copies, at least: the pixel differs from its copies. */
const DIFFERS = 14;
/** A hole is closed above and below within this many periods… */
const VERTICAL_REACH = 2;
/** …by this many rows of the structure in a row (a speck of a board that matches its copy closes nothing). */
const VERTICAL_RUN = 3;
/** Readings this far apart (grid px) are different surfaces; the two sides of a hole agree within it. */
const APART = 2;
/** A reading within this (grid px) of an alias of the target is a reading of the structure, moved with it. */
const ALIAS_PHASE = 1.5;
/** Hole pixels in front of the structure needed (both views together) before anything moves… */
const MIN_EVIDENCE = 100;
/**
 * …and how many times as many as those behind it. Measured over the ray-traced bench's 9 built and 27 drawn scenes
 * and the 58 layered scenes of bench/engine/interpolate.ts: the chain-link misread two periods behind had 495 in
 * front and 4 behind (124 times as many); of the others with 100 or more in front, the most one-sided had 5.9 times
 * as many (a faint railing, 709 to 120, read right) and two near-alias painted fences 187 and 546 to none (their
 * structure already reads in front of the holes' front, see the target's test in foldInFrontOfSeenThrough).
 */
const EVIDENCE_RATIO = 20;
/** The front of what the holes show: this quantile of their readings (a few misread ones beyond it). */
const FRONT_QUANTILE = 0.9;

/** The maps and views of both sides: disparity (grid px, larger is nearer), period map, grey grid. */
export interface SeenThroughInput {
  maps: { left: Float32Array; right: Float32Array; width: number; height: number };
  periods: { left: Float32Array; right: Float32Array };
  grays: { left: GrayImage; right: GrayImage };
}

export interface SeenThroughFold {
  /** Hole pixels showing something in front of the structure beside them, and behind it (both views). */
  inFront: number;
  behind: number;
  /** The structure's new reading (grid px), or its far part's (see partReadBehind), when the evidence moved it. */
  target?: number;
  /** Readings moved. */
  moved: number;
}

/**
 * Moves a repeated structure read behind what is seen through its holes to its first alias in front of it, or a
 * part of it read so to the reading of a part that is not, in both maps in place (see the file's comment). NaN
 * readings stay.
 */
export function foldInFrontOfSeenThrough({ maps, periods, grays }: SeenThroughInput): SeenThroughFold {
  const { width: w, height: h } = maps;
  const sides = (['left', 'right'] as const).map((side) => {
    const kinds = repeatKinds(grays[side].data, periods[side], w, h);
    return { side, kinds, holes: holesOf(maps[side], periods[side], kinds, w, h) };
  });
  const [left, right] = [sides[0]!.holes, sides[1]!.holes];
  const inFront = left.inFront + right.inFront;
  const behind = left.behind + right.behind;
  const fold: SeenThroughFold = { inFront, behind, moved: 0 };
  // The structure's readings in both maps moved by `shift` (see moveReadings).
  const moveBoth = (structure: number, shift: (d: number, p: number) => number) => {
    for (const { side, kinds } of sides)
      fold.moved += moveReadings(maps[side], periods[side], kinds, structure, shift);
  };
  if (!oneSided(inFront, behind)) {
    const part = partReadBehind(left, right);
    if (!part) return fold;
    // The part's readings (within ALIAS_PHASE of it) move by the whole periods between the two parts.
    const { from, to } = part;
    moveBoth(part.period, (d) => (Math.abs(d - from) <= ALIAS_PHASE ? to - from : 0));
    return { ...fold, target: part.to };
  }
  const front = frontOf(joined(left.shown, right.shown, left.judged, right.judged));
  const beside = joined(left.besideInFront, right.besideInFront, left.inFront, right.inFront);
  const under = median(beside);
  const { phase, period } = structurePhase(left, right);
  const target = phase + Math.ceil((front - APART - phase) / period) * period;
  // A structure whose alias in front of the holes' front is where it mostly reads already (the holes in front of it
  // a minority beyond their front) is not moved.
  if (target <= under + APART) return fold;
  moveBoth(period, (d, p) => {
    // Every alias of the target moves to it.
    const k = Math.round((target - d) / p);
    return k !== 0 && Math.abs(d + k * p - target) <= ALIAS_PHASE ? k * p : 0;
  });
  return { ...fold, target };
}

/** The front of what the holes show: the FRONT_QUANTILE of their readings (reordered in place). */
function frontOf(shown: Float32Array | Float64Array): number {
  return selectNth(shown, shown.length, Math.floor(FRONT_QUANTILE * (shown.length - 1)));
}

/** Whether hole pixels showing something on one side of the structure are strong evidence against the other side. */
function oneSided(oneSide: number, otherSide: number): boolean {
  return oneSide >= MIN_EVIDENCE && oneSide >= EVIDENCE_RATIO * otherSide;
}

/** A part of a structure read `from` (grid px) that is to read `to`, a whole number of its periods in front. */
interface PartMove {
  from: number;
  to: number;
  period: number;
}

/**
 * The judged hole pixels grouped by the alias (phase + k·period, see structurePhase) the structure beside them was
 * read at. A part whose holes show, one-sidedly (see oneSided), things in front of it is read behind what is seen
 * through it; the nearest part in front of their front (FRONT_QUANTILE) whose holes show, one-sidedly, things behind
 * it, as many as those or more, is read where the structure is. The first such pair, the parts taken from far to
 * near; undefined when there is none.
 *
 * The last condition keeps a faint railing of the layered bench (bench/engine/interpolate.ts, random seed 777) read
 * right: 709 of its hole pixels show things in front of it and 1 behind (the misjudged holes the whole structure's
 * EVIDENCE_RATIO was set for), and a patch of it read a period in front has 119 behind; moved there, it lost 8 dB.
 *
 * Measured (gain over a cross-fade, frames 25 / 50 / 75) on bench/engine/interpolate-ray.ts, 9 scenes as built and
 * 9 drawn from each of seeds 4444, 2027, 5050, 7070, 3030 and 8181: seed 8181's chain-link over a sky (parallax 1.04
 * of its spacing; a far part of 199 hole pixels in front and 7 behind, a near one of 506 behind) −0.44 / −0.57 /
 * −0.45 → +11.21 / +10.67 / +11.21 dB, a painted fence of that seed (1879 against 6423) +4.13 / +2.77 / +3.36 →
 * +6.52 / +5.99 / +6.31, a window grid of seed 3030 within 0.03, the 60 other scenes the same scores; frames under
 * +0.5 dB 12 → 9 of 189. On the layered bench, painted fences +0.29 to +0.66, the other scenes the same.
 */
function partReadBehind(left: Holes, right: Holes): PartMove | undefined {
  const { phase, period } = structurePhase(left, right);
  const parts = new Map<number, { inFront: number; behind: number; shown: number[] }>();
  for (const holes of [left, right]) {
    for (let j = 0; j < holes.judged; j++) {
      const s = holes.beside[j]!;
      const d = holes.shown[j]!;
      const k = Math.round((s - phase) / period);
      const part = parts.get(k) ?? { inFront: 0, behind: 0, shown: [] };
      if (d > s + APART) {
        part.inFront++;
        part.shown.push(d);
      } else if (d < s - APART) part.behind++;
      parts.set(k, part);
    }
  }
  const sorted = [...parts].sort(([a], [b]) => a - b);
  for (const [k, far] of sorted) {
    if (!oneSided(far.inFront, far.behind)) continue;
    const front = frontOf(Float64Array.from(far.shown));
    const near = sorted.find(([n, part]) => {
      const to = phase + n * period;
      return to > front + APART && oneSided(part.behind, part.inFront) && part.behind >= far.inFront;
    });
    if (near) return { from: phase + k * period, to: phase + near[0] * period, period };
  }
  return undefined;
}

const STRUCTURE = 1;
const SEEN = 2;
/** A hole pixel read apart from the structure beside it: it stays where it was read. */
const JUDGED = 3;

/**
 * Per grid pixel of a repeated structure: STRUCTURE where it looks like one of its copies a period along, SEEN
 * where it differs from both (one copy may lie on something in front of the structure: a pole's copies are boards).
 */
function repeatKinds(g: Uint8Array, period: Float32Array, w: number, h: number): Int8Array {
  const kinds = new Int8Array(w * h);
  for (let y = 1; y < h - 1; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const p = period[i]!;
      if (!(p > 0)) continue;
      const ahead = copyDifference(g, w, x, y, p);
      const back = copyDifference(g, w, x, y, -p);
      const score = Number.isNaN(ahead) ? back : Number.isNaN(back) ? ahead : Math.min(ahead, back);
      if (score <= REPEATS) kinds[i] = STRUCTURE;
      else if (score >= DIFFERS) kinds[i] = SEEN;
    }
  }
  return kinds;
}

/** Mean |g(x, y') − g(x + shift, y')| over rows y − 1 … y + 1 (linear along the row); NaN past the row's ends. */
function copyDifference(g: Uint8Array, w: number, x: number, y: number, shift: number): number {
  const sx = x + shift;
  if (sx < 0 || sx > w - 1) return Number.NaN;
  const x0 = Math.min(Math.floor(sx), w - 2);
  const f = sx - x0;
  let sum = 0;
  for (let v = y - 1; v <= y + 1; v++) {
    const row = v * w;
    sum += Math.abs(g[row + x]! - (g[row + x0]! * (1 - f) + g[row + x0 + 1]! * f));
  }
  return sum / 3;
}

/** The judged hole pixels of one map (their first `judged` entries hold values). */
interface Holes {
  judged: number;
  inFront: number;
  behind: number;
  /** What each judged pixel shows (its reading). */
  shown: Float32Array;
  /** The structure's reading beside each judged pixel, and its period. */
  beside: Float32Array;
  periods: Float32Array;
  /** The structure's reading beside the pixels that show something in front of it (the first `inFront`). */
  besideInFront: Float32Array;
}

/** The hole pixels of a map (see the file's comment), judged; the ones read apart from the structure marked JUDGED. */
function holesOf(map: Float32Array, period: Float32Array, kinds: Int8Array, w: number, h: number): Holes {
  // At most the SEEN pixels are judged.
  let n = 0;
  for (let i = 0; i < kinds.length; i++) if (kinds[i] === SEEN) n++;
  const holes: Holes = {
    judged: 0,
    inFront: 0,
    behind: 0,
    shown: new Float32Array(n),
    beside: new Float32Array(n),
    periods: new Float32Array(n),
    besideInFront: new Float32Array(n),
  };
  for (let y = 1; y < h - 1; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const d = map[i]!;
      if (kinds[i] !== SEEN || Number.isNaN(d)) continue;
      const p = period[i]!;
      const step = Math.round(p);
      const holeCopy = (x >= step && kinds[i - step]! >= SEEN) || (x + step < w && kinds[i + step]! >= SEEN);
      if (!holeCopy) continue;
      const toLeft = structureBeside(map, kinds, w, x, i, -1, Math.ceil(p));
      const toRight = structureBeside(map, kinds, w, x, i, 1, Math.ceil(p));
      if (toLeft === 0 || toRight === 0) continue;
      const left = map[i - toLeft]!;
      const right = map[i + toRight]!;
      if (Math.abs(left - right) > APART) continue;
      const width = toLeft + toRight - 1;
      if (width <= barWidth(kinds, w, x - toLeft, i - toLeft, -1, p)) continue;
      if (width <= barWidth(kinds, w, x + toRight, i + toRight, 1, p)) continue;
      const reach = VERTICAL_REACH * Math.ceil(p);
      if (!closedAlong(kinds, w, h, x, y, -1, reach) || !closedAlong(kinds, w, h, x, y, 1, reach)) continue;
      const s = (left + right) / 2;
      holes.shown[holes.judged] = d;
      holes.beside[holes.judged] = s;
      holes.periods[holes.judged++] = p;
      if (d > s + APART) holes.besideInFront[holes.inFront++] = s;
      else if (d < s - APART) holes.behind++;
      if (Math.abs(d - s) > APART) kinds[i] = JUDGED;
    }
  }
  return holes;
}

/**
 * How far along the row (1 … reach) in direction `dir` the nearest repeating pixel with a reading lies; 0 when none
 * does within `reach`.
 */
function structureBeside(
  map: Float32Array,
  kinds: Int8Array,
  w: number,
  x: number,
  i: number,
  dir: 1 | -1,
  reach: number,
): number {
  for (let k = 1; k <= reach; k++) {
    if (x + dir * k < 0 || x + dir * k >= w) return 0;
    const j = i + dir * k;
    if (kinds[j] === STRUCTURE && !Number.isNaN(map[j]!)) return k;
  }
  return 0;
}

/** The run of repeating pixels from pixel i (column x) on in direction `dir`, at most a period long. */
function barWidth(kinds: Int8Array, w: number, x: number, i: number, dir: 1 | -1, p: number): number {
  let n = 0;
  while (n < p && x + dir * n >= 0 && x + dir * n < w && kinds[i + dir * n] === STRUCTURE) n++;
  return n;
}

/** Whether a run of VERTICAL_RUN repeating pixels starts within `reach` rows up (dir −1) or down (1) column x. */
function closedAlong(
  kinds: Int8Array,
  w: number,
  h: number,
  x: number,
  y: number,
  dir: 1 | -1,
  reach: number,
) {
  let run = 0;
  for (let k = 1; k <= reach + VERTICAL_RUN - 1; k++) {
    const yy = y + dir * k;
    if (yy < 0 || yy >= h) return false;
    run = kinds[yy * w + x] === STRUCTURE ? run + 1 : 0;
    if (run >= VERTICAL_RUN) return true;
  }
  return false;
}

/** The first `a` values of `first` followed by the first `b` of `second`. */
function joined(first: Float32Array, second: Float32Array, a: number, b: number): Float64Array {
  const out = new Float64Array(a + b);
  for (let k = 0; k < a; k++) out[k] = first[k]!;
  for (let k = 0; k < b; k++) out[a + k] = second[k]!;
  return out;
}

/**
 * The structure's period (median over the judged hole pixels) and the phase of its readings beside them modulo it
 * (circular mean, grid px): its aliases are phase + k·period, whichever one each part was read at.
 */
function structurePhase(left: Holes, right: Holes): { phase: number; period: number } {
  const period = median(joined(left.periods, right.periods, left.judged, right.judged));
  let cos = 0;
  let sin = 0;
  for (const holes of [left, right]) {
    for (let k = 0; k < holes.judged; k++) {
      const angle = (2 * Math.PI * holes.beside[k]!) / period;
      cos += Math.cos(angle);
      sin += Math.sin(angle);
    }
  }
  return { phase: (Math.atan2(sin, cos) / (2 * Math.PI)) * period, period };
}

/**
 * Every reading of the structure (its period within SAME_PERIOD of `structure`'s: another repeated structure in the
 * frame is not this one) but the judged holes' moved by `shift` of it and the pixel's period (0: not moved); how many
 * moved. NaN readings stay.
 */
function moveReadings(
  map: Float32Array,
  period: Float32Array,
  kinds: Int8Array,
  structure: number,
  shift: (d: number, p: number) => number,
): number {
  let moved = 0;
  for (let i = 0; i < map.length; i++) {
    const p = period[i]!;
    const d = map[i]!;
    if (!(Math.abs(p - structure) <= SAME_PERIOD) || Number.isNaN(d) || kinds[i] === JUDGED) continue;
    const by = shift(d, p);
    if (by === 0) continue;
    map[i] = d + by;
    moved++;
  }
  return moved;
}
