import { align16, I32, lanes32, lazyKernel, op, V128 } from '../cv/wasm-module';

/**
 * periodMap's products of the smoothed gradient with itself a lag along the row (see lagPrefixes), as a
 * WebAssembly SIMD kernel, value for value: per column x, the sum over a half band's rows of g(x)·g(x + lag),
 * eight columns at a time in 32-bit lanes, the rows summed in registers. In JS these products were 80 of the 100 ms
 * a 640 × 427 grid's period map took, warm; the map takes 20 ms of CPU on the kernel against 86 in JS
 * (bench/engine/kernels.ts). A pair's two maps run before the matching, on the helper thread: `wiggle interpolate`
 * of the typical 1920 px scene, wall ×0.985 and CPU ×0.980 as a process (20 paired runs), the same frames.
 */

// `products`' parameters, then its locals.
const G = 0;
const ROW_BYTES = 1;
const ROWS = 2;
const LAG_BYTES = 3;
const COUNT = 4;
const OUT = 5;
const X = 6;
const AT = 7;
const K = 8;
const A = 9;
const LOW = 10;
const HIGH = 11;
const B = 12;

const ZERO_V = lanes32(0);

/**
 * products(g, rowBytes, rows, lagBytes, count, out): for x = 0, 8, … below `count`, out[x … x + 7] (32-bit) = the
 * sums over `rows` rows (from `g`, `rowBytes` apart) of g[x]·g[x + lag] (16-bit, signed). The lanes of the last
 * chunk past `count` read past their row and hold whatever that gives.
 */
const PRODUCTS = [
  ...[...op.i32(0), ...op.set(X)],
  ...op.loop,
  ...[...op.v128Const(ZERO_V), ...op.set(LOW), ...op.v128Const(ZERO_V), ...op.set(HIGH)],
  ...[...op.get(G), ...op.get(X), ...op.i32(1), ...op.i32Shl, ...op.i32Add, ...op.set(AT)],
  ...[...op.get(ROWS), ...op.set(K)],
  ...op.loop,
  ...[...op.get(AT), ...op.v128Load(0), ...op.set(A)],
  ...[...op.get(AT), ...op.get(LAG_BYTES), ...op.i32Add, ...op.v128Load(0), ...op.set(B)],
  ...[...op.get(A), ...op.get(B), ...op.i32x4ExtmulLowI16x8S, ...op.get(LOW), ...op.i32x4Add, ...op.set(LOW)],
  ...[
    ...op.get(A),
    ...op.get(B),
    ...op.i32x4ExtmulHighI16x8S,
    ...op.get(HIGH),
    ...op.i32x4Add,
    ...op.set(HIGH),
  ],
  ...[...op.get(AT), ...op.get(ROW_BYTES), ...op.i32Add, ...op.set(AT)],
  ...[...op.get(K), ...op.i32(1), ...op.i32Sub, ...op.set(K)],
  ...[...op.get(K), ...op.brIf(0)],
  ...op.end,
  // The row pointer is spent: AT becomes the chunk's place in `out`.
  ...[...op.get(OUT), ...op.get(X), ...op.i32(2), ...op.i32Shl, ...op.i32Add, ...op.set(AT)],
  ...[...op.get(AT), ...op.get(LOW), ...op.v128Store(0)],
  ...[...op.get(AT), ...op.get(HIGH), ...op.v128Store(16)],
  ...[...op.get(X), ...op.i32(8), ...op.i32Add, ...op.set(X)],
  ...[...op.get(X), ...op.get(COUNT), ...op.i32LtS, ...op.brIf(0)],
  ...op.end,
];

const periodKernel = lazyKernel<{
  products(g: number, rowBytes: number, rows: number, lagBytes: number, count: number, out: number): void;
}>([{ name: 'products', params: 6, locals: [I32, I32, I32, V128, V128, V128, V128], body: PRODUCTS }]);

/**
 * The products of lagPrefixes for the gradient `g` (w × h) on the kernel: a function giving, for rows [y0, y1) and
 * `lag`, the sums over those rows of g(x)·g(x + lag) for x below `count` (≥ 1) at [0, count) of the array it returns
 * (valid until its next call). `g` is copied into the kernel's memory once. Undefined where the kernel is missing.
 */
export function lagProductsOnKernel(
  g: Int16Array,
  w: number,
  h: number,
): ((y0: number, y1: number, lag: number, count: number) => Int32Array) | undefined {
  const kernel = periodKernel();
  if (!kernel) return undefined;
  const gAt = 16;
  // A chunk's last lanes read up to 7 values past the last row.
  const outAt = align16(gAt + 2 * w * h + 16);
  const heap = kernel.heap(outAt + 4 * (w + 8));
  new Int16Array(heap.buffer, gAt, w * h).set(g);
  const out = new Int32Array(heap.buffer, outAt, w + 8);
  return (y0, y1, lag, count) => {
    kernel.products(gAt + 2 * y0 * w, 2 * w, y1 - y0, 2 * lag, count, outAt);
    return out;
  };
}
