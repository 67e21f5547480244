import { censusAt, differenceAt, exactAt, MATCHED, type Matching, unmatchedShare } from './alias-costs';
import { median, outside, stepEdged, structureVote } from './alias-regions';
import { type AliasInput, matchingOf } from './ambiguous-repeats';

/**
 * The flat parts of a repeated structure (the boards of a painted fence) read as wholes. A flat board matches
 * wherever its edges land on a board's edges in the other view: at its disparity and at that plus or minus the
 * structure's spacing, equally well. The matcher decides pixel by pixel, and its smoothness term cannot hold a board
 * together: on the bench's painted fence (boards 4 grid px wide, 13.3 grid px of parallax, 16 of spacing) a board's
 * pixels were read 13, 29, −3 or not at all, in patches, and the in-betweens showed the boards in pieces at three
 * places (+1.2 dB over a cross-fade; both views read as one board at 13.3, +13 to +15 dB).
 *
 * Such a region (flat within FLAT_LEVEL, bounded by steps of its own, its surround one surface) is matched as a
 * whole at every reading in front of its surround: the readings where it matches (all but TIE of its pixels more
 * than at the best, with a mismatching reading between each two) are its possible readings. Behind its surround it
 * cannot be: its edges are its own and it covers the surround as it moves. A region that matches at its surround's
 * reading moves with it (a tile painted on a floor) and is left alone, and so is a region with a single reading in
 * front (the matcher's own reading stands), or whose grain tells its two readings apart (census codes, as the
 * matcher compares them). Nothing in the views tells a structure's readings apart away from its ends: each board
 * lands on a board and the background between them is hidden or seen alike under both. The nearest in front is
 * what a viewer sees (the wallpaper illusion) and the true one where the parallax is less than the spacing; it is
 * written into the map, the next into the alias map, and the frames are made under both and mixed (see
 * mixReadings): whichever is true, a board shows at part contrast in two places, where the matcher's pieces
 * showed it at full contrast in the wrong ones. A structure is one thing: only the regions whose two readings lie
 * one spacing apart, the one most large regions found, are set. The surround beside them that the matcher left
 * unread (the pieces broke its left–right check) and that matches at the surround's reading is set to it.
 *
 * Measured in bench/engine/interpolate.ts against the matcher's pieces (gain over a cross-fade, mean of frames
 * 25/50/75): the bench's painted fence +1.17 → +3.55 dB (an average of the frames under the true readings and their
 * aliases, exactly, gives +4.7), its six NEAR-ALIAS fences +1.33 → +1.81 (least +0.69 → +0.96), the untuned painted
 * fence +2.26 → +2.40; the other 51 scenes within 0.02 dB. Drawn at random with seeds never looked at before (901
 * and 4242), 8 painted fences +0.71 → +1.78 (least frame −0.22 → +0.38), the other 24 scenes within 0.1 dB. Where a
 * fence's parallax is within half a grid pixel of a whole number of spacings, its boards match at the wall's reading
 * and are left as they were (a held-out fence: +0.33 to +0.70 dB), as boards painted on the wall must be.
 */

/**
 * Neighbouring pixels within this many grey levels of the region's first pixel (and FLAT_COLOUR in each channel, see
 * alias-regions.ts) are one flat region. On the grid a board's inside varies by a few levels where the resize's
 * ringing from the texture beside it reaches in, and within 3 levels the bench's boards fall into pieces, some one
 * or two pixels wide with one edge of their own, which match best a level or two off (66 % of the boards of a fence
 * read in pieces were set within half a level of their reading; 92 % within 8 levels). But within 8 levels the
 * textured tiles of a floor pass for flat regions too (a held-out tiled floor lost 0.31 dB), and the pieces' readings
 * cost the painted fence 0.3 dB only.
 */
const FLAT_LEVEL = 3;
/** Flat regions smaller than this (grid px) are not judged. */
const MIN_FLAT = 12;
/** The census codes at its two readings differ in fewer than this many more bits per pixel (of 24) at one. */
const CENSUS_BITS = 3;
/** Share of the region's pixels more than at its best reading that may fail to match at another it matches at. */
const TIE = 0.03;
/** Share of the region's pixels that may fail to match at its best reading. */
const OWN = 0.1;
/** Share of the region's pixels more that fail to match at a reading between two of its readings. */
const BARRIER = 0.15;
/** A reading this far (grid px) in front of the surround's is in front of it. */
const APART = 0.5;
/** The surround: pixels this far outside the region along its rows, past the matcher's blur of its edges. */
const SURROUND_FROM = 3;
const SURROUND_TO = 6;
/** Share of the surround's readings within a level of their median: the matcher read it as one surface. */
const SURROUND_SHARE = 0.7;
/** Share of the surround's pixels that may fail to match at its reading, where the matcher's readings are not one. */
const RING_UNMATCHED = 0.5;
/** Pixels a region's readings are found on (an even sample; refined on all of them). */
const SAMPLE = 64;
/** The region's edges: pixels up to this far outside it along its rows (its blurred border on the grid). */
const EDGE_PX = 1;
/** Readings beyond the search range (grid px) a region is also matched at: a structure's next repeat may lie there. */
const BEYOND = 4;
/**
 * Flat regions that vote for the structure's spacing are this large at least (grid px): a board's pieces are
 * hundreds, while patches of a dark, finely textured board (flat within FLAT_LEVEL here and there) are a few dozen
 * and find readings a level or two off their true one.
 */
const MIN_VOTER = 64;
/** Pixels of the voting regions a structure needs, and their share of all voting regions' pixels. */
const MIN_STRUCTURE = 400;
const STRUCTURE_SHARE = 0.5;

/**
 * One view's flat parts of a repeated structure set to their nearest reading in front in `primary` and to the next
 * one in `alias` (both copies of that view's map: only the parts' pixels are written); the count of pixels set. `m` is
 * the view's matching (see matchingOf).
 */
export function settleFlatParts(
  input: AliasInput,
  side: 'left' | 'right',
  primary: Float32Array,
  alias: Float32Array,
  m: Matching = matchingOf(input, side),
): number {
  const { width } = m.own;
  const { label, regions } = m.flatRegions(FLAT_LEVEL, MIN_FLAT);
  const flat = regions.flatMap(({ pixels }) =>
    stepEdged(m.own, m.colour.own, label, pixels) ? [pixels] : [],
  );
  const judge = (region: Int32Array) => {
    // Most flat regions are not a structure's part: judged on an even sample first.
    const step = Math.ceil(region.length / SAMPLE);
    const sample = region.filter((_, k) => k % step === 0);
    const surround = surroundOf(m, label, sample, input.range);
    if (surround === undefined) return undefined;
    const found = frontReadings(m, sample, surround, input.range);
    const readings = found && refinedReadings(m, region, found);
    return readings && { members: region, readings, surround };
  };
  // One structure, one spacing: the one most of the large regions' two readings lie apart by (±1). Only then are
  // the smaller ones judged (most pictures have no such structure, and many small flat regions).
  const voters = flat.filter((region) => region.length >= MIN_VOTER).flatMap((r) => judge(r) ?? []);
  const votes = new Map<number, number>();
  for (const { members, readings } of voters) {
    const spacing = Math.round(readings[1] - readings[0]);
    votes.set(spacing, (votes.get(spacing) ?? 0) + members.length);
  }
  const vote = structureVote(votes);
  const total = voters.reduce((n, v) => n + v.members.length, 0);
  if (!vote || vote.pixels < MIN_STRUCTURE || vote.pixels < STRUCTURE_SHARE * total) return 0;
  const others = flat.filter((region) => region.length < MIN_VOTER).flatMap((r) => judge(r) ?? []);
  const parts = [...voters, ...others].filter(
    ({ readings }) => Math.abs(readings[1] - readings[0] - vote.shift) <= 1,
  );
  const inPart = new Uint8Array(label.length);
  for (const { members } of parts) for (const i of members) inPart[i] = 1;
  let changed = 0;
  for (const { members, readings, surround } of parts) {
    // With the blurred pixels of its edges, unless the matcher read them with the surround or they are a part.
    const edges = outside(label, members, width, 1, EDGE_PX).filter(
      (i) => !inPart[i] && !(Math.abs(m.map[i]! - surround) <= APART),
    );
    for (const i of [...members, ...edges]) {
      primary[i] = readings[0];
      alias[i] = readings[1];
    }
    changed += members.length + edges.length;
    // The surround beside it that the matcher left unread (its boards read in pieces broke the left-right check)
    // and that matches at the surround's reading is seen in both views there.
    for (const i of outside(label, members, width, 1, Math.ceil(vote.shift / 2))) {
      if (!Number.isNaN(primary[i]!) || differenceAt(m, i, surround) > MATCHED) continue;
      primary[i] = surround;
      alias[i] = surround;
      changed++;
    }
  }
  return changed;
}

/**
 * The surround's reading: the matcher's, when it reads the pixels around the region (SURROUND_FROM to SURROUND_TO
 * out along the rows of `members`, all of its pixels or a sample) as one surface, else the reading where most of them
 * match, when most do (a low-contrast wall beside a fence's boards, over a wide search range, was read in patches:
 * a quarter of its pixels within a level of their median).
 */
function surroundOf(
  m: Matching,
  label: Int32Array,
  members: ArrayLike<number>,
  range: { min: number; max: number },
): number | undefined {
  const ring = outside(label, members, m.own.width, SURROUND_FROM, SURROUND_TO);
  const around = ring.map((i) => m.map[i]!).filter((d) => !Number.isNaN(d));
  const read = median(around);
  const near = around.filter((d) => Math.abs(d - read) <= 1).length;
  if (around.length > 0 && near >= SURROUND_SHARE * around.length) return read;
  let best: number | undefined;
  let least = RING_UNMATCHED;
  for (let d = Math.floor(range.min); d <= Math.ceil(range.max); d++) {
    const share = unmatchedShare(m, ring, () => d, least);
    if (share < least) {
      least = share;
      best = d;
    }
  }
  return best;
}

/**
 * The two nearest readings (whole levels) in front of the surround's of the region, judged on its pixels `members`
 * (all of them or a sample); undefined unless it has two and does not move with its surround.
 */
function frontReadings(
  m: Matching,
  members: ArrayLike<number>,
  surround: number,
  range: { min: number; max: number },
): [number, number] | undefined {
  // Matched where its surround is read, it moves with it (most flat regions are the surround's and stop here).
  const atSurround = unmatchedShare(m, members, () => Math.round(surround));
  if (atSurround <= TIE) return undefined;
  // Only readings in front count (bounded by steps of its own, it covers its surround): from the whole level after
  // the surround's rounded reading, which is more than APART in front of it.
  const from = Math.max(Math.floor(range.min), Math.round(surround) + 1);
  const unmatched = Float64Array.from(
    { length: Math.max(0, Math.ceil(range.max) + BEYOND - from + 1) },
    (_, k) => unmatchedShare(m, members, () => from + k),
  );
  const best = Math.min(...unmatched);
  if (!(best <= OWN) || atSurround <= best + TIE) return undefined;
  // Separate matches: the least of each run of readings within TIE of the best; runs without a barrier between
  // them are one match.
  const minima: number[] = [];
  let inRun = false;
  let barrier = 0;
  for (let k = 0; k < unmatched.length; k++) {
    const u = unmatched[k]!;
    if (u > best + TIE) {
      inRun = false;
      barrier = Math.max(barrier, u);
      continue;
    }
    const last = minima.length - 1;
    if (!inRun && (last < 0 || barrier > best + BARRIER)) minima.push(k);
    else if (u < unmatched[minima[last]!]!) minima[last] = k;
    inRun = true;
    barrier = 0;
  }
  return minima.length < 2 ? undefined : [from + minima[0]!, from + minima[1]!];
}

/**
 * The two readings refined on all of the region's pixels (see refined), when they are alike as the matcher sees
 * them too (a board's grain tells its repeats apart).
 */
function refinedReadings(
  m: Matching,
  members: Int32Array,
  found: [number, number],
): [number, number] | undefined {
  const readings: [number, number] = [refined(m, members, found[0]), refined(m, members, found[1])];
  const census = (reading: number) => members.reduce((sum, i) => sum + censusAt(m, i, reading), 0);
  return Math.abs(census(readings[1]) - census(readings[0])) < CENSUS_BITS * members.length
    ? readings
    : undefined;
}

/**
 * The reading within a level of `reading` (in quarter levels) where the region's grey levels, the other view
 * interpolated linearly, differ least: the matching test forgives half a pixel of phase, and its best whole level
 * can lie a level off.
 */
function refined(m: Matching, members: Int32Array, reading: number): number {
  let best = reading;
  let least = Number.POSITIVE_INFINITY;
  for (let q = -4; q <= 4; q++) {
    const at = reading + q / 4;
    const cost = members.reduce((sum, i) => sum + exactAt(m, i, at), 0);
    if (cost < least) {
      least = cost;
      best = at;
    }
  }
  return best;
}
