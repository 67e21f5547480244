/** Grey levels of a view, row-major, for the disparity search (made once per loaded view). */
export interface GreyImage {
  width: number;
  height: number;
  data: Uint8Array;
}

export function toGrey(rgba: Uint8ClampedArray, width: number, height: number): GreyImage {
  const data = new Uint8Array(width * height);
  for (let i = 0, p = 0; i < data.length; i += 1, p += 4) {
    data[i] = (rgba[p]! * 77 + rgba[p + 1]! * 150 + rgba[p + 2]! * 29) >> 8;
  }
  return { width, height, data };
}

/**
 * Horizontal disparity (right minus left, px of these images) of the patch around (x, y): the shift of the right
 * view with the smallest sum of absolute differences within ±`range`. It is what the preview cancels so the pivot
 * stays still; the engine measures it again on the full-resolution views when it renders.
 */
export function disparityAt(left: GreyImage, right: GreyImage, x: number, y: number, range: number): number {
  const r = 8;
  const cx = Math.round(Math.min(Math.max(x, r), left.width - 1 - r));
  const cy = Math.round(Math.min(Math.max(y, r), left.height - 1 - r));
  let best = 0;
  let bestCost = Number.POSITIVE_INFINITY;
  for (let d = -range; d <= range; d += 1) {
    if (cx + d - r < 0 || cx + d + r >= right.width) continue;
    let cost = 0;
    for (let dy = -r; dy <= r; dy += 1) {
      const row = (cy + dy) * left.width;
      for (let dx = -r; dx <= r; dx += 1) {
        cost += Math.abs(left.data[row + cx + dx]! - right.data[row + cx + dx + d]!);
      }
    }
    // Ties go to the smallest shift, so a flat patch answers 0.
    if (cost < bestCost || (cost === bestCost && Math.abs(d) < Math.abs(best))) {
      bestCost = cost;
      best = d;
    }
  }
  return best;
}
