import type { RawImage } from '../image';

function luma(image: RawImage, x: number, y: number): number {
  const i = (y * image.width + x) * image.channels;
  if (image.channels === 1) return image.data[i]!;
  return 0.299 * image.data[i]! + 0.587 * image.data[i + 1]! + 0.114 * image.data[i + 2]!;
}

/** Sum of squared differences between a patch of `left` at (cx, cy) and `right` at (cx + d, cy), sampled by `step`. */
function patchCost(
  left: RawImage,
  right: RawImage,
  cx: number,
  cy: number,
  d: number,
  radius: number,
  step: number,
) {
  let sum = 0;
  let n = 0;
  for (let dy = -radius; dy <= radius; dy += step) {
    const y = cy + dy;
    if (y < 0 || y >= left.height) continue;
    for (let dx = -radius; dx <= radius; dx += step) {
      const xl = cx + dx;
      const xr = xl + d;
      if (xl < 0 || xl >= left.width || xr < 0 || xr >= right.width) continue;
      const diff = luma(left, xl, y) - luma(right, xr, y);
      sum += diff * diff;
      n++;
    }
  }
  return n > 0 ? sum / n : Number.POSITIVE_INFINITY;
}

function bestShift(costOf: (d: number) => number, from: number, to: number, step: number) {
  let best = from;
  let bestCost = Number.POSITIVE_INFINITY;
  for (let d = from; d <= to; d += step) {
    const cost = costOf(d);
    if (cost < bestCost) {
      bestCost = cost;
      best = d;
    }
  }
  return best;
}

/**
 * Horizontal disparity (x in right minus x in left, px) of the scene point at `pivot` in an aligned pair, by
 * block matching along the same row: a coarse search with a sparse patch over a quarter of the width each way,
 * then a dense search around the best shift and a parabola through the last three costs for sub-pixel precision.
 */
export function measureDisparity(left: RawImage, right: RawImage, pivot: { x: number; y: number }): number {
  const cx = Math.round(Math.min(Math.max(pivot.x, 0), left.width - 1));
  const cy = Math.round(Math.min(Math.max(pivot.y, 0), left.height - 1));
  const longSide = Math.max(left.width, left.height);
  const radius = Math.max(8, Math.round(longSide / 80));
  const coarseStep = Math.max(1, Math.round(radius / 6));
  const range = Math.round(left.width / 4);
  const coarse = bestShift(
    (d) => patchCost(left, right, cx, cy, d, radius, coarseStep),
    -range,
    range,
    coarseStep,
  );
  const dense = (d: number) => patchCost(left, right, cx, cy, d, radius, 1);
  const d0 = bestShift(dense, coarse - coarseStep, coarse + coarseStep, 1);
  const [cm, c0, cp] = [dense(d0 - 1), dense(d0), dense(d0 + 1)];
  const curvature = cm - 2 * c0 + cp;
  const offset = curvature > 0 ? (cm - cp) / (2 * curvature) : 0;
  return d0 + Math.max(-0.5, Math.min(0.5, offset));
}
