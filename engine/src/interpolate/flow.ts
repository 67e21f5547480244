import type { GrayImage } from '../cv/gray';
import { type Cv, withMats } from '../cv/opencv';

/** A dense flow field: (dx, dy) per pixel, interleaved, on a width × height grid. */
export interface FlowField {
  data: Float32Array;
  width: number;
  height: number;
}

/**
 * Farneback dense flow from `from` to `to`. A 5-level pyramid reaches ~40 px of motion at the reduced size,
 * which covers the parallax of a typical wiggle (a few % of the width). Box windows rather than Gaussian ones:
 * several times faster in wasm for a quality loss the occlusion-aware blending absorbs.
 */
export interface FarnebackParams {
  levels: number;
  window: number;
  iterations: number;
  polyN: number;
  polySigma: number;
  gaussian: boolean;
}

export const DEFAULT_FARNEBACK: FarnebackParams = {
  levels: 5,
  window: 11,
  iterations: 3,
  polyN: 7,
  polySigma: 1.5,
  gaussian: false,
};

export function farnebackFlow(
  cv: Cv,
  from: GrayImage,
  to: GrayImage,
  p: FarnebackParams = DEFAULT_FARNEBACK,
): FlowField {
  return withMats((keep) => {
    const a = keep(cv.matFromArray(from.height, from.width, cv.CV_8UC1, from.data as unknown as number[]));
    const b = keep(cv.matFromArray(to.height, to.width, cv.CV_8UC1, to.data as unknown as number[]));
    const flow = keep(new cv.Mat());
    const flags = p.gaussian ? cv.OPTFLOW_FARNEBACK_GAUSSIAN : 0;
    cv.calcOpticalFlowFarneback(
      a,
      b,
      flow,
      0.5,
      p.levels,
      p.window,
      p.iterations,
      p.polyN,
      p.polySigma,
      flags,
    );
    return { data: Float32Array.from(flow.data32F), width: from.width, height: from.height };
  });
}

/** Bilinear sample of a flow field at (x, y) (clamped to the grid), written into `out`. */
export function sampleFlow(flow: FlowField, x: number, y: number, out: Float64Array): void {
  sampleFlowData(flow.data, flow.width, flow.height, x, y, out);
}

/** sampleFlow on a field's members (loops over many pixels read them once). */
function sampleFlowData(
  data: Float32Array,
  width: number,
  height: number,
  x: number,
  y: number,
  out: Float64Array,
): void {
  const cx = x < 0 ? 0 : Math.min(x, width - 1.000001);
  const cy = y < 0 ? 0 : Math.min(y, height - 1.000001);
  const x0 = cx | 0;
  const y0 = cy | 0;
  const fx = cx - x0;
  const fy = cy - y0;
  const i00 = (y0 * width + x0) * 2;
  const i01 = i00 + width * 2;
  const w00 = (1 - fx) * (1 - fy);
  const w10 = fx * (1 - fy);
  const w01 = (1 - fx) * fy;
  const w11 = fx * fy;
  out[0] = w00 * data[i00]! + w10 * data[i00 + 2]! + w01 * data[i01]! + w11 * data[i01 + 2]!;
  out[1] = w00 * data[i00 + 1]! + w10 * data[i00 + 3]! + w01 * data[i01 + 1]! + w11 * data[i01 + 3]!;
}

/**
 * Forward/backward consistency: how well each pixel's flow is undone by the reverse flow where it lands
 * (1 = consistent, → 0 = occluded in the other view or unreliable). `sigmaPx` is in grid pixels.
 */
export function consistency(forward: FlowField, backward: FlowField, sigmaPx: number): Float32Array {
  // The fields' members are read once: per pixel, their reads cost more than the arithmetic.
  const { width, height, data } = forward;
  const { width: bw, height: bh, data: bd } = backward;
  const out = new Float32Array(width * height);
  const back = new Float64Array(2);
  const s2 = sigmaPx * sigmaPx;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const fx = data[2 * i]!;
      const fy = data[2 * i + 1]!;
      const tx = x + fx;
      const ty = y + fy;
      if (tx < 0 || ty < 0 || tx > bw - 1 || ty > bh - 1) continue;
      sampleFlowData(bd, bw, bh, tx, ty, back);
      const ex = fx + back[0]!;
      const ey = fy + back[1]!;
      out[i] = Math.exp(-(ex * ex + ey * ey) / s2);
    }
  }
  return out;
}
