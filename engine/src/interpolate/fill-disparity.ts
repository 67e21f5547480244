/**
 * Row-wise completion of a disparity map whose unreliable pixels are NaN. A NaN run is a half-occlusion when its
 * width matches the disparity jump across it in the direction an occlusion needs (in the left view the far
 * surface lies left of the near one, in the right view right of it): it belongs to the far surface, is filled with
 * its disparity and counts as reliable. Any other run (a mismatch, an ambiguous repeat) is filled with the farther
 * of its two neighbours and marked unreliable, so synthesis shows what a cross-fade would there.
 */
export function fillDisparity(
  map: Float32Array,
  width: number,
  height: number,
  view: 'left' | 'right',
): { disparity: Float32Array; reliable: Float32Array } {
  const disparity = new Float32Array(map.length);
  const reliable = new Float32Array(map.length);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    let x = 0;
    while (x < width) {
      const v = map[row + x]!;
      if (!Number.isNaN(v)) {
        disparity[row + x] = v;
        reliable[row + x] = 1;
        x++;
        continue;
      }
      const s = x;
      while (x < width && Number.isNaN(map[row + x]!)) x++;
      const before = s > 0 ? map[row + s - 1]! : Number.NaN;
      const after = x < width ? map[row + x]! : Number.NaN;
      const length = x - s;
      let fill: number;
      let ok = 0;
      if (Number.isNaN(before) && Number.isNaN(after)) {
        fill = 0;
      } else if (Number.isNaN(before) || Number.isNaN(after)) {
        // A run at the frame's edge: the part of the scene outside the other view.
        fill = Number.isNaN(before) ? after : before;
        ok = 1;
      } else {
        fill = Math.min(before, after);
        const jump = view === 'left' ? after - before : before - after;
        if (jump >= 1 && Math.abs(length - jump) <= Math.max(2, 0.5 * length)) ok = 1;
      }
      for (let k = s; k < x; k++) {
        disparity[row + k] = fill;
        reliable[row + k] = ok;
      }
    }
  }
  return { disparity, reliable };
}

/** Mean reliability (0–1) over the map. */
export function shareReliable(reliable: Float32Array): number {
  let sum = 0;
  for (const v of reliable) sum += v;
  return reliable.length ? sum / reliable.length : 0;
}

/** Separable box mean of radius r (in place), so the fallback to a cross-fade fades in instead of switching. */
export function boxBlur(values: Float32Array, width: number, height: number, r: number): void {
  const tmp = new Float32Array(values.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      let n = 0;
      for (let k = Math.max(0, x - r); k <= Math.min(width - 1, x + r); k++, n++)
        sum += values[y * width + k]!;
      tmp[y * width + x] = sum / n;
    }
  }
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      let n = 0;
      for (let k = Math.max(0, y - r); k <= Math.min(height - 1, y + r); k++, n++) sum += tmp[k * width + x]!;
      values[y * width + x] = sum / n;
    }
  }
}
