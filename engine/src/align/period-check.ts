import type { GrayImage } from '../cv/gray';
import type { Keypoints } from './features';
import { type Guided, guideByModel, type ReducedFrames, withinIndices } from './guided-fit';
import { latticeOffsets } from './lattice-offsets';
import { disparitySpan, preference, rowConsistency } from './row-consistency';

/** Row bands (reduced px) of the guided passes from a shifted candidate: its rotation may still be off. */
const CANDIDATE_BANDS = [8, 5, 3, 1.5];
/** Vertical search for repeats: this share of the reduced height each way. */
const SEARCH_SHARE = 0.12;
/** A candidate replaces the first model only when this net share of pixels prefers it (see preference). */
const MIN_GAIN = 0.01;
/**
 * Share of the first model's guided matches (within a reduced pixel of their rows) a candidate must hold to be
 * scored. The dense vote alone cannot tell a wrong candidate on a fence whose bars, uniform along their length,
 * vote for no row: one 10 reduced px up, holding 60 % of the first's matches, won by 2.4 % of the pixels and left
 * the pair 19.6 px off; the true corrections of the opencv-doc rig won by 1.3-29 % and held 87-170 %.
 */
const MIN_MATCH_SHARE = 0.75;

/**
 * Guards against a model one period off on repetitive texture: the rows where the right view's keypoints repeat
 * the left's (latticeOffsets) give shifted candidates, each refitted by guided matching (and dropped unless it holds
 * MIN_MATCH_SHARE of the first's matches); all are scored densely
 * (rowConsistency: does every region find its match on the same row?) and the best is kept. Without repeats the
 * first model is returned untouched (and nothing dense is computed).
 */
export function resolvePeriod(
  grays: { left: GrayImage; right: GrayImage },
  keys: { left: Keypoints; right: Keypoints },
  first: Guided,
  f: ReducedFrames,
  maxDisparityPx: number,
): Guided & { candidates: number } {
  const m = first.model;
  const toCentredR = (x: number, y: number) => [
    (x + 0.5) * f.sR - 0.5 - f.cr.x,
    (y + 0.5) * f.sR - 0.5 - f.cr.y,
  ];
  const offsets = latticeOffsets(
    keys.left,
    keys.right,
    (x, y) => {
      const [X, Y] = toCentredR(x, y);
      return (m.b * X! + m.a * Y! + m.ty + f.cl.y + 0.5) / f.sL - 0.5;
    },
    (x, y) => {
      const [X, Y] = toCentredR(x, y);
      return (m.a * X! - m.b * Y! + f.cl.x + 0.5) / f.sL - 0.5;
    },
    SEARCH_SHARE * grays.left.height,
    maxDisparityPx / f.sL,
  );
  if (offsets.length === 0) return { ...first, candidates: 0 };
  const candidates: Guided[] = [first];
  const held = (g: Guided) => withinIndices(g.matches, g.model, f.sL).length;
  const enough = Math.max(8, MIN_MATCH_SHARE * held(first));
  for (const offset of offsets) {
    const start = { ...m, ty: m.ty + offset * f.sL };
    const guided = guideByModel(keys.left, keys.right, start, f, maxDisparityPx, CANDIDATE_BANDS);
    if (held(guided) >= enough) candidates.push(guided);
  }
  if (candidates.length === 1) return { ...first, candidates: 0 };
  const range = disparitySpan(
    candidates.map((c) => ({ model: c.model, points: c.matches })),
    maxDisparityPx,
  );
  const maps = candidates.map((c) => rowConsistency(grays.left, grays.right, c.model, f, range));
  const gains = maps.map((map) => preference(map, maps[0]!));
  let best = 0;
  for (let k = 1; k < candidates.length; k++) {
    if (gains[k]! > Math.max(MIN_GAIN, gains[best]!)) best = k;
  }
  return { ...candidates[best]!, candidates: candidates.length - 1 };
}
