import type { SeedFit } from './fit-from-seed';
import { fitLens, undistort } from './lens-fit';
import { dominantFit } from './refine';
import { disparity, median, subsetOf, verticalResidual } from './similarity';

/** Each side of a split holds at least this many refined points, and this share of them. */
const MIN_LAYER_POINTS = 20;
const MIN_LAYER_SHARE = 0.1;
/** Split positions tried, as shares of the points sorted by disparity. */
const SPLITS = [0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9];
/**
 * Difference of the two sides' median signed vertical residuals (px at up to 640 px, scaled above) from which the
 * farther side starts a fit of its own. Measured on the opencv-doc rig's pair 12: 4.0 px between the board and
 * the board matched a period off.
 */
const LAYER_GAP_PX = 1.5;

/**
 * A start from the refined points of one depth layer, when a fit's points split by disparity into two layers that
 * its model puts on different rows. On a repetitive pattern seen at an angle (a calibration board tilted towards
 * the camera, a fence running away from it) the rows of the pattern are not the rows of the picture: the pattern
 * matched a period off along its own rows is a consistent set of matches whose vertical disparity is off by the
 * period times the slope of those rows, at a disparity a period lower. When those matches outnumber the true ones,
 * the fit follows them (the opencv-doc rig's pair 12: 333 tiles a period off, 4 px below the board's 96 true ones,
 * whose corners the fit left 3.2 px off their rows). A level baseline puts every depth on the same rows, so the
 * layer the fit leaves off its rows starts a fit of its own (a similarity, with the keystone and lens terms its
 * points call for), and chooseFit asks the views which of the fits puts them on the same rows.
 */
export function layerStart(fit: SeedFit, width: number, height: number): SeedFit | undefined {
  const refined = fit.refined;
  if (!refined) return undefined;
  const points = fit.points;
  const n = points.xl.length;
  const least = Math.max(MIN_LAYER_POINTS, Math.ceil(MIN_LAYER_SHARE * n));
  if (n < 2 * least) return undefined;
  const longSide = Math.max(width, height);
  const disparities = Float64Array.from(points.xl.keys(), (i) => disparity(fit.model, points, i));
  const order = Int32Array.from(points.xl.keys()).sort((i, j) => disparities[i]! - disparities[j]!);
  const residuals = Float64Array.from(order, (i) => verticalResidual(fit.model, points, i));
  let best = { gap: 0, far: new Int32Array(0) };
  for (const share of SPLITS) {
    const at = Math.round(share * n);
    if (at < least || n - at < least) continue;
    const low = median(residuals.subarray(0, at));
    const high = median(residuals.subarray(at));
    const gap = Math.abs(high - low);
    if (gap <= best.gap) continue;
    // The side its model leaves farther off its rows (the other is the one the fit followed).
    best = { gap, far: Math.abs(high) > Math.abs(low) ? order.subarray(at) : order.subarray(0, at) };
  }
  const scale = Math.max(1, longSide / 640);
  if (best.gap < LAYER_GAP_PX * scale) return undefined;
  // The layer's raw (distorted) points: the lens term is sought again on them alone.
  const layer = subsetOf(refined.points, best.far);
  const start = dominantFit(layer, fit.model, longSide);
  const lens = fitLens(layer, start, width, height, 0.6 * Math.max(1, longSide / 2000));
  const model = lens.model;
  // The tiles within a pixel (up to 2000 px) of the layer's rows: the others are the pattern a period off.
  const tiles = undistort(refined.tiles, lens.k, lens.r2);
  const bound = Math.max(1, longSide / 2000);
  const kept = Int32Array.from(tiles.xl.keys()).filter(
    (i) => Math.abs(verticalResidual(model, tiles, i)) <= bound,
  );
  return {
    model,
    points: lens.points,
    refined: { model, points: layer, tiles: subsetOf(refined.tiles, kept) },
    lens,
  };
}
