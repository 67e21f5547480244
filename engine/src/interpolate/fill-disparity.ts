/**
 * Row-wise completion of a disparity map whose unreliable pixels are NaN. A NaN run is a half-occlusion when its
 * width matches the disparity jump across it in the direction an occlusion needs (in the left view the far
 * surface lies left of the near one, in the right view right of it): it belongs to the far surface, is filled with
 * its disparity and counts as reliable. Any other run (a mismatch, an ambiguous repeat) is filled with the farther
 * of its two neighbours and marked unreliable, so synthesis shows what a cross-fade would there. So is a run whose
 * sides are not surfaces (see surface): scattered chance matches explain no occlusion.
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
        ok = surface(map, row, width, Number.isNaN(before) ? x : s - 1, Number.isNaN(before) ? 1 : -1)
          ? 1
          : 0;
      } else {
        fill = Math.min(before, after);
        const jump = view === 'left' ? after - before : before - after;
        const explained = jump >= 1 && Math.abs(length - jump) <= Math.max(2, 0.5 * length);
        if (explained && surface(map, row, width, s - 1, -1) && surface(map, row, width, x, 1)) ok = 1;
      }
      for (let k = s; k < x; k++) {
        disparity[row + k] = fill;
        reliable[row + k] = ok;
      }
    }
  }
  return { disparity, reliable };
}

/** Matched pixels in a row, at about one disparity, that make the side of a run a surface (see surface). */
const SURFACE_RUN = 3;

/**
 * Whether the matched pixel at x starts a surface going along `dir`: SURFACE_RUN matched pixels within 1 px of its
 * disparity. A half-occlusion is explained by the surfaces on both of its sides; a lone chance match (common
 * where a repeat or a flat board leaves most pixels unmatched) explains nothing.
 */
function surface(map: Float32Array, row: number, width: number, x: number, dir: 1 | -1): boolean {
  const d = map[row + x]!;
  for (let k = 1; k < SURFACE_RUN; k++) {
    const q = x + dir * k;
    if (q < 0 || q >= width) return true;
    const v = map[row + q]!;
    if (Number.isNaN(v) || Math.abs(v - d) > 1) return false;
  }
  return true;
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
