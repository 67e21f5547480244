/**
 * Occlusion-order check of a pair's consistent disparity maps, in place (NaN = unreliable): a pixel whose match
 * would be hidden in the other view behind a nearer matched pixel of its own row cannot have been seen there, so
 * its match, however consistent, is a chance one (an alias of a repeat, a board placed behind the wall it stands in
 * front of). Left map: right x = x − d, so left pixel x is hidden when a pixel x' > x with d' > d + 1 lands at or
 * left of it (x' − d' ≤ x − d). Right map: left x = x + d, mirrored. A true scene passes: only its
 * half-occlusions are hidden, and those fillDisparity then explains from the jump beside them.
 */
export function checkVisibility(
  left: Float32Array,
  right: Float32Array,
  width: number,
  height: number,
): void {
  hideOccluded(left, width, height, 1);
  hideOccluded(right, width, height, -1);
}

/**
 * Marks NaN the pixels hidden behind a nearer pixel of the row: pixel x is hidden when a pixel k ≥ 1 steps along
 * `dir` (1: to its right, for the left view's map; −1: to its left, for the right view's) is nearer by at least k
 * and by more than 1 (it lands on or beyond x's projection). Only k up to the row's largest disparity step is looked at.
 */
function hideOccluded(map: Float32Array, width: number, height: number, dir: 1 | -1): void {
  const hidden = new Uint8Array(width);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let nearest = Number.NEGATIVE_INFINITY;
    for (let x = 0; x < width; x++) {
      const d = map[row + x]!;
      if (d > nearest) nearest = d;
    }
    hidden.fill(0);
    for (let x = 0; x < width; x++) {
      const d = map[row + x]!;
      if (Number.isNaN(d)) continue;
      const reach = Math.floor(nearest - d);
      for (let k = 1; k <= reach; k++) {
        const other = x + dir * k;
        if (other < 0 || other >= width) break;
        const step = map[row + other]! - d;
        if (step >= k && step > 1) {
          hidden[x] = 1;
          break;
        }
      }
    }
    for (let x = 0; x < width; x++) if (hidden[x]) map[row + x] = Number.NaN;
  }
}
