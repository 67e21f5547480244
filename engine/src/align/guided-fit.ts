import { type FeatureMatches, guidedMatches, type Keypoints } from './features';
import { type Correspondences, fitVerticalRobust, type Similarity, verticalResidual } from './similarity';

/** How reduced keypoints map to centred full-resolution coordinates (see reducedGray's pixel-centre convention). */
export interface ReducedFrames {
  sL: number;
  sR: number;
  cl: { x: number; y: number };
  cr: { x: number; y: number };
}

/** A model and the guided matches it was refitted on (centred, full resolution). */
export interface Guided {
  matches: Correspondences;
  model: Similarity;
}

/** Row bands (reduced px) of the two guided passes: wide around the rough model, narrow around its refit. */
const BANDS = [2.5, 1.5];

/**
 * Guided matching and refit, twice: matches along the model's rows (see guidedMatches), then an IRLS refit on
 * their vertical residuals (Huber at one reduced pixel). Returns the last matches (centred, full resolution) and
 * the refitted model.
 */
export function guideByModel(
  left: Keypoints,
  right: Keypoints,
  start: Similarity,
  f: ReducedFrames,
  maxDisparityPx: number,
  bands: readonly number[] = BANDS,
): Guided {
  let model = start;
  let matches: Correspondences = {
    xl: new Float64Array(0),
    yl: new Float64Array(0),
    xr: new Float64Array(0),
    yr: new Float64Array(0),
  };
  for (const band of bands) {
    const m = model;
    const toCentredR = (x: number, y: number) => [
      (x + 0.5) * f.sR - 0.5 - f.cr.x,
      (y + 0.5) * f.sR - 0.5 - f.cr.y,
    ];
    const found = guidedMatches(
      left,
      right,
      (x, y) => {
        const [X, Y] = toCentredR(x, y);
        return (m.b * X! + m.a * Y! + m.ty + f.cl.y + 0.5) / f.sL - 0.5;
      },
      (x, y) => {
        const [X, Y] = toCentredR(x, y);
        return (m.a * X! - m.b * Y! + f.cl.x + 0.5) / f.sL - 0.5;
      },
      band,
      maxDisparityPx / f.sL,
    );
    const next = centred(found, f);
    if (next.xl.length < 8) break;
    matches = next;
    model = fitVerticalRobust(
      matches,
      Int32Array.from(matches.xl.keys()),
      model,
      Math.max(1, band / 2.5) * f.sL,
      10,
    );
  }
  return { matches, model };
}

/** Matches in reduced pixels → centred full-resolution coordinates. */
export function centred(m: FeatureMatches, f: ReducedFrames): Correspondences {
  return {
    xl: Float64Array.from(m.leftX, (x) => (x + 0.5) * f.sL - 0.5 - f.cl.x),
    yl: Float64Array.from(m.leftY, (y) => (y + 0.5) * f.sL - 0.5 - f.cl.y),
    xr: Float64Array.from(m.rightX, (x) => (x + 0.5) * f.sR - 0.5 - f.cr.x),
    yr: Float64Array.from(m.rightY, (y) => (y + 0.5) * f.sR - 0.5 - f.cr.y),
  };
}

/** Indices of the matches whose |vertical residual| under `model` is at most `px`. */
export function withinIndices(c: Correspondences, model: Similarity, px: number): Int32Array {
  const out: number[] = [];
  for (let i = 0; i < c.xl.length; i++) if (Math.abs(verticalResidual(model, c, i)) <= px) out.push(i);
  return Int32Array.from(out);
}
