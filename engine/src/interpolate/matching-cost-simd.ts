import { addressOf, align16, I32, lanes16, lazyKernel, op, V128 } from '../cv/wasm-module';

/**
 * census-sgm.ts' matching costs of one row (rowCosts over the row's pixels) as a WebAssembly SIMD kernel, value for
 * value: four levels at a time in 32-bit lanes, each the least census distance (xor, per-byte popcount, summed per
 * lane) of the right view's code at the pixel and half a pixel either side, × BIT, plus the capped RGB difference.
 * The right view's rows are stored reversed, so that the pixels of levels k… k + 3 (right x = x − min − k) lie at
 * rising addresses. Measured at 640 × 427 × 63 levels: see windowCostRows.
 */

// `costs`' parameters, then its locals.
const CL = 0;
const CR = 1;
const AFTER = 2;
const BEFORE = 3;
const RGB_L = 4;
const RGB_R = 5;
const OUT = 6;
const W = 7;
const LEVELS = 8;
const MIN = 9;
const BIT = 10;
const CAP = 11;
const X = 12;
const K = 13;
const K_TO = 14;
const AT = 15;
const CODE = 16;
const RGB = 17;
const K_TOV = 18;
const BITV = 19;
const CAPV = 20;

const IOTA = Array.from({ length: 4 }, (_, k) => [k, 0, 0, 0]).flat();
const ZEROS = Array<number>(16).fill(0);

/** Census distances of CODE to the four codes at AT of the reversed row at `row`, one per 32-bit lane. */
function distances(row: number): number[] {
  return [
    ...[...op.get(CODE), ...op.get(row), ...op.get(AT), ...op.i32Add, ...op.v128Load(), ...op.v128Xor],
    ...[...op.i8x16Popcnt, ...op.i16x8ExtaddPairwiseI8x16U, ...op.i32x4ExtaddPairwiseI16x8U],
  ];
}

/**
 * costs(cl, cr, after, before, rgbL, rgbR, out, w, levels, min, bit, cap): for each pixel x of a row of `w` and
 * each level k whose right pixel j = x − min − k lies in the row, out[x · levels + k] = bit · (least census distance
 * of cl[x] to cr, after and before at j) + min(cap, |rgbL[x] − rgbR[j]| summed over the channels); the other bytes
 * are left as they are. cl and rgbL are the left row's codes and RGB0 pixels (32 bits each), cr, after, before and
 * rgbR the right row's reversed (index w − 1 − j), with three spare values after them.
 */
const COSTS = [
  ...[...op.get(BIT), ...op.i32x4Splat, ...op.set(BITV)],
  ...[...op.get(CAP), ...op.i32x4Splat, ...op.set(CAPV)],
  ...[...op.i32(0), ...op.set(X)],
  ...op.block,
  ...op.loop,
  // Levels [max(0, x − min − w + 1), min(levels − 1, x − min)] lie in the right row.
  ...[
    ...op.get(X),
    ...op.get(MIN),
    ...op.i32Sub,
    ...op.get(W),
    ...op.i32Sub,
    ...op.i32(1),
    ...op.i32Add,
    ...op.set(K),
  ],
  ...[...op.get(K), ...op.i32(0), ...op.get(K), ...op.i32(0), ...op.i32GtS, ...op.select, ...op.set(K)],
  ...[...op.get(X), ...op.get(MIN), ...op.i32Sub, ...op.set(K_TO)],
  ...[...op.get(LEVELS), ...op.i32(1), ...op.i32Sub, ...op.get(K_TO), ...op.get(K_TO), ...op.get(LEVELS)],
  ...[...op.i32(1), ...op.i32Sub, ...op.i32GtS, ...op.select, ...op.set(K_TO)],
  ...op.block,
  ...[...op.get(K_TO), ...op.get(K), ...op.i32LtS, ...op.brIf(0)],
  ...[
    ...op.get(CL),
    ...op.get(X),
    ...op.i32(2),
    ...op.i32Shl,
    ...op.i32Add,
    ...op.v128Load32Splat(),
    ...op.set(CODE),
  ],
  ...[...op.get(RGB_L), ...op.get(X), ...op.i32(2), ...op.i32Shl, ...op.i32Add, ...op.v128Load32Splat()],
  ...op.set(RGB),
  ...[...op.get(K_TO), ...op.i32x4Splat, ...op.set(K_TOV)],
  ...op.loop,
  // AT: bytes from a reversed row's start to index w − 1 − (x − min − k).
  ...[...op.get(W), ...op.i32(1), ...op.i32Sub, ...op.get(X), ...op.i32Sub, ...op.get(MIN), ...op.i32Add],
  ...[...op.get(K), ...op.i32Add, ...op.i32(2), ...op.i32Shl, ...op.set(AT)],
  // The byte address of out[x · levels + k], for the store below.
  ...addressOf(OUT, X, LEVELS, K),
  ...[...distances(CR), ...distances(AFTER), ...distances(BEFORE), ...op.i32x4MinU, ...op.i32x4MinU],
  ...[...op.get(BITV), ...op.i32x4Mul],
  // |rgbL − rgbR| per byte (the fourth bytes are zeros), summed per pixel, capped.
  ...[...op.get(RGB), ...op.get(RGB_R), ...op.get(AT), ...op.i32Add, ...op.v128Load(), ...op.i8x16SubSatU],
  ...[...op.get(RGB_R), ...op.get(AT), ...op.i32Add, ...op.v128Load(), ...op.get(RGB), ...op.i8x16SubSatU],
  ...[...op.v128Or, ...op.i16x8ExtaddPairwiseI8x16U, ...op.i32x4ExtaddPairwiseI16x8U],
  ...[...op.get(CAPV), ...op.i32x4MinS, ...op.i32x4Add],
  // Four bytes, those of levels past k_to as they were.
  ...[...op.v128Const(ZEROS), ...op.i16x8NarrowI32x4U, ...op.v128Const(ZEROS), ...op.i8x16NarrowI16x8U],
  ...addressOf(OUT, X, LEVELS, K),
  ...op.v128Load32Zero(),
  ...[
    ...op.v128Const(IOTA),
    ...op.get(K),
    ...op.i32x4Splat,
    ...op.i32x4Add,
    ...op.get(K_TOV),
    ...op.i32x4LeS,
  ],
  ...[...op.v128Const(ZEROS), ...op.i16x8NarrowI32x4S, ...op.v128Const(ZEROS), ...op.i8x16NarrowI16x8S],
  ...[...op.v128Bitselect, ...op.v128Store32Lane(0)],
  ...[...op.get(K), ...op.i32(4), ...op.i32Add, ...op.set(K)],
  ...[...op.get(K), ...op.get(K_TO), ...op.i32LeS, ...op.brIf(0)],
  ...op.end,
  ...op.end,
  ...[...op.get(X), ...op.i32(1), ...op.i32Add, ...op.set(X)],
  ...[...op.get(X), ...op.get(W), ...op.i32LtS, ...op.brIf(0)],
  ...op.end,
  ...op.end,
];

// `triples`' parameters and local, then `means`'.
const RAW = 0;
const INTO = 1;
const TW = 2;
const TLEVELS = 3;
const TX = 4;
const TK = 5;
const TA = 6;
const TC = 7;

/**
 * triples(raw, into, w, levels): into[x · levels + k] (16-bit) = raw[x − 1] + raw[x] + raw[x + 1] at level k (bytes,
 * edges clamped), eight levels at a time; a pixel's last eight may spill into the next pixel's, which it then
 * writes over (the last pixel's into 16 spare bytes).
 */
const TRIPLES = [
  ...[...op.i32(0), ...op.set(TX)],
  ...op.block,
  ...op.loop,
  // TA, TC: the byte offsets of the pixels before and after (clamped).
  ...[
    ...op.get(TX),
    ...op.i32(1),
    ...op.i32Sub,
    ...op.i32(0),
    ...op.get(TX),
    ...op.i32(0),
    ...op.i32GtS,
    ...op.select,
  ],
  ...[...op.get(TLEVELS), ...op.i32Mul, ...op.set(TA)],
  ...[...op.get(TX), ...op.i32(1), ...op.i32Add, ...op.get(TX), ...op.get(TX), ...op.get(TW), ...op.i32(1)],
  ...[...op.i32Sub, ...op.i32LtS, ...op.select, ...op.get(TLEVELS), ...op.i32Mul, ...op.set(TC)],
  ...[...op.i32(0), ...op.set(TK)],
  ...op.loop,
  ...[
    ...op.get(INTO),
    ...op.get(TX),
    ...op.get(TLEVELS),
    ...op.i32Mul,
    ...op.get(TK),
    ...op.i32Add,
    ...op.i32(1),
  ],
  ...[...op.i32Shl, ...op.i32Add],
  ...[...op.get(RAW), ...op.get(TA), ...op.i32Add, ...op.get(TK), ...op.i32Add, ...op.v128Load8x8U()],
  ...[
    ...op.get(RAW),
    ...op.get(TX),
    ...op.get(TLEVELS),
    ...op.i32Mul,
    ...op.i32Add,
    ...op.get(TK),
    ...op.i32Add,
  ],
  ...[...op.v128Load8x8U(), ...op.i16x8Add],
  ...[
    ...op.get(RAW),
    ...op.get(TC),
    ...op.i32Add,
    ...op.get(TK),
    ...op.i32Add,
    ...op.v128Load8x8U(),
    ...op.i16x8Add,
  ],
  ...op.v128Store(),
  ...[...op.get(TK), ...op.i32(8), ...op.i32Add, ...op.set(TK)],
  ...[...op.get(TK), ...op.get(TLEVELS), ...op.i32LtS, ...op.brIf(0)],
  ...op.end,
  ...[...op.get(TX), ...op.i32(1), ...op.i32Add, ...op.set(TX)],
  ...[...op.get(TX), ...op.get(TW), ...op.i32LtS, ...op.brIf(0)],
  ...op.end,
  ...op.end,
];

/** 1/9 in Q15, rounded: (s · 3641 + 2^14) >> 15 is Math.round(s / 9) for 0 ≤ s ≤ 2295. */
export const NINTH_Q15 = 3641;

const ABOVE = 0;
const HERE = 1;
const BELOW = 2;
const MEANS_OUT = 3;
const COUNT = 4;
const I = 5;

/**
 * means(above, here, below, out, count): out[i] = round((above[i] + here[i] + below[i]) / 9) for i < count (16-bit
 * sums of nine bytes in, bytes out), eight at a time: the rounded ninth is a Q15 product by 3641 (equal to
 * Math.round(s / 9) for every sum up to 9 · 255, tested), writing up to 7 bytes past count.
 */
const MEANS = [
  ...[...op.i32(0), ...op.set(I)],
  ...op.block,
  ...[...op.get(COUNT), ...op.i32(1), ...op.i32LtS, ...op.brIf(0)],
  ...op.loop,
  ...[...op.get(MEANS_OUT), ...op.get(I), ...op.i32Add],
  ...[...op.get(ABOVE), ...op.get(I), ...op.i32(1), ...op.i32Shl, ...op.i32Add, ...op.v128Load()],
  ...[
    ...op.get(HERE),
    ...op.get(I),
    ...op.i32(1),
    ...op.i32Shl,
    ...op.i32Add,
    ...op.v128Load(),
    ...op.i16x8Add,
  ],
  ...[
    ...op.get(BELOW),
    ...op.get(I),
    ...op.i32(1),
    ...op.i32Shl,
    ...op.i32Add,
    ...op.v128Load(),
    ...op.i16x8Add,
  ],
  ...[...op.v128Const(lanes16(NINTH_Q15)), ...op.i16x8Q15mulrSatS],
  ...[...op.v128Const(ZEROS), ...op.i8x16NarrowI16x8U, ...op.v128Store64Lane(0)],
  ...[...op.get(I), ...op.i32(8), ...op.i32Add, ...op.set(I)],
  ...[...op.get(I), ...op.get(COUNT), ...op.i32LtS, ...op.brIf(0)],
  ...op.end,
  ...op.end,
];

const costKernel = lazyKernel<{
  costs(
    cl: number,
    cr: number,
    after: number,
    before: number,
    rgbL: number,
    rgbR: number,
    out: number,
    w: number,
    levels: number,
    min: number,
    bit: number,
    cap: number,
  ): void;
  triples(raw: number, into: number, w: number, levels: number): void;
  means(above: number, here: number, below: number, out: number, count: number): void;
}>([
  {
    name: 'costs',
    params: 12,
    locals: [I32, I32, I32, I32, V128, V128, V128, V128, V128],
    body: COSTS,
  },
  { name: 'triples', params: 4, locals: [I32, I32, I32, I32], body: TRIPLES },
  { name: 'means', params: 5, locals: [I32], body: MEANS },
]);

/**
 * What one pixel's matching cost is made of (census-sgm.ts' pixelCost, and this kernel): both views' census codes,
 * the right view's half a pixel either side of each pixel (see censusBits), and optional RGB copies (same grid).
 */
export interface CostInput {
  cl: Uint32Array;
  cr: Uint32Array;
  after: Uint32Array;
  before: Uint32Array;
  rgbL: Uint8Array | undefined;
  rgbR: Uint8Array | undefined;
}

/**
 * windowCostRows' two steps on the kernel: `sums(row, slot)` puts one row's matching costs (rowCosts of every pixel
 * and level in the right row, `outside` elsewhere), summed over three neighbouring pixels (rowTriples), into slot 0,
 * 1 or 2; `means(above, here, below)` gives the rounded means of three slots (columnMeans), valid until its next
 * call. Undefined where WebAssembly SIMD is missing.
 */
export function windowCostsOnKernel(
  m: CostInput,
  w: number,
  levels: number,
  min: number,
  bit: number,
  cap: number,
  outside: number,
):
  | { sums(row: number, slot: number): void; means(above: number, here: number, below: number): Uint8Array }
  | undefined {
  const kernel = costKernel();
  if (!kernel) return undefined;
  const span = w * levels;
  const words = w + 4;
  const at = Array.from({ length: 6 }, (_, k) => k * 4 * words);
  const rawAt = 6 * 4 * words;
  const slotAt = [0, 1, 2].map((k) => align16(rawAt + span + 16) + k * align16(2 * span + 16));
  const meansAt = slotAt[2]! + align16(2 * span + 16);
  const heap = kernel.heap(meansAt + span + 16);
  const [cl, cr, after, before, rgbL, rgbR] = at.map((a) => new Uint32Array(heap.buffer, a, words));
  const raw = new Uint8Array(heap.buffer, rawAt, span);
  const means = new Uint8Array(heap.buffer, meansAt, span);
  const colour = m.rgbL !== undefined && m.rgbR !== undefined;
  return {
    sums(row, slot) {
      cl!.set(m.cl.subarray(row, row + w));
      for (let x = 0; x < w; x++) {
        const j = row + w - 1 - x;
        cr![x] = m.cr[j]!;
        after![x] = m.after[j]!;
        before![x] = m.before[j]!;
      }
      if (colour) {
        const l = m.rgbL!;
        const r = m.rgbR!;
        for (let x = 0; x < w; x++) {
          const p = 3 * (row + x);
          const q = 3 * (row + w - 1 - x);
          rgbL![x] = l[p]! | (l[p + 1]! << 8) | (l[p + 2]! << 16);
          rgbR![x] = r[q]! | (r[q + 1]! << 8) | (r[q + 2]! << 16);
        }
      }
      raw.fill(outside);
      kernel.costs(
        at[0]!,
        at[1]!,
        at[2]!,
        at[3]!,
        at[4]!,
        at[5]!,
        rawAt,
        w,
        levels,
        min,
        bit,
        colour ? cap : 0,
      );
      kernel.triples(rawAt, slotAt[slot]!, w, levels);
    },
    means(above, here, below) {
      kernel.means(slotAt[above]!, slotAt[here]!, slotAt[below]!, meansAt, span);
      return means;
    },
  };
}
