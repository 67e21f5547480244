import type { LensFit } from './lens-fit';
import type { RefineResult } from './refine';
import {
  type Correspondences,
  concatOf,
  fitVertical,
  fitVerticalRobust,
  interdecileSpan,
  median,
  type Similarity,
  scaleOf,
  verticalResiduals,
} from './similarity';

/**
 * Tracked points whose rows span less than this share of the height (10th to 90th percentile) hardly tell the
 * scale from ty: across a band of 43 rows a scale 6 % off moves them by a pixel at most.
 */
const MIN_BAND_SHARE = 0.125;
/**
 * A fit on such a band whose scale departs from the rough model's by more than this is not believed: the rough
 * models of the band fits seen (low-contrast railings, 1200-1920 px) were 0.1-1.5 % off, the band fits 0-6 %.
 */
const MAX_BAND_SCALE_CHANGE = 0.03;
/** |Vertical residual| (px) where the unit-scale fit's loss turns linear (Huber), and its reweighting passes. */
const UNIT_SCALE_HUBER_PX = 1;
const UNIT_SCALE_PASSES = 4;

/**
 * The fit of tracked points on too narrow a band of rows (see MIN_BAND_SHARE) whose scale strays from the rough
 * model's (see MAX_BAND_SCALE_CHANGE): one of the two is wrong. With rough matches spread further up and down the
 * frame: the tracked points and the rough matches together, each weighted by the inverse square of its own median
 * residual, so that the tracked points set rotation and ty and the rough matches weigh in on the scale. A
 * low-contrast railing whose 69 tiles all lay along its top rail (43 of 1280 rows) was fitted at a scale of 0.929
 * where the guided matches had found 0.987 (true 0.984): 18 px off at the frame's edges, 0.32 px with both. When
 * the rough matches lie on the same band, neither measured the scale: it is held at 1 (the two cameras of a rig
 * share their focal length) and the band sets rotation and ty. A faint wall above a railing whose matches all lay on
 * its top rail (4 of 1280 rows) had the tiles fit 0.912 and the rough matches 0.966 (true 0.998): 10.4 px off over
 * the frame, 0.58 px at scale 1. No lens term (its radial bend needs rows far apart too). Undefined when the band
 * is wide enough or its scale plausible: a band's tiles can measure it (two railings whose tiles lay on 11 and 77
 * rows found their scales within 0.02 %, the rough matches 1.5 % off; held at 1 they were 1.9 and 6.2 px off).
 */
export function bandFit(
  tracked: RefineResult,
  rough: Similarity,
  roughPoints: Correspondences,
  r2: number,
  height: number,
): LensFit | undefined {
  const { points, model } = tracked;
  if (points.yl.length === 0 || roughPoints.yl.length === 0) return undefined;
  const narrow = (c: Correspondences) => interdecileSpan(c.yl) < MIN_BAND_SHARE * height;
  if (!narrow(points)) return undefined;
  if (Math.abs(scaleOf(model) / scaleOf(rough) - 1) <= MAX_BAND_SCALE_CHANGE) return undefined;
  const both = concatOf(points, roughPoints);
  if (narrow(both)) {
    const theta = Math.atan2(model.b, model.a);
    const start = { a: Math.cos(theta), b: Math.sin(theta), tx: model.tx, ty: model.ty };
    const all = Int32Array.from(points.xl.keys());
    const fit = fitVerticalRobust(points, all, start, UNIT_SCALE_HUBER_PX, UNIT_SCALE_PASSES, 'unit-scale');
    return { k: 0, r2, model: fit, points };
  }
  const spread = (m: Similarity, c: Correspondences) => Math.max(1e-3, median(verticalResiduals(m, c)));
  const roughWeight = (spread(model, points) / spread(rough, roughPoints)) ** 2;
  const weights = Float64Array.from(both.xl, (_, i) => (i < points.xl.length ? 1 : roughWeight));
  const fit = fitVertical(
    both,
    Int32Array.from(both.xl, (_, i) => i),
    weights,
  );
  return fit && { k: 0, r2, model: { ...fit, tx: model.tx }, points };
}
