import { halfStepCensus } from '../cv/census';
import type { GrayImage } from '../cv/gray';
import { selectNth } from '../select-nth';
import {
  censusCost,
  colourDifferenceAt,
  colourGradientAt,
  difference,
  exactColourAt,
  type Matching,
} from './alias-costs';
import { FLAT_COLOUR, type Regions, regionsOf, structureVote } from './alias-regions';
import type { CensusCodes } from './census-sgm';
import { flatBehindAliases } from './flat-behind';

/**
 * A repeated structure of flat, identical parts (the boards of a painted fence) in front of its background is
 * matched equally well at its disparity d and at d ± its spacing: every board lands on a board and every edge on an
 * edge, and the background between them is hidden or seen alike under both readings. Nothing in the two views can
 * tell which is true, and the matcher keeps the least. When that is wrong, the in-betweens put full-contrast boards
 * half a spacing away from the true ones, worse than a cross-fade.
 *
 * Such a part is found as a connected region of one disparity standing in front of what surrounds it, whose edges
 * match as well after a shift of its disparity (the alias) as at its own, in three ways: colours compared in
 * Birchfield and Tomasi's way (which forgives sampling phase), colours interpolated exactly, and the census codes
 * the matcher compares (the last two fail on texture too fine for the first, e.g. a wooden fence's grain). The first
 * two read colour, not grey: boards that differ from their wall in hue but hardly in brightness have edges in grey
 * no stronger than the wall's texture, and the wall's mismatch beside them (a grid pixel on an edge mixes the board
 * with the wall behind it, another part of the wall under the alias) cost 0.4–1.0 of their grey gradient, 0.1–0.4 of
 * their colour one. On such a fence (bench/engine/interpolate.ts, --random-seed 808, the fourth scene), one board
 * region in about forty passed in grey, and the frames lost 0.49–0.59 dB to a cross-fade; in colour they gain
 * 0.67–0.91 dB. The frames are then made under both readings and mixed (see mixReadings): whichever is true, the
 * error is a part of a board's contrast in two places instead of a whole board's (a cross-fade leaves two half
 * boards, both wrong). Flat parts read about where the surround is, whose alias is in front, are found apart (see
 * flatBehindAliases).
 */

/** Connected pixels within this (grid px) of the disparity of the region's first pixel are one region. */
const SAME_SURFACE = 1;
/** Regions smaller than this (grid px) are not judged. */
const MIN_REGION = 8;
/** An alias is at least this many levels away (a nearer minimum is the same match, blurred). */
const MIN_SHIFT = 3;
/** The region and its alias both stand this far (grid px, medians) in front of the surround. */
const IN_FRONT = 1.5;
/**
 * The alias matches as well when its extra absolute difference is below this share of the region's horizontal
 * gradient: a flat region shifted by a wrong amount mismatches at its edges by about their gradient (share ~1), a
 * textured one everywhere (share > 1).
 */
const ALIAS_SHARE = 0.5;
/**
 * Gradient sum (levels, over R, G and B) a region needs for the test to mean anything: an edge or two of ordinary
 * contrast in each channel.
 */
const MIN_GRADIENT = 300;
/** A pixel matches at its own reading when its grey level differs by at most this. */
const MATCHED = 12;
/** Aliases whose costs differ by less than this share of the gradient are equally good. */
const TIE_SHARE = 0.1;
/** The alias sampled exactly (linear interpolation) costs less than this share of the gradient more. */
const EXACT_SHARE = 0.4;
/** The alias' census codes differ from the region's in fewer than this many more bits per pixel (of 24). */
const CENSUS_BITS = 3;
/**
 * A shift whose extra difference exceeds this share of the gradient (twice ALIAS_SHARE: refining it by up to half
 * a level cannot bring it under) is not considered further.
 */
const SCREEN_SHARE = 2 * ALIAS_SHARE;
/** Pixels a shift is screened on before it is summed over the whole region. */
const SAMPLE = 512;
/**
 * Share of the pixels of the regions standing in front that, passing every test at one alias shift (±1 level),
 * make the structure's alias that of its other screened regions (see aliasSide).
 */
const STRUCTURE_SHARE = 0.3;

export interface AliasMaps {
  left: Float32Array;
  right: Float32Array;
}

/** The pair's grey views and disparity maps (as in DisparityMaps), what aliasMaps reads. */
export interface AliasInput {
  left: GrayImage;
  right: GrayImage;
  maps: { left: Float32Array; right: Float32Array };
  range: { min: number; max: number };
  /** The matcher's census codes of both views and the right one's half-step codes. */
  codes: Pick<CensusCodes, 'cl' | 'cr' | 'half'>;
  /** Both views' RGB copies on the grid, the right one at the left one's levels (the matcher's colour term's). */
  colour: { left: Uint8Array; right: Uint8Array };
}

/**
 * The other reading of each ambiguous region of both disparity maps (see above), or undefined when there is none.
 * Maps as in DisparityMaps: left x − d in the right view, right x + d in the left view; NaN stays NaN.
 */
export function aliasMaps(input: AliasInput): AliasMaps | undefined {
  const left = new Float32Array(input.maps.left);
  const right = new Float32Array(input.maps.right);
  const changed = aliasSide(input, 'left', left) + aliasSide(input, 'right', right);
  return changed === 0 ? undefined : { left, right };
}

/**
 * One view's map with its ambiguous regions moved to their alias, written into `out` (which holds a copy of that
 * map: only moved pixels are written); the count of pixels moved. `m` is the view's matching (see matchingOf), which
 * the next steps of its chain of other readings share.
 *
 * The tests judge a region alone, and are noisy on small flat ones (background pixels the matcher's window took in, the
 * sampling phase): on a 1920 px painted fence matched at 640 px (the bench's seed-901 ×0.88/×1.39), the regions that
 * passed held 53 % of the pixels standing in front, and the frames showed full-contrast boards at one reading wherever
 * the other had not been found. A repeated structure is one thing: when the regions that pass at one shift hold
 * STRUCTURE_SHARE of the pixels of all regions standing in front, its other regions take that shift too wherever it
 * passed their screen (their alias costs at most SCREEN_SHARE of their gradient more than their own reading). Textured
 * fences, railings, poles, window grids and tiled floors have few or no passing regions and are left as they were.
 */
export function aliasSide(
  input: AliasInput,
  side: 'left' | 'right',
  out: Float32Array,
  m: Matching = matchingOf(input, side),
): number {
  const { map } = m;
  const { width } = m.own;
  const { label, regions } = regionsOf(map, width, SAME_SURFACE, MIN_REGION);
  let changed = 0;
  let frontPixels = 0;
  /** Pixels of the regions that passed, by their alias shift in whole levels. */
  const passed = new Map<number, number>();
  const screened: { members: Int32Array; alias: Alias }[] = [];
  const move = (pixels: Int32Array, shift: number) => {
    for (const i of pixels) out[i] = map[i]! + shift;
    changed += pixels.length;
  };
  for (const { pixels: members, region } of regions) {
    const surround = surroundDisparity(map, label, region, members, width);
    const judged = judgeRegion(m, members, surround, input.range);
    if (judged.front) frontPixels += members.length;
    const { alias } = judged;
    if (!alias) continue;
    if (alias.passed) {
      passed.set(alias.whole, (passed.get(alias.whole) ?? 0) + members.length);
      move(members, alias.shift);
    } else screened.push({ members, alias });
  }
  // A repeated structure is one thing: the shift most of its passing regions found is its other regions' too.
  const vote = structureVote(passed);
  const structure = vote && vote.pixels >= STRUCTURE_SHARE * frontPixels ? vote.shift : undefined;
  if (structure !== undefined) {
    for (const { members, alias } of screened) {
      if (Math.abs(alias.whole - structure) <= 1) move(members, alias.shift);
    }
  }
  return changed + flatBehindAliases(m, input.range, out);
}

/** One view's map and views as the alias tests read them (see Matching). */
export function matchingOf(input: AliasInput, side: 'left' | 'right'): Matching {
  const { cl, cr, half } = input.codes;
  const { left, right } = input;
  const colour = { own: input.colour[side], other: input.colour[side === 'left' ? 'right' : 'left'] };
  return side === 'left'
    ? {
        map: input.maps.left,
        own: left,
        other: right,
        ownCodes: cl,
        otherCodes: cr,
        otherHalf: () => half,
        sign: -1,
        colour,
        flatRegions: flatRegionsOf(left, colour.own),
      }
    : {
        map: input.maps.right,
        own: right,
        other: left,
        ownCodes: cr,
        otherCodes: cl,
        otherHalf: once(() => halfStepCensus(left.data, left.width, left.height)),
        sign: 1,
        colour,
        flatRegions: flatRegionsOf(right, colour.own),
      };
}

/** A region's alias: the nearest shift that passed the screen, refined, and whether it passed every test. */
interface Alias {
  whole: number;
  shift: number;
  passed: boolean;
}

/**
 * Whether the region stands in front and, when a shift passed its screen, its alias (see Alias); the alias passed
 * only when the region's reading is ambiguous.
 */
function judgeRegion(
  m: Matching,
  members: Int32Array,
  /** The median disparity just outside it (see surroundDisparity). */
  surround: number,
  range: { min: number; max: number },
): { front: boolean; alias?: Alias } {
  const { map } = m;
  // Its pixels lie within SAME_SURFACE of its first one's reading, and so does their median: most regions, which
  // cannot stand in front, are told without it. On the bench's typical layered scene about 10 of a view's 650
  // regions stand in front (the background alone is three quarters of the map), and copying every region's readings
  // (Float32Array.from with a map function) for its median took half of the chain's CPU time.
  if (!(map[members[0]!]! + SAME_SURFACE > surround + IN_FRONT)) return { front: false };
  const values = new Float32Array(members.length);
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (let k = 0; k < members.length; k++) {
    const v = map[members[k]!]!;
    values[k] = v;
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  const middle = selectNth(values, values.length, values.length >> 1);
  if (!(middle > surround + IN_FRONT)) return { front: false };
  // Judged on the pixels that match at their own reading: a region also takes in background pixels beside its
  // edges (the matcher's window straddles them), which match under neither reading and would hide a perfect alias.
  const kept = new Int32Array(members.length);
  let count = 0;
  for (const i of members) if (difference(m, i, 0) <= MATCHED) kept[count++] = i;
  const matched = kept.subarray(0, count);
  let gradient = 0;
  for (const i of matched) gradient += colourGradientAt(m, i);
  if (gradient < MIN_GRADIENT) return { front: true };
  const cost = (pixels: Int32Array, shift: number, limit = Number.POSITIVE_INFINITY) => {
    let sum = 0;
    for (let k = 0; k < pixels.length && sum <= limit; k++) {
      const i = pixels[k]!;
      sum += colourDifferenceAt(m, i, map[i]! + shift);
    }
    return sum;
  };
  // Every shift is first judged on an even sample of the pixels, and its sums stop where it can no longer pass:
  // most regions are textured and fail at once, which keeps a large one from costing ~100 full sums.
  const step = Math.ceil(matched.length / SAMPLE);
  const sample = matched.filter((_, k) => k % step === 0);
  const sampleGradient = (gradient * sample.length) / matched.length;
  const sampleLimit = cost(sample, 0) + SCREEN_SHARE * sampleGradient;
  const atOwn = cost(matched, 0);
  const limit = atOwn + SCREEN_SHARE * gradient;
  const costs = new Map<number, number>();
  for (let shift = -(range.max - range.min); shift <= range.max - range.min; shift++) {
    if (Math.abs(shift) < MIN_SHIFT || lo + shift < range.min || hi + shift > range.max) continue;
    if (!(middle + shift > surround + IN_FRONT)) continue;
    if (cost(sample, shift, sampleLimit) > sampleLimit) continue;
    const c = cost(matched, shift, limit);
    if (c <= limit) costs.set(shift, c);
  }
  if (costs.size === 0) return { front: true };
  const least = Math.min(...costs.values());
  // Several repeats match about as well (d + spacing, d + 2 spacings): the nearest is the other reading.
  let best = 0;
  for (const [shift, c] of costs) {
    if (c <= least + TIE_SHARE * gradient && (best === 0 || Math.abs(shift) < Math.abs(best))) best = shift;
  }
  // The alias is rarely a whole number of levels, and half a level off mismatches at every edge: refined to the
  // vertex of the parabola through the best shift and its neighbours before it is judged.
  const at = costs.get(best)!;
  const before = cost(matched, best - 1);
  const after = cost(matched, best + 1);
  const curve = before - 2 * at + after;
  const refined = curve > 0 ? best + Math.max(-0.5, Math.min(0.5, (before - after) / (2 * curve))) : best;
  const judged = (passed: boolean) => ({ front: true, alias: { whole: best, shift: refined, passed } });
  if (!(cost(matched, refined) - atOwn < ALIAS_SHARE * gradient)) return judged(false);
  const exact = (shift: number) => matched.reduce((sum, i) => sum + exactColourAt(m, i, map[i]! + shift), 0);
  if (!(exact(refined) - exact(0) < EXACT_SHARE * gradient)) return judged(false);
  const bits = (censusCost(m, matched, refined) - censusCost(m, matched, 0)) / matched.length;
  return judged(bits < CENSUS_BITS);
}

/** Median disparity of the pixels just outside the region along its rows (the nearest reliable one each side). */
function surroundDisparity(
  map: Float32Array,
  label: Int32Array,
  region: number,
  members: Int32Array,
  width: number,
): number {
  // Single precision, as the map's values are: selectNth meets one kind of array here and in most other callers.
  const values = new Float32Array(2 * members.length);
  const n = outsideValues(map, label, region, members, width, values);
  return n === 0 ? Number.POSITIVE_INFINITY : selectNth(values, n, n >> 1);
}

/**
 * Writes into `values` the first reliable disparity outside the region each side of each member along its row, and
 * returns how many. Its own function, ending with the loop: called once per region, the loop was optimized on the
 * stack each time and that code thrown away at the first statement after it, which had never run when it was made
 * (V8 keeps such code for the next call's loop: 156 times in a 1920 px scene).
 */
function outsideValues(
  map: Float32Array,
  label: Int32Array,
  region: number,
  members: Int32Array,
  width: number,
  values: Float32Array,
): number {
  let n = 0;
  for (let m = 0; m < members.length; m++) {
    const i = members[m]!;
    const x = i % width;
    for (let step = -1; step <= 1; step += 2) {
      if (x + step < 0 || x + step >= width || label[i + step] === region) continue;
      // The first reliable pixel outside, within a few pixels (a half-occlusion's NaN run lies in between).
      for (let k = 1; k <= 8 && x + step * k >= 0 && x + step * k < width; k++) {
        const j = i + step * k;
        if (label[j] === region) break;
        const v = map[j]!;
        if (!Number.isNaN(v)) {
          values[n++] = v;
          break;
        }
      }
    }
  }
  return n;
}

/**
 * The grey view's regions within `level` of `least` pixels or more, each also within FLAT_COLOUR of its first pixel
 * in every channel of `rgb` (see regionsOf), made once for each level and size.
 */
function flatRegionsOf(gray: GrayImage, rgb: Uint8Array): Matching['flatRegions'] {
  const made = new Map<string, Regions>();
  return (level, least) => {
    const key = `${level} ${least}`;
    let regions = made.get(key);
    if (!regions) {
      regions = regionsOf(gray.data, gray.width, level, least, { rgb, tolerance: FLAT_COLOUR });
      made.set(key, regions);
    }
    return regions;
  };
}

/** `make`'s result, made on the first call only. */
function once<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}
