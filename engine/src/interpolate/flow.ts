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
  const { width, height, data } = flow;
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
  const out = new Float32Array(forward.width * forward.height);
  const back = new Float64Array(2);
  const s2 = sigmaPx * sigmaPx;
  for (let y = 0; y < forward.height; y++) {
    for (let x = 0; x < forward.width; x++) {
      const i = y * forward.width + x;
      const fx = forward.data[2 * i]!;
      const fy = forward.data[2 * i + 1]!;
      const tx = x + fx;
      const ty = y + fy;
      if (tx < 0 || ty < 0 || tx > backward.width - 1 || ty > backward.height - 1) continue;
      sampleFlow(backward, tx, ty, back);
      const ex = fx + back[0]!;
      const ey = fy + back[1]!;
      out[i] = Math.exp(-(ex * ex + ey * ey) / s2);
    }
  }
  return out;
}

const SHARPEN_OFFSETS = [3, 8, 20];

/**
 * Farneback's windows smear a near object's motion over the background next to it (a halo as wide as the window
 * times the pyramid). Each pixel here re-chooses its flow among its own and that of neighbours 2–20 px away in
 * the four directions, by the photometric error of a 5×5 (sparse 3×3) patch: background pixels inside the halo
 * find the background's flow a few pixels out, so motion edges snap back to object edges.
 */
export function sharpenFlow(flow: FlowField, from: GrayImage, to: GrayImage): FlowField {
  const { width, height, data } = flow;
  const out = new Float32Array(data);
  const a = from.data;
  const b = to.data;
  const tw = to.width;
  const th = to.height;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const ownX = data[2 * i]!;
      const ownY = data[2 * i + 1]!;
      // The own cost is only needed once a neighbour disagrees: most pixels sit inside smooth flow.
      let bestCost = Number.NaN;
      let bestX = ownX;
      let bestY = ownY;
      for (const r of SHARPEN_OFFSETS) {
        for (let d = 0; d < 4; d++) {
          const nx = d === 0 ? x + r : d === 1 ? x - r : x;
          const ny = d === 2 ? y + r : d === 3 ? y - r : y;
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue;
          const j = ny * width + nx;
          const cx = data[2 * j]!;
          const cy = data[2 * j + 1]!;
          if (Math.abs(cx - ownX) + Math.abs(cy - ownY) < 0.5) continue;
          if (Number.isNaN(bestCost))
            bestCost = 0.8 * patchCost(a, width, height, b, tw, th, x, y, ownX, ownY);
          const cost = patchCost(a, width, height, b, tw, th, x, y, cx, cy);
          if (cost < bestCost) {
            bestCost = cost;
            bestX = cx;
            bestY = cy;
          }
        }
      }
      out[2 * i] = bestX;
      out[2 * i + 1] = bestY;
    }
  }
  return { data: out, width, height };
}

/** Sum of absolute differences over taps at −2, 0, +2 px in x and y, the `to` side sampled bilinearly. */
function patchCost(
  a: Uint8Array,
  width: number,
  height: number,
  b: Uint8Array,
  tw: number,
  th: number,
  x: number,
  y: number,
  fx: number,
  fy: number,
): number {
  let cost = 0;
  for (let oy = -2; oy <= 2; oy += 2) {
    const py = y + oy < 0 ? 0 : Math.min(y + oy, height - 1);
    let qy = py + fy;
    qy = qy < 0 ? 0 : Math.min(qy, th - 1.001);
    const y0 = qy | 0;
    const wy = qy - y0;
    for (let ox = -2; ox <= 2; ox += 2) {
      const px = x + ox < 0 ? 0 : Math.min(x + ox, width - 1);
      let qx = px + fx;
      qx = qx < 0 ? 0 : Math.min(qx, tw - 1.001);
      const x0 = qx | 0;
      const wx = qx - x0;
      const i = y0 * tw + x0;
      const top = b[i]! + (b[i + 1]! - b[i]!) * wx;
      const bottom = b[i + tw]! + (b[i + tw + 1]! - b[i + tw]!) * wx;
      const v = top + (bottom - top) * wy;
      const d = a[py * width + px]! - v;
      cost += d < 0 ? -d : d;
    }
  }
  return cost;
}

/**
 * 5×5 median of each flow component: the per-pixel choice of sharpenFlow is noisy on repetitive or weak texture
 * (isolated pixels pick a wrong neighbour's motion); a median removes those specks and keeps motion edges.
 */
export function medianFlow(cv: Cv, flow: FlowField): FlowField {
  const { width, height, data } = flow;
  const n = width * height;
  const out = new Float32Array(data.length);
  withMats((keep) => {
    for (let c = 0; c < 2; c++) {
      const channel = new Float32Array(n);
      for (let i = 0; i < n; i++) channel[i] = data[2 * i + c]!;
      const src = keep(new cv.Mat(height, width, cv.CV_32FC1));
      src.data32F.set(channel);
      const dst = keep(new cv.Mat());
      cv.medianBlur(src, dst, 5);
      const filtered = dst.data32F;
      for (let i = 0; i < n; i++) out[2 * i + c] = filtered[i]!;
    }
  });
  return { data: out, width, height };
}
