/**
 * 24-bit census of each pixel's 5×5 neighbourhood (centre excluded; bit set where the neighbour is darker), edges
 * clamped, into `out` (w · h codes).
 */
export function census5x5(
  data: Uint8Array,
  w: number,
  h: number,
  out: Uint32Array = new Uint32Array(w * h),
): Uint32Array {
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const c = data[y * w + x]!;
      let bits = 0;
      for (let dy = -2; dy <= 2; dy++) {
        const yy = y + dy < 0 ? 0 : y + dy >= h ? h - 1 : y + dy;
        for (let dx = -2; dx <= 2; dx++) {
          if (dx === 0 && dy === 0) continue;
          const xx = x + dx < 0 ? 0 : x + dx >= w ? w - 1 : x + dx;
          bits = (bits << 1) | (data[yy * w + xx]! < c ? 1 : 0);
        }
      }
      out[y * w + x] = bits >>> 0;
    }
  }
  return out;
}
