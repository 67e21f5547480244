import { cornerKeypoints } from '../align/corner-features';
import { type FeatureMatches, lowerBound, matchFeatures } from '../align/features';
import { quantile } from '../align/similarity';
import { type GrayImage, halvedGray } from '../cv/gray';
import { matchesAlikeAt } from './alike-matches';
import { binCounts, isPeakBin, peakBins } from './bins';
import type { DisparityMaps, SgmOptions } from './census-sgm';

/**
 * The disparity range to search (grid px, right x = left x − d), from matched features on the same rows (corners
 * found in JS, see cornerKeypoints): the span of the 1-px histogram bins that hold at least 1 % of the matches (and
 * 3) (a lone repeat matched one board off does not widen it; a repeated structure's far repeats go, see
 * featureSpan), widened by 2.5 % of the width on the far side and 4.5 % on the near side (uniform surfaces, such as
 * painted boards, have no features of their own; not past halfway to a structure's second alias nearer, see
 * secondAliasBound), or to a period nearer than a repeated structure read close before a surface (see
 * aliasReach). A wide span keeps only the bins a dense match at half size confirms (denseChecked). Too few
 * matches (low contrast, a repetitive pattern whose repeats the ratio test rejects): the common disparities of that
 * dense match, a repeated structure's repeats beyond a period left out (denseSpan), or ±15 % of the width when it
 * finds too little either. Never wider than 35 % of the width (the cost volume grows with it). `periods`: the
 * periods of the repeated structures in view (see structurePeriods), whose repeats two periods or more from a
 * surface the dense check leaves out (see offLattice).
 */
export async function disparityRange(
  left: GrayImage,
  right: GrayImage,
  match: DenseMatch,
  periods: readonly number[] = [],
  m: FeatureMatches = rowMatches(left, right),
): Promise<{ min: number; max: number; matches: number }> {
  const n = m.leftX.length;
  const wide = 0.15 * left.width;
  const featureBins = binCounts(Float64Array.from(m.leftX, (x, i) => x - m.rightX[i]!));
  const alike = (b: number, at: number) => matchesAlikeAt(left, right, m, b, at);
  const span = n < 12 ? undefined : featureSpan(featureBins, n, periods, alike);
  const limit = 0.35 * left.width;
  const found = span
    ? await denseChecked(span, left, right, limit, match, periods)
    : await denseSpan(left, right, wide, match);
  if (!found) return { min: Math.floor(-wide), max: Math.ceil(wide), matches: n };
  const margin = Math.max(6, 0.025 * left.width);
  // Nearer side wider: the features of a fence may all match one board off (farther), and the true disparity must
  // be in range for the matcher's repeats to move to it (an untuned fence lost 0.3 dB to a cross-fade at 2.5 %).
  const nearMargin = Math.max(6, 0.045 * left.width);
  const reach = span ? aliasReach(found.kept, featureBins, n, periods) : Number.NEGATIVE_INFINITY;
  const hiReach = Math.max(Math.min(found.hi + nearMargin, secondAliasBound(found, periods)), reach);
  const { lo, hi } = clamped({ ...found, lo: found.lo - margin, hi: hiReach }, limit);
  return { min: Math.floor(lo), max: Math.ceil(hi), matches: n };
}

/**
 * How near the search must reach (grid px) for the nearer reading of a repeated structure read less than half its
 * period in front of a surface (the features' dominant bin or a bin of FEATURE_SURFACE of the `n` matches, what
 * the structure may stand before): a structure whose parallax is over half its spacing matches as well a spacing
 * nearer the surface behind it, and its true disparity may lie beyond the near margin. The period is the shortest
 * (a structure's fundamental); -Infinity when no kept bin is so read. On the ray-traced scenes (bench/engine/
 * interpolate-ray.ts, 1920 px) a painted fence 1.15 spacings (38 grid px) before grass was read 6 px before it,
 * the search stopped at 13 and the frames lay 1.8-3.4 dB under a cross-fade (now 2.0-4.2 over); window grids at
 * 0.94 and 0.59 of their spacing (64 and 61 grid px), read on their facade, went from -1.8..+0.2 to +4.3..+7.0 dB. A
 * near margin of a period for every structure took those too but cost the tuned window grid 1.2-1.5 dB (its bars
 * gained a phantom reading a period nearer).
 */
function aliasReach(
  kept: ArrayLike<number>,
  bins: Map<number, number>,
  n: number,
  periods: readonly number[],
): number {
  if (periods.length === 0) return Number.NEGATIVE_INFINITY;
  const period = Math.min(...periods);
  const keptBins = Array.from(kept);
  const surfaces = [dominantBin(kept, bins), ...peakBins(bins, FEATURE_SURFACE * n)].filter((s) =>
    keptBins.includes(s),
  );
  let reach = Number.NEGATIVE_INFINITY;
  for (const b of keptBins) {
    if (surfaces.some((s) => b >= s && b - s < period / 2)) reach = Math.max(reach, b + period + 2);
  }
  return reach;
}

/**
 * Where the near margin stops when the nearest kept bin is a dense surface's first alias nearer (a period in front of
 * it, see latticeSteps): halfway to its second. The margin is there for a structure whose features all matched a
 * period farther than its truth; with that alias kept, the truth is in range, and a margin beyond it reaches the
 * second alias, where the matcher reads the wall between a fence's boards, half of it hidden from one view or the
 * other, as well as anywhere. A ray-traced picket fence at 0.7 of its spacing (22.8 grid px) before a brick wall
 * (bench/engine/interpolate-ray.ts, seed 6060), searched to 99 with its boards at 5, read 5 % of its pixels at
 * 47-50 and its frames 25 and 75 lay 0.8-0.9 dB under a cross-fade; searched to 41, they are 1.0-1.2 dB over it.
 * +Infinity when no dense match checked the span or its nearest bin is no such alias.
 */
function secondAliasBound(found: Span, periods: readonly number[]): number {
  let bound = Number.POSITIVE_INFINITY;
  for (const s of found.surfaces ?? []) {
    for (const p of periods) {
      if (latticeSteps(found.hi, [s], [p], DENSE_BIN_SLACK).includes(1) && found.hi > s) {
        bound = Math.min(bound, s + 1.5 * p);
      }
    }
  }
  return bound;
}

/**
 * The views' corners (cornerKeypoints) matched within 1 % of the height (and 2 px) of their own row: what
 * disparityRange reads, apart so that a caller can find them while another thread makes the periods.
 */
export function rowMatches(left: GrayImage, right: GrayImage): FeatureMatches {
  const rows = Math.max(2, 0.01 * left.height) / left.height;
  return matchFeatures(cornerKeypoints(left, 1500), cornerKeypoints(right, 1500), left.height, rows);
}

/** The span cut to `limit` around the median of its bins when wider (the cost volume grows with it). */
function clamped(span: Span, limit: number): { lo: number; hi: number } {
  if (span.hi - span.lo <= limit) return span;
  const centre = quantile(span.kept, 0.5);
  return { lo: Math.max(span.lo, centre - limit / 2), hi: Math.min(span.hi, centre + limit / 2) };
}

/** Census SGM, on this thread (censusSgm) or two (censusSgmOnTwoThreads). */
export type DenseMatch = (
  left: GrayImage,
  right: GrayImage,
  o: SgmOptions,
) => Promise<DisparityMaps> | DisparityMaps;

export interface Span {
  lo: number;
  hi: number;
  /** The 1-px bins kept. */
  kept: Float64Array;
  /** The dense match's surfaces (see offLattice), when one checked the span. */
  surfaces?: number[];
}

/** The span of the 1-px bins (see binCounts) that hold at least `enough`; undefined when none does. */
function commonSpan(bins: Map<number, number>, enough: number): Span | undefined {
  const kept = Float64Array.from(
    [...bins].filter(([, count]) => count >= enough),
    ([b]) => b,
  );
  return kept.length === 0 ? undefined : { lo: Math.min(...kept), hi: Math.max(...kept), kept };
}

/** Share of the matches a bin must hold to be a surface of its own among the features' bins (see featureSpan). */
const FEATURE_SURFACE = 0.1;

/**
 * The span of the features' common bins (commonSpan: 1 % of the `n` matches, and 3) without the repeats of a
 * surface (a bin of FEATURE_SURFACE of the matches) on its structure's lattice (a whole number of `periods` from it,
 * within 1 + k / 4 px) that are no surface themselves and lie farther than it from the dominant bin (the most
 * matches). The corners of a painted fence whose boards lie at 14.7 grid px matched them mostly a period farther (62
 * of 170 matches at -6), and a few at every period from there (2 to 4 matches at 14, 77, 118, 139, 180): the span
 * reached 180 and was checked densely, whose own repeats widened the range to 85 (ORB's matches had no such bins:
 * 29). The margins beyond the span already cover a fence matched a period farther (see disparityRange); a span up to
 * its repeat a period nearer took the search two periods nearer (kept, the bin a period from a ray-traced painted
 * fence's boards took its range to their other reading, and its frames from +7 to +2 dB over a cross-fade).
 *
 * A repeat may hold more matches than what it repeats: the bars of a ray-traced window grid
 * (bench/engine/interpolate-ray.ts) at 23 grid px before a facade at -15 (75 matches) matched 14 times there and 26
 * times three periods (47.4) off, at -120, which passed for a surface. Every bin on its lattice went, the grid's own
 * with them, and its frames fell 0.2-1.9 dB below a cross-fade: a bin nearer the dominant one than the surface whose
 * lattice it is on is no repeat of it.
 *
 * A bin (a surface's too) two periods or more from a surface on that one's lattice, farther from zero disparity,
 * goes when its features match as well at the surface (`alike`, see matchesAlikeAt: a wall a spacing or two behind
 * a fence does not): the crossings of a ray-traced chain-link mesh at 6 grid px matched 40 times 13 periods off, at
 * 282, and the dense check, searching around both, read the mesh three periods off (frames 0.6-1.1 dB under a
 * cross-fade). Which copy is the structure the features cannot tell; an aligned pair's disparities stay near zero.
 * The surfaces such repeats are judged from are counted with their neighbouring bins (see anchorBins), and the
 * repeats go before the dominant bin is chosen: another mesh (seed 4242), at 5.5 grid px, split its matches 14 and
 * 11 over two bins, neither a surface, while its repeats seven periods off either way held 69 and 41; the larger
 * was dominant, the mesh went as its repeat, and the search spanned -128 to -83 (the map read -112 nearly
 * everywhere, the mesh seven periods off; frames 1.0-2.3 dB under a cross-fade; searched from -28 to 51, 5.5-7.7 dB
 * over it).
 */
export function featureSpan(
  bins: Map<number, number>,
  n: number,
  periods: readonly number[],
  alike: (b: number, s: number) => boolean = () => true,
): Span | undefined {
  const common = commonSpan(bins, Math.max(3, 0.01 * n));
  if (!common) return undefined;
  const anchors = anchorBins(bins, n);
  const farSurface = (b: number) =>
    anchors.some(
      (s) => Math.abs(s) < Math.abs(b) && latticeSteps(b, [s], periods).some((k) => k >= 2) && alike(b, s),
    );
  // The far repeats go first: one that holds more matches than the structure's own bin must not become the dominant
  // bin, of which the structure's own would then be judged a repeat.
  const near = [...common.kept].filter((b) => !farSurface(b));
  if (near.length === 0) return common;
  const surfaces = peakBins(bins, FEATURE_SURFACE * n).filter((s) => near.includes(s));
  const dominant = dominantBin(near, bins);
  const repeat = (b: number) =>
    surfaces.some(
      (s) =>
        Math.abs(b - dominant) > Math.abs(s - dominant) && latticeSteps(b, [s], periods).some((k) => k !== 0),
    );
  const kept = near.filter((b) => surfaces.includes(b) || !repeat(b));
  return kept.length === 0
    ? common
    : { lo: Math.min(...kept), hi: Math.max(...kept), kept: Float64Array.from(kept) };
}

/**
 * The bins a far repeat is judged from (see featureSpan): local peaks whose bin and its two neighbours hold
 * FEATURE_SURFACE / 2 of the `n` matches (and 3). A surface whose disparity falls between two bins splits its
 * matches, and its repeats farther out may each hold more than either half (seed 4242's chain-link, see featureSpan).
 */
function anchorBins(bins: Map<number, number>, n: number): number[] {
  const count = (b: number) => bins.get(b) ?? 0;
  const least = Math.max(3, (FEATURE_SURFACE / 2) * n);
  return [...bins.keys()].filter(
    (b) => isPeakBin(bins, b) && count(b - 1) + count(b) + count(b + 1) >= least,
  );
}

/** Of the `kept` bins, the one holding the most (the first of equals). */
function dominantBin(kept: ArrayLike<number>, bins: Map<number, number>): number {
  let best = kept[0]!;
  for (let k = 1; k < kept.length; k++)
    if ((bins.get(kept[k]!) ?? 0) > (bins.get(best) ?? 0)) best = kept[k]!;
  return best;
}

/** Feature spans wider than this share of the width are checked by a dense match (denseChecked). */
const WIDE_SPAN = 0.1;
/** Share of a dense match's consistent pixels within SUPPORT_PX of a feature bin that confirms it. */
const MIN_SUPPORT = 0.002;
/**
 * Share of the dense match's consistent pixels at one disparity (1-px bin) that makes it a surface of its own: a
 * facade seen through a window grid, blurred and without corners, has no feature, and the grid's features matched
 * one period behind it; the range kept the grid's bins only and left the facade out (a ray-traced grid fell 1.6 dB
 * below a cross-fade).
 */
const DENSE_SURFACE = 0.01;
const SUPPORT_PX = 2;
/**
 * A dense match's own bin this many periods (the shortest) nearer than every bin its features confirmed (those off
 * a structure's lattice, see offLattice) needs ANCHOR_SHARE rather than DENSE_SURFACE: a structure's aliases several
 * periods nearer do not quite fall on its lattice in a half-size match, and a bin of them sets the near end. The
 * picket fence of secondAliasBound held 1.4 % at 70 (its boards at 5-6, 28, 50 and 72 on its lattice, the period
 * read as 22.8): the range reached 99. The facade a window grid's features matched a period behind lies a period
 * nearer than them and stays.
 */
const ALONE_NEARER = 1.5;

/**
 * A wide feature span keeps the bins a dense match (denseDisparities) confirms: the features of a window grid or a
 * fence matched several periods off on the same row put bins far behind and in front of every surface (−89 grid
 * px where the facade lies at 3), and a cost volume reaching them took two to three times as long. The dense match
 * searches the span as the full-size match would (clamped to `limit`); a thin structure in front is confirmed by
 * its few pixels (MIN_SUPPORT is a fifth of a percent). The dense match's own common disparities (DENSE_SURFACE)
 * are kept too, but not a structure's repeats two periods or more from a surface (see offLattice).
 */
async function denseChecked(
  span: Span,
  left: GrayImage,
  right: GrayImage,
  limit: number,
  match: DenseMatch,
  periods: readonly number[],
): Promise<Span> {
  if (span.hi - span.lo <= WIDE_SPAN * left.width) return span;
  const searched = clamped(span, limit);
  const dense = await denseDisparities(left, right, searched.lo, searched.hi, match);
  if (!dense) return span;
  const near = (b: number) => lowerBound(dense, b + SUPPORT_PX + 1e-9) - lowerBound(dense, b - SUPPORT_PX);
  const confirmed = [...span.kept.filter((b) => near(b) >= MIN_SUPPORT * dense.length)];
  const bins = binCounts(dense);
  const byFeatures = offLattice(confirmed, bins, dense.length, periods);
  const featuresNear = byFeatures.length > 0 ? Math.max(...byFeatures) : Number.POSITIVE_INFINITY;
  const aloneFrom =
    periods.length > 0 ? featuresNear + ALONE_NEARER * Math.min(...periods) : Number.POSITIVE_INFINITY;
  const alone = (b: number) => b > aloneFrom && (bins.get(b) ?? 0) < ANCHOR_SHARE * dense.length;
  // What the dense match itself holds in abundance is a surface too, features or not. offLattice judges each bin on
  // its own: the feature-confirmed bins are judged once.
  const ownBins = [...(commonSpan(bins, DENSE_SURFACE * dense.length)?.kept ?? [])].filter(
    (b) => !confirmed.includes(b) && !alone(b),
  );
  const kept = [...byFeatures, ...offLattice(ownBins, bins, dense.length, periods)];
  return kept.length === 0
    ? span
    : {
        lo: Math.min(...kept),
        hi: Math.max(...kept),
        kept: Float64Array.from(kept),
        surfaces: denseSurfaces(bins, dense.length),
      };
}

/**
 * The common disparities (commonSpan, 1 % of the pixels) of a dense match, when features are too few, without the
 * repeats of a repeated structure beyond a period from it (see withoutFarRepeats).
 */
async function denseSpan(left: GrayImage, right: GrayImage, wide: number, match: DenseMatch) {
  const dense = await denseDisparities(left, right, -wide, wide, match);
  if (!dense) return undefined;
  const bins = binCounts(dense);
  const span = commonSpan(bins, 0.01 * dense.length);
  return span && withoutFarRepeats(span, bins);
}

/** Shortest period (grid px) a repeated structure's repeats are looked for at. */
const MIN_PERIOD = 4;

/**
 * A repeated structure that features cannot place (low contrast, uniform paint) matches densely at its disparity and,
 * in patches, whole periods from it: a low-contrast painted fence at 14 grid px (43 % of the pixels) also held 6 %,
 * 3.4 % and 3 % at 38, 62 and 86 (one, two and three periods of 24 nearer) and 1.9 % at −10; searching all of it took
 * 141 levels instead of 95, and the three 1920 px frames 3.0 s instead of 2.5. The dominant disparity and one period
 * either side stay (the alias readings compare the structure one period nearer and farther, see aliasMaps); bins on
 * its lattice farther out go. The period is the shortest offset from the dominant bin to another peak whose lattice
 * holds a second kept bin (two periods out, or one period the other way); without one, nothing goes.
 */
export function withoutFarRepeats(span: Span, bins: Map<number, number>): Span {
  const kept = [...span.kept];
  const isKept = (b: number) => kept.some((k) => Math.abs(k - b) <= 1);
  const dominant = dominantBin(kept, bins);
  let period = Number.POSITIVE_INFINITY;
  for (const peak of kept) {
    const offset = peak - dominant;
    if (Math.abs(offset) < MIN_PERIOD || !isPeakBin(bins, peak)) continue;
    if (isKept(dominant + 2 * offset) || isKept(dominant - offset))
      period = Math.min(period, Math.abs(offset));
  }
  if (!Number.isFinite(period)) return span;
  const farRepeat = (b: number) => {
    const k = Math.round((b - dominant) / period);
    return Math.abs(k) >= 2 && Math.abs(b - (dominant + k * period)) <= 1;
  };
  const near = Float64Array.from(kept.filter((b) => !farRepeat(b)));
  return { lo: Math.min(...near), hi: Math.max(...near), kept: near };
}

/** A local peak of the dense match holding this share of its consistent pixels is a surface repeats are judged from. */
const ANCHOR_SHARE = 0.03;
/**
 * Px more a dense match's bin may lie off a lattice point (see latticeSteps): its bins are twice the half-size
 * match's readings. The picket fence of secondAliasBound held its boards' second alias nearer at 50, 1.54 px from
 * 6 + 2 · 22.77, where 1.5 was allowed: it stayed, and set the near end.
 */
const DENSE_BIN_SLACK = 1;

/**
 * `kept` without the bins that lie two periods or more from a surface on its structure's lattice (surface + k ·
 * period, |k| ≥ 2, within 1 + |k| / 4 px, the period known to a fraction of a pixel, and DENSE_BIN_SLACK) unless
 * within a period of a surface on one (the alias readings compare the structure one period nearer and farther, see
 * aliasMaps). The surfaces are the dense match's local peaks holding ANCHOR_SHARE of its pixels (`bins` of `total`).
 * A window grid's features matched two and three periods off held 0.5 % and 1.9 % of the dense match at -72 and
 * -120 grid px, where its surfaces lie at -16 and 22: the search spanned 226 levels instead of 133. Measured on the
 * ray-traced scenes (bench/engine/interpolate-ray.ts, 1920 px), `wiggle interpolate` took 0.80 (window grid), 0.81
 * (chain-link) and 0.87 (painted fence) of the time, the mean gain over a cross-fade 7.97 -> 8.00 dB (painted fences
 * +0.1 to +0.6, chain-link +0.3 to +0.7, the window grid -0.2 to -0.4, a picket fence at 1.1 x its spacing -0.2 to
 * -0.4); the layered scenes' ranges are not wide enough to be checked and stay as they were.
 */
export function offLattice(
  kept: readonly number[],
  bins: Map<number, number>,
  total: number,
  periods: readonly number[],
): number[] {
  if (periods.length === 0) return [...kept];
  const surfaces = denseSurfaces(bins, total);
  // |k| for each surface and period whose lattice b lies on (none when it lies on no lattice).
  return kept.filter((b) => {
    const on = latticeSteps(b, surfaces, periods, DENSE_BIN_SLACK);
    return on.length === 0 || on.some((k) => k <= 1);
  });
}

/** A dense match's surfaces (`bins` of `total` readings): its local peaks holding ANCHOR_SHARE of them. */
function denseSurfaces(bins: Map<number, number>, total: number): number[] {
  return peakBins(bins, ANCHOR_SHARE * total);
}

/**
 * |k| for each surface s and period p whose lattice (s + k · p, within 1 + |k| / 4 px: the period is known to a
 * fraction of a pixel; plus `slack`) bin b lies on; none when it lies on no lattice.
 */
function latticeSteps(
  b: number,
  surfaces: readonly number[],
  periods: readonly number[],
  slack = 0,
): number[] {
  return surfaces.flatMap((s) =>
    periods.flatMap((p) => {
      const k = Math.round((b - s) / p);
      return Math.abs(b - s - k * p) <= 1 + Math.abs(k) / 4 + slack ? [Math.abs(k)] : [];
    }),
  );
}

/** Share of the half-size left view's pixels that must match consistently for a dense match to count. */
const MIN_DENSE_SHARE = 0.25;

/**
 * The disparities (grid px) that census SGM finds consistent on half-size copies searching [`from`, `to`]: where
 * features are too few to tell the range (a low-contrast or uniformly painted fence) or spread too wide, a dense
 * match still sees every surface, for an eighth of the cost of the same search at full size (a quarter of the
 * pixels, half the levels). In ascending order; undefined when fewer than MIN_DENSE_SHARE of the pixels match
 * consistently.
 */
async function denseDisparities(
  left: GrayImage,
  right: GrayImage,
  from: number,
  to: number,
  match: DenseMatch,
): Promise<Float64Array | undefined> {
  const [l, r] = [halvedGray(left), halvedGray(right)];
  if (l.width === 0 || l.height === 0) return undefined;
  const maps = await match(l, r, { min: Math.floor(from / 2), max: Math.ceil(to / 2) });
  const found = maps.left.filter((d) => Number.isFinite(d));
  return found.length < MIN_DENSE_SHARE * maps.left.length
    ? undefined
    : Float64Array.from(found, (d) => 2 * d).sort();
}
