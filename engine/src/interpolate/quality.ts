import type { RawImage } from '../image';

/** PSNR in dB over all channels (8-bit peak). Identical pictures give Infinity. */
export function psnr(a: RawImage, b: RawImage): number {
  assertSameShape(a, b);
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) {
    const d = a.data[i]! - b.data[i]!;
    sum += d * d;
  }
  const mse = sum / a.data.length;
  return mse === 0 ? Number.POSITIVE_INFINITY : 10 * Math.log10((255 * 255) / mse);
}

/**
 * Mean SSIM on luma with 8×8 windows (uniform weights) at a stride of 4, the usual constants
 * C1 = (0.01·255)², C2 = (0.03·255)². Uniform windows via integral images keep it fast on large frames.
 */
export function ssim(a: RawImage, b: RawImage): number {
  assertSameShape(a, b);
  const { width, height } = a;
  const la = luma(a);
  const lb = luma(b);
  const w1 = width + 1;
  const sa = new Float64Array(w1 * (height + 1));
  const sb = new Float64Array(sa.length);
  const saa = new Float64Array(sa.length);
  const sbb = new Float64Array(sa.length);
  const sab = new Float64Array(sa.length);
  for (let y = 0; y < height; y++) {
    let ra = 0;
    let rb = 0;
    let raa = 0;
    let rbb = 0;
    let rab = 0;
    for (let x = 0; x < width; x++) {
      const va = la[y * width + x]!;
      const vb = lb[y * width + x]!;
      ra += va;
      rb += vb;
      raa += va * va;
      rbb += vb * vb;
      rab += va * vb;
      const i = (y + 1) * w1 + x + 1;
      sa[i] = sa[i - w1]! + ra;
      sb[i] = sb[i - w1]! + rb;
      saa[i] = saa[i - w1]! + raa;
      sbb[i] = sbb[i - w1]! + rbb;
      sab[i] = sab[i - w1]! + rab;
    }
  }
  const box = (s: Float64Array, x: number, y: number, n: number) =>
    s[(y + n) * w1 + x + n]! - s[y * w1 + x + n]! - s[(y + n) * w1 + x]! + s[y * w1 + x]!;
  const c1 = (0.01 * 255) ** 2;
  const c2 = (0.03 * 255) ** 2;
  const n = 8;
  const count = n * n;
  let total = 0;
  let windows = 0;
  for (let y = 0; y + n <= height; y += 4) {
    for (let x = 0; x + n <= width; x += 4) {
      const ma = box(sa, x, y, n) / count;
      const mb = box(sb, x, y, n) / count;
      const va = box(saa, x, y, n) / count - ma * ma;
      const vb = box(sbb, x, y, n) / count - mb * mb;
      const cov = box(sab, x, y, n) / count - ma * mb;
      total += ((2 * ma * mb + c1) * (2 * cov + c2)) / ((ma * ma + mb * mb + c1) * (va + vb + c2));
      windows++;
    }
  }
  return windows ? total / windows : 1;
}

/** Pixel-wise (1 − t)·a + t·b: the cross-fade that interpolation must beat. */
export function crossFade(a: RawImage, b: RawImage, t: number): RawImage {
  assertSameShape(a, b);
  const data = new Uint8Array(a.data.length);
  for (let i = 0; i < data.length; i++) data[i] = (1 - t) * a.data[i]! + t * b.data[i]! + 0.5;
  return { data, width: a.width, height: a.height, channels: a.channels };
}

function luma(image: RawImage): Float64Array {
  const { data, channels } = image;
  const out = new Float64Array(image.width * image.height);
  for (let i = 0; i < out.length; i++) {
    const o = i * channels;
    out[i] = channels < 3 ? data[o]! : 0.299 * data[o]! + 0.587 * data[o + 1]! + 0.114 * data[o + 2]!;
  }
  return out;
}

function assertSameShape(a: RawImage, b: RawImage): void {
  if (a.width !== b.width || a.height !== b.height || a.channels !== b.channels) {
    throw new Error('images differ in size or channels');
  }
}
