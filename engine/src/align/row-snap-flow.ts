import type { GrayImage } from '../cv/gray';
import type { FlowField } from '../interpolate/flow';
import { snapKernel } from './row-snap-kernel';

const SNAP_OFFSETS = [3, 8, 16];

/**
 * Farneback smears a near object's motion over the background beside it, which moves the inconsistent band away
 * from the true half-occlusion. Re-chooses flow by patch error only along rows (the runs
 * are horizontal) and only where `where` is set (near an inconsistency): each such pixel takes the flow of a
 * neighbour 3–16 px away on its row when that flow matches its 5×3 patch clearly better (cost < 0.8×) than its own.
 * Runs on a WebAssembly kernel (row-snap-kernel.ts) that gives the same flows; `kernel` false runs the JS loop
 * (tests and bench/engine/kernels.ts compare the two).
 */
export function snapHorizontal(
  flow: FlowField,
  from: GrayImage,
  to: GrayImage,
  where: Uint8Array,
  kernel = true,
): FlowField {
  const { width, height, data } = flow;
  const onKernel = kernel && from.width === width && from.height === height && width * height > 0;
  const snapped = onKernel ? snapOnKernel(flow, from, to, where) : undefined;
  if (snapped) return { data: snapped, width, height };
  const out = new Float32Array(data);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (where[y * width + x]) snapPixel(data, out, from, to, width, x, y);
    }
  }
  return { data: out, width, height };
}

/** The snapped flow from the kernel (row-snap-kernel.ts), or undefined where the kernel is missing. */
function snapOnKernel(flow: FlowField, from: GrayImage, to: GrayImage, where: Uint8Array) {
  const kernel = snapKernel();
  if (!kernel) return undefined;
  const n = flow.width * flow.height;
  const flowAt = 16;
  const outAt = flowAt + 8 * n;
  const aAt = outAt + 8 * n;
  const bAt = aAt + n;
  const whereAt = bAt + to.data.length;
  const heap = kernel.heap(whereAt + n);
  new Float32Array(heap.buffer, flowAt, 2 * n).set(flow.data);
  new Float32Array(heap.buffer, outAt, 2 * n).set(flow.data);
  heap.set(from.data, aAt);
  heap.set(to.data, bAt);
  heap.set(where, whereAt);
  kernel.snap(flowAt, aAt, bAt, whereAt, outAt, flow.width, flow.height, to.width, to.height);
  return new Float32Array(heap.buffer, outAt, 2 * n).slice();
}

/**
 * One pixel's snap: it takes the flow of a neighbour 3–16 px away on its row when that flow matches its 5×3 patch
 * clearly better (cost < 0.8×) than its own; the result goes to `out`.
 */
function snapPixel(
  data: Float32Array,
  out: Float32Array,
  from: GrayImage,
  to: GrayImage,
  width: number,
  x: number,
  y: number,
): void {
  const i = y * width + x;
  const ownX = data[2 * i]!;
  const ownY = data[2 * i + 1]!;
  let bestCost = Number.NaN;
  let bestX = ownX;
  let bestY = ownY;
  for (let k = 0; k < 2 * SNAP_OFFSETS.length; k++) {
    // Left then right neighbour at each offset, nearest first (a tie keeps the nearer).
    const nx = k & 1 ? x + SNAP_OFFSETS[k >> 1]! : x - SNAP_OFFSETS[k >> 1]!;
    if (nx < 0 || nx >= width) continue;
    const j = y * width + nx;
    const cx = data[2 * j]!;
    const cy = data[2 * j + 1]!;
    if (Math.abs(cx - ownX) < 1 && Math.abs(cy - ownY) < 1) continue;
    if (Number.isNaN(bestCost)) bestCost = 0.8 * rowCost(from, to, x, y, ownX, ownY, Infinity);
    const cost = rowCost(from, to, x, y, cx, cy, bestCost);
    if (cost < bestCost) {
      bestCost = cost;
      bestX = cx;
      bestY = cy;
    }
  }
  out[2 * i] = bestX;
  out[2 * i + 1] = bestY;
}

/** Pixels within the snapping reach (along the row) of a pixel whose raw flow consistency is below `below`. */
export function nearInconsistent(raw: Float32Array, width: number, below: number): Uint8Array {
  const out = new Uint8Array(raw.length);
  const reach = SNAP_OFFSETS[SNAP_OFFSETS.length - 1]!;
  for (let row = 0; row < raw.length; row += width) {
    let last = -1e9;
    for (let x = 0; x < width; x++) {
      if (raw[row + x]! < below) last = x;
      if (x - last <= reach) out[row + x] = 1;
    }
    last = 1e9;
    for (let x = width - 1; x >= 0; x--) {
      if (raw[row + x]! < below) last = x;
      if (last - x <= reach) out[row + x] = 1;
    }
  }
  return out;
}

/**
 * Sum of absolute differences over taps at −2..+2 px along the row (and ±1 row), `to` sampled bilinearly; or a
 * partial sum once it reaches `bound` (the caller only keeps a cost below it). On noisy pairs most pixels are near
 * an inconsistency (148k of aloe's 200k at 480 px): one direction's snap took 95 ms there, 87 with the bound.
 */
function rowCost(
  from: GrayImage,
  to: GrayImage,
  x: number,
  y: number,
  fx: number,
  fy: number,
  bound: number,
): number {
  const { width, height, data: a } = from;
  const b = to.data;
  const tw = to.width;
  const qx0 = x - 2 + fx;
  const qy0 = y - 1 + fy;
  if (
    x >= 2 &&
    x + 2 < width &&
    y >= 1 &&
    y + 1 < height &&
    qx0 >= 0 &&
    qx0 + 4 <= tw - 1.001 &&
    qy0 >= 0 &&
    qy0 + 2 <= to.height - 1.001
  ) {
    return innerRowCost(a, width, b, tw, x, y, qx0, qy0, bound);
  }
  let cost = 0;
  for (let oy = -1; oy <= 1; oy++) {
    const py = y + oy < 0 ? 0 : Math.min(y + oy, height - 1);
    let qy = py + fy;
    qy = qy < 0 ? 0 : Math.min(qy, to.height - 1.001);
    const y0 = qy | 0;
    const wy = qy - y0;
    for (let ox = -2; ox <= 2; ox++) {
      const px = x + ox < 0 ? 0 : Math.min(x + ox, width - 1);
      let qx = px + fx;
      qx = qx < 0 ? 0 : Math.min(qx, tw - 1.001);
      const x0 = qx | 0;
      const wx = qx - x0;
      const k = y0 * tw + x0;
      const top = b[k]! + (b[k + 1]! - b[k]!) * wx;
      const bottom = b[k + tw]! + (b[k + tw + 1]! - b[k + tw]!) * wx;
      const d = a[py * width + px]! - (top + (bottom - top) * wy);
      cost += d < 0 ? -d : d;
    }
    if (cost >= bound) return cost;
  }
  return cost;
}

/**
 * rowCost where no tap needs clamping, with the same sums: a tap's sampled position is an integer plus the flow,
 * exactly (flows are float32), so every tap shares the bilinear weights of the first. Each source row is blended
 * along x once and serves as the bottom of one output row and the top of the next (the same values the per-tap
 * blend gave): 24 loads and 20 blends of `to` instead of 60 and 30. Both snaps of the order check on aloe upscaled
 * to 31 MP with noise (most pixels near an inconsistency) took 216 ms per alignment against 261, same flows.
 */
function innerRowCost(
  a: Uint8Array,
  width: number,
  b: Uint8Array,
  tw: number,
  x: number,
  y: number,
  qx0: number,
  qy0: number,
  bound: number,
): number {
  const x0 = Math.floor(qx0);
  const y0 = Math.floor(qy0);
  const wx = qx0 - x0;
  const wy = qy0 - y0;
  let k = y0 * tw + x0;
  let p0 = b[k]!;
  let p1 = b[k + 1]!;
  let p2 = b[k + 2]!;
  let p3 = b[k + 3]!;
  let p4 = b[k + 4]!;
  let p5 = b[k + 5]!;
  let t0 = p0 + (p1 - p0) * wx;
  let t1 = p1 + (p2 - p1) * wx;
  let t2 = p2 + (p3 - p2) * wx;
  let t3 = p3 + (p4 - p3) * wx;
  let t4 = p4 + (p5 - p4) * wx;
  let own = (y - 1) * width + x - 2;
  let cost = 0;
  for (let oy = 0; oy < 3; oy++) {
    k += tw;
    p0 = b[k]!;
    p1 = b[k + 1]!;
    p2 = b[k + 2]!;
    p3 = b[k + 3]!;
    p4 = b[k + 4]!;
    p5 = b[k + 5]!;
    const u0 = p0 + (p1 - p0) * wx;
    const u1 = p1 + (p2 - p1) * wx;
    const u2 = p2 + (p3 - p2) * wx;
    const u3 = p3 + (p4 - p3) * wx;
    const u4 = p4 + (p5 - p4) * wx;
    cost += absolute(a[own]! - (t0 + (u0 - t0) * wy));
    cost += absolute(a[own + 1]! - (t1 + (u1 - t1) * wy));
    cost += absolute(a[own + 2]! - (t2 + (u2 - t2) * wy));
    cost += absolute(a[own + 3]! - (t3 + (u3 - t3) * wy));
    cost += absolute(a[own + 4]! - (t4 + (u4 - t4) * wy));
    if (cost >= bound) return cost;
    t0 = u0;
    t1 = u1;
    t2 = u2;
    t3 = u3;
    t4 = u4;
    own += width;
  }
  return cost;
}

function absolute(d: number): number {
  return d < 0 ? -d : d;
}
