import { type GrayImage, reducedGray } from '../cv/gray';
import { loadOpenCv } from '../cv/opencv';
import type { RawImage } from '../image';
import {
  consistency,
  type FarnebackParams,
  type FlowField,
  farnebackFlow,
  medianFlow,
  sampleFlow,
  sharpenFlow,
} from './flow';

export interface InterpolateOptions {
  /** Width of the copy the flow is computed on. */
  flowWidth?: number;
  farneback?: FarnebackParams;
  /** Forward/backward disagreement (grid px) at which a pixel counts as occluded. */
  occlusionSigma?: number;
  /** Passes re-choosing each pixel's flow among its neighbours' by patch error (sharper motion edges). */
  sharpenPasses?: number;
  /** 5×5 median of the sharpened flow (removes specks on repetitive texture); default true. */
  medianAfterSharpen?: boolean;
}

/**
 * In-between views of an aligned pair at `positions` (percent from left to right), by dense optical flow in both
 * directions with occlusion-aware blending:
 * - Farneback flow L→R and R→L on a reduced copy (≤ 960 px wide), brightness-matched, then sharpened at motion
 *   edges (see sharpenFlow), used at full size by bilinear lookup;
 * - each view is backward-warped toward position t: the source s of output pixel p solves s + t·F(s) = p,
 *   found by fixed-point iteration (using F(p) alone would smear near-object edges by t·disparity);
 * - blending by (1 − t, t), times the forward/backward consistency at each source (a pixel occluded in the
 *   other view has no trustworthy flow) and by how well the fixed point was reached.
 */
export async function interpolateViews(
  left: RawImage,
  right: RawImage,
  positions: readonly number[] = [25, 50, 75],
  options: InterpolateOptions = {},
): Promise<RawImage[]> {
  if (left.width !== right.width || left.height !== right.height || left.channels !== right.channels) {
    throw new Error('interpolateViews needs two aligned views of the same size and channels');
  }
  const { cv } = await loadOpenCv();
  const flowWidth = Math.min(left.width, options.flowWidth ?? 960);
  const maxSide = Math.round((Math.max(left.width, left.height) * flowWidth) / left.width);
  const [grayL, grayR] = await Promise.all([reducedGray(left, maxSide), reducedGray(right, maxSide)]);
  // Farneback assumes equal brightness; hand-held pairs often differ in exposure.
  matchBrightness(grayR, grayL);
  let forward = farnebackFlow(cv, grayL, grayR, options.farneback);
  let backward = farnebackFlow(cv, grayR, grayL, options.farneback);
  const passes = options.sharpenPasses ?? 2;
  for (let pass = 0; pass < passes; pass++) {
    forward = sharpenFlow(forward, grayL, grayR);
    backward = sharpenFlow(backward, grayR, grayL);
  }
  if (passes > 0 && (options.medianAfterSharpen ?? true)) {
    forward = medianFlow(cv, forward);
    backward = medianFlow(cv, backward);
  }
  const sigma = options.occlusionSigma ?? 1;
  const visibleL = consistency(forward, backward, sigma);
  const visibleR = consistency(backward, forward, sigma);
  const scale = left.width / grayL.width;
  const sideL = { image: left, flow: forward, visible: visibleL };
  const sideR = { image: right, flow: backward, visible: visibleR };
  return positions.map((percent) => synthesize(sideL, sideR, percent / 100, scale));
}

interface Side {
  image: RawImage;
  /** Flow toward the other view, on the reduced grid. */
  flow: FlowField;
  visible: Float32Array;
}

/** Per grid pixel: where to read the view (offset from the pixel, grid px) and how much to trust that read. */
interface SourceField {
  dx: Float32Array;
  dy: Float32Array;
  weight: Float32Array;
}

const FIXED_POINT_STEPS = 2;

/**
 * Solves s + t·F(s) = g for every grid pixel g by fixed-point iteration. Weight = consistency of the source
 * (0.05 floor so that a pixel seen by one view only still gets a colour) × how well the fixed point was reached.
 */
function sourceField(side: Side, t: number): SourceField {
  const { flow, visible } = side;
  const { width, height } = flow;
  const n = width * height;
  const out = { dx: new Float32Array(n), dy: new Float32Array(n), weight: new Float32Array(n) };
  const f = new Float64Array(2);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      let sx = x - t * flow.data[2 * i]!;
      let sy = y - t * flow.data[2 * i + 1]!;
      for (let k = 0; k < FIXED_POINT_STEPS; k++) {
        sampleFlow(flow, sx, sy, f);
        sx = x - t * f[0]!;
        sy = y - t * f[1]!;
      }
      sampleFlow(flow, sx, sy, f);
      const ex = sx + t * f[0]! - x;
      const ey = sy + t * f[1]! - y;
      const gx = Math.round(sx);
      const gy = Math.round(sy);
      const inside = gx >= 0 && gy >= 0 && gx < width && gy < height;
      const seen = inside ? visible[gy * width + gx]! : 0;
      out.dx[i] = sx - x;
      out.dy[i] = sy - y;
      out.weight[i] = (0.05 + seen) * Math.exp(-(ex * ex + ey * ey));
    }
  }
  return out;
}

/**
 * Full-size frame at position t: both source fields are looked up bilinearly on the reduced grid (one set of
 * weights serves both), each view is read bilinearly at its source, and the reads are blended by
 * (1 − t)·weightL and t·weightR.
 */
function synthesize(l: Side, r: Side, t: number, scale: number): RawImage {
  const { width, height, channels } = l.image;
  const fl = sourceField(l, t);
  const fr = sourceField(r, 1 - t);
  const gw = l.flow.width;
  const gh = l.flow.height;
  const out = new Uint8Array(width * height * channels);
  const colourL = new Float64Array(channels);
  const colourR = new Float64Array(channels);
  for (let y = 0; y < height; y++) {
    let gy = (y + 0.5) / scale - 0.5;
    gy = gy < 0 ? 0 : Math.min(gy, gh - 1.000001);
    const y0 = gy | 0;
    const fy = gy - y0;
    for (let x = 0; x < width; x++) {
      let gx = (x + 0.5) / scale - 0.5;
      gx = gx < 0 ? 0 : Math.min(gx, gw - 1.000001);
      const x0 = gx | 0;
      const fx = gx - x0;
      const i00 = y0 * gw + x0;
      const i01 = i00 + gw;
      const w00 = (1 - fx) * (1 - fy);
      const w10 = fx * (1 - fy);
      const w01 = (1 - fx) * fy;
      const w11 = fx * fy;
      // Written out (no helper closure): tsx/esbuild wraps every closure creation in a naming call per pixel.
      const wl =
        (1 - t) *
        (w00 * fl.weight[i00]! +
          w10 * fl.weight[i00 + 1]! +
          w01 * fl.weight[i01]! +
          w11 * fl.weight[i01 + 1]!);
      const wr =
        t *
        (w00 * fr.weight[i00]! +
          w10 * fr.weight[i00 + 1]! +
          w01 * fr.weight[i01]! +
          w11 * fr.weight[i01 + 1]!);
      const lx = w00 * fl.dx[i00]! + w10 * fl.dx[i00 + 1]! + w01 * fl.dx[i01]! + w11 * fl.dx[i01 + 1]!;
      const ly = w00 * fl.dy[i00]! + w10 * fl.dy[i00 + 1]! + w01 * fl.dy[i01]! + w11 * fl.dy[i01 + 1]!;
      const rx = w00 * fr.dx[i00]! + w10 * fr.dx[i00 + 1]! + w01 * fr.dx[i01]! + w11 * fr.dx[i01 + 1]!;
      const ry = w00 * fr.dy[i00]! + w10 * fr.dy[i00 + 1]! + w01 * fr.dy[i01]! + w11 * fr.dy[i01 + 1]!;
      sampleColour(l.image, x + scale * lx, y + scale * ly, colourL);
      sampleColour(r.image, x + scale * rx, y + scale * ry, colourR);
      const total = wl + wr;
      const kl = total > 1e-6 ? wl / total : 1 - t;
      const kr = 1 - kl;
      const o = (y * width + x) * channels;
      for (let c = 0; c < channels; c++) out[o + c] = kl * colourL[c]! + kr * colourR[c]! + 0.5;
    }
  }
  return { data: out, width, height, channels };
}

function sampleColour(image: RawImage, x: number, y: number, out: Float64Array): void {
  const { width, height, channels, data } = image;
  const cx = x < 0 ? 0 : Math.min(x, width - 1.000001);
  const cy = y < 0 ? 0 : Math.min(y, height - 1.000001);
  const x0 = cx | 0;
  const y0 = cy | 0;
  const fx = cx - x0;
  const fy = cy - y0;
  const i00 = (y0 * width + x0) * channels;
  const i01 = i00 + width * channels;
  for (let c = 0; c < channels; c++) {
    const top = data[i00 + c]! * (1 - fx) + data[i00 + channels + c]! * fx;
    const bottom = data[i01 + c]! * (1 - fx) + data[i01 + channels + c]! * fx;
    out[c] = top * (1 - fy) + bottom * fy;
  }
}

/** Scales `target`'s grey levels in place to the mean and contrast of `reference`. */
function matchBrightness(target: GrayImage, reference: GrayImage): void {
  const stats = (data: Uint8Array) => {
    let sum = 0;
    let sum2 = 0;
    for (const v of data) {
      sum += v;
      sum2 += v * v;
    }
    const mean = sum / data.length;
    return { mean, std: Math.sqrt(Math.max(0, sum2 / data.length - mean * mean)) };
  };
  const t = stats(target.data);
  const r = stats(reference.data);
  if (t.std < 1e-3 || (Math.abs(t.mean - r.mean) < 0.5 && Math.abs(t.std - r.std) < 0.5)) return;
  const gain = r.std / t.std;
  const lut = Uint8Array.from({ length: 256 }, (_, v) =>
    Math.round(Math.min(255, Math.max(0, (v - t.mean) * gain + r.mean))),
  );
  for (let i = 0; i < target.data.length; i++) target.data[i] = lut[target.data[i]!]!;
}
