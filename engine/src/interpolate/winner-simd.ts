import { align16, I32, laneIndices16, lanes16, lazyKernel, leastLane16, op, V128 } from '../cv/wasm-module';

/**
 * census-sgm.ts' winner search (winnerRows' two passes over a pixel's levels) as a WebAssembly SIMD kernel, value
 * for value: eight levels at a time in 16-bit lanes. Per pixel it finds the first level of least total, the least
 * total two levels or more from it, and the nearest repeats (levels three or more away whose window cost is within
 * the repeat limit) on either side; winnerRows does the rest. The right view's levels lie on a diagonal of the
 * volume (S_R(x, d) = S_L(x + d, d)): a scalar loop gathers them first. One row at a time in the kernel's memory.
 */

/** Larger than any total the kernel is given (winnerKernelFits): out-of-range lanes, and "none". */
const NONE16 = 0xffff;

// `winners`' parameters, then its locals.
const T = 0;
const C = 1;
const KF = 2;
const KT = 3;
const OUT = 4;
const W = 5;
const LEVELS = 6;
const LIMITS = 7;
const X = 8;
const K = 9;
const K_FROM = 10;
const K_TO = 11;
const BEST = 12;
const BEST_COST = 13;
const NEARER = 14;
const FARTHER = 15;
const BM = 16;
const TP = 17;
const CP = 18;
const KFV = 19;
const KTV = 20;
const IDX = 21;
const INR = 22;
const V = 23;
const M = 24;
const OK = 25;
const B1L = 26;
const B1H = 27;
const B3L = 28;
const B3H = 29;
const LIMITV = 30;

const NONE_V = lanes16(NONE16);

/** IDX: the levels K… K + 7; INR: those within [K_FROM, K_TO]. */
const RANGE = [
  ...[...laneIndices16(op.get(K)), ...op.set(IDX)],
  ...[...op.get(IDX), ...op.get(KFV), ...op.i16x8GeS, ...op.get(IDX), ...op.get(KTV), ...op.i16x8LeS],
  ...[...op.v128And, ...op.set(INR)],
];

/** The totals of levels K… K + 7 (the 16 bytes at TP + 2K). */
const TOTALS = [...op.get(TP), ...op.get(K), ...op.i32(1), ...op.i32Shl, ...op.i32Add, ...op.v128Load()];

/** V: the totals, NONE16 outside the range. */
const IN_RANGE_TOTALS = [
  ...TOTALS,
  ...op.v128Const(NONE_V),
  ...op.get(INR),
  ...op.v128Bitselect,
  ...op.set(V),
];

/** The least lane (unsigned) of the vector in local `v`, on the stack (`v` is overwritten). */
const leastLane = (v: number) => leastLane16(v, op.i16x8MinU, op.i16x8ExtractLaneU(0));

const step = [...op.get(K), ...op.i32(8), ...op.i32Add, ...op.set(K)];
const byX = (base: number, bytes: number) => [
  ...op.get(base),
  ...op.get(X),
  ...op.i32(bytes),
  ...op.i32Mul,
  ...op.i32Add,
];

/**
 * winners(t, c, kf, kt, out, w, levels, limits): for each of the `w` pixels of a row, whose levels' totals (16-bit)
 * are at t + 2·x·levels and window costs (bytes) at c + x·levels, levels [kf[x], kt[x]] searched (32-bit values):
 * out[4x…4x + 3] (32-bit) = the first level of least total (−1 when the range is empty), the least total of the
 * levels two or more from it (NONE16 when none), the first level three or more above it whose cost is at most
 * limits[its own cost] (−1 when none), the last such level three or more below it (−1 when none).
 */
const WINNERS = [
  ...[...op.i32(0), ...op.set(X)],
  ...op.block,
  ...[...op.get(W), ...op.i32(1), ...op.i32LtS, ...op.brIf(0)],
  ...op.loop,
  ...[...op.get(T), ...op.get(X), ...op.get(LEVELS), ...op.i32Mul, ...op.i32(1), ...op.i32Shl, ...op.i32Add],
  ...op.set(TP),
  ...[...op.get(C), ...op.get(X), ...op.get(LEVELS), ...op.i32Mul, ...op.i32Add, ...op.set(CP)],
  ...[...byX(KF, 4), ...op.i32Load(), ...op.set(K_FROM), ...byX(KT, 4), ...op.i32Load(), ...op.set(K_TO)],
  ...op.block,
  ...[...op.get(K_TO), ...op.get(K_FROM), ...op.i32LtS, ...op.if],
  ...[...byX(OUT, 16), ...op.i32(-1), ...op.i32Store, ...op.br(1)],
  ...op.end,
  ...[...op.get(K_FROM), ...op.i16x8Splat, ...op.set(KFV), ...op.get(K_TO), ...op.i16x8Splat, ...op.set(KTV)],
  // The least total.
  ...[...op.v128Const(NONE_V), ...op.set(M), ...op.i32(0), ...op.set(K)],
  ...op.loop,
  ...[...RANGE, ...IN_RANGE_TOTALS, ...op.get(M), ...op.get(V), ...op.i16x8MinU, ...op.set(M)],
  ...[...step, ...op.get(K), ...op.get(K_TO), ...op.i32LeS, ...op.brIf(0)],
  ...op.end,
  ...[...leastLane(M), ...op.set(BEST_COST)],
  // Its first level.
  ...[...op.i32(0), ...op.set(K)],
  ...op.block,
  ...op.loop,
  ...[...RANGE, ...IN_RANGE_TOTALS],
  ...[...op.get(V), ...op.get(BEST_COST), ...op.i16x8Splat, ...op.i16x8Eq, ...op.i16x8Bitmask, ...op.set(BM)],
  ...[...op.get(BM), ...op.if, ...op.get(K), ...op.get(BM), ...op.i32Ctz, ...op.i32Add, ...op.set(BEST)],
  ...[...op.br(2), ...op.end],
  ...[...step, ...op.get(K), ...op.get(K_TO), ...op.i32LeS, ...op.brIf(0)],
  ...op.end,
  ...op.end,
  // The repeat limit of its own cost, and the levels around it.
  ...[...op.get(LIMITS), ...op.get(CP), ...op.get(BEST), ...op.i32Add, ...op.i32Load8U(), ...op.i32(2)],
  ...[...op.i32Shl, ...op.i32Add, ...op.i32Load(), ...op.i16x8Splat, ...op.set(LIMITV)],
  ...[...op.get(BEST), ...op.i32(1), ...op.i32Sub, ...op.i16x8Splat, ...op.set(B1L)],
  ...[...op.get(BEST), ...op.i32(1), ...op.i32Add, ...op.i16x8Splat, ...op.set(B1H)],
  ...[...op.get(BEST), ...op.i32(3), ...op.i32Sub, ...op.i16x8Splat, ...op.set(B3L)],
  ...[...op.get(BEST), ...op.i32(3), ...op.i32Add, ...op.i16x8Splat, ...op.set(B3H)],
  ...[
    ...op.v128Const(NONE_V),
    ...op.set(M),
    ...op.i32(-1),
    ...op.set(NEARER),
    ...op.i32(-1),
    ...op.set(FARTHER),
  ],
  ...[...op.i32(0), ...op.set(K)],
  ...op.loop,
  ...RANGE,
  // The second least: levels in range, below best − 1 or above best + 1.
  ...[...op.get(M), ...TOTALS, ...op.v128Const(NONE_V), ...op.get(INR)],
  ...[
    ...op.get(IDX),
    ...op.get(B1L),
    ...op.i16x8LtS,
    ...op.get(IDX),
    ...op.get(B1H),
    ...op.i16x8GtS,
    ...op.v128Or,
  ],
  ...[...op.v128And, ...op.v128Bitselect, ...op.i16x8MinU, ...op.set(M)],
  // Repeats: levels in range whose cost is within the limit.
  ...[...op.get(INR), ...op.get(CP), ...op.get(K), ...op.i32Add, ...op.v128Load8x8U(), ...op.get(LIMITV)],
  ...[...op.i16x8LeU, ...op.v128And, ...op.set(OK)],
  ...[...op.get(NEARER), ...op.i32(0), ...op.i32LtS, ...op.if],
  ...[
    ...op.get(OK),
    ...op.get(IDX),
    ...op.get(B3H),
    ...op.i16x8GeS,
    ...op.v128And,
    ...op.i16x8Bitmask,
    ...op.set(BM),
  ],
  ...[
    ...op.get(BM),
    ...op.if,
    ...op.get(K),
    ...op.get(BM),
    ...op.i32Ctz,
    ...op.i32Add,
    ...op.set(NEARER),
    ...op.end,
  ],
  ...op.end,
  ...[
    ...op.get(OK),
    ...op.get(IDX),
    ...op.get(B3L),
    ...op.i16x8LeS,
    ...op.v128And,
    ...op.i16x8Bitmask,
    ...op.set(BM),
  ],
  ...[
    ...op.get(BM),
    ...op.if,
    ...op.get(K),
    ...op.i32(31),
    ...op.i32Add,
    ...op.get(BM),
    ...op.i32Clz,
    ...op.i32Sub,
  ],
  ...[...op.set(FARTHER), ...op.end],
  ...[...step, ...op.get(K), ...op.get(K_TO), ...op.i32LeS, ...op.brIf(0)],
  ...op.end,
  ...[...byX(OUT, 16), ...op.get(BEST), ...op.i32Store],
  ...[...byX(OUT, 16), ...op.i32(4), ...op.i32Add, ...leastLane(M), ...op.i32Store],
  ...[...byX(OUT, 16), ...op.i32(8), ...op.i32Add, ...op.get(NEARER), ...op.i32Store],
  ...[...byX(OUT, 16), ...op.i32(12), ...op.i32Add, ...op.get(FARTHER), ...op.i32Store],
  ...op.end,
  ...[...op.get(X), ...op.i32(1), ...op.i32Add, ...op.set(X)],
  ...[...op.get(X), ...op.get(W), ...op.i32LtS, ...op.brIf(0)],
  ...op.end,
  ...op.end,
];

// `diagonal`'s parameters, then its locals.
const DT = 0;
const DC = 1;
const RT = 2;
const RC = 3;
const DKF = 4;
const DKT = 5;
const DW = 6;
const DLEVELS = 7;
const DMIN = 8;
const DX = 9;
const DK = 10;
const DKTO = 11;
const SRC = 12;
const DST = 13;

/**
 * diagonal(t, c, rt, rc, kf, kt, w, levels, min): the right view's levels of a row, gathered: for each pixel x and
 * level k in [kf[x], kt[x]], rt[x · levels + k] = t[(x + min + k) · levels + k] (16-bit) and rc likewise (bytes).
 */
const DIAGONAL = [
  ...[...op.i32(0), ...op.set(DX)],
  ...op.block,
  ...[...op.get(DW), ...op.i32(1), ...op.i32LtS, ...op.brIf(0)],
  ...op.loop,
  ...[
    ...op.get(DKF),
    ...op.get(DX),
    ...op.i32(2),
    ...op.i32Shl,
    ...op.i32Add,
    ...op.i32Load(),
    ...op.set(DK),
  ],
  ...[
    ...op.get(DKT),
    ...op.get(DX),
    ...op.i32(2),
    ...op.i32Shl,
    ...op.i32Add,
    ...op.i32Load(),
    ...op.set(DKTO),
  ],
  ...op.block,
  ...[...op.get(DKTO), ...op.get(DK), ...op.i32LtS, ...op.brIf(0)],
  ...op.loop,
  ...[
    ...op.get(DX),
    ...op.get(DMIN),
    ...op.i32Add,
    ...op.get(DK),
    ...op.i32Add,
    ...op.get(DLEVELS),
    ...op.i32Mul,
  ],
  ...[...op.get(DK), ...op.i32Add, ...op.set(SRC)],
  ...[...op.get(DX), ...op.get(DLEVELS), ...op.i32Mul, ...op.get(DK), ...op.i32Add, ...op.set(DST)],
  ...[...op.get(RT), ...op.get(DST), ...op.i32(1), ...op.i32Shl, ...op.i32Add],
  ...[
    ...op.get(DT),
    ...op.get(SRC),
    ...op.i32(1),
    ...op.i32Shl,
    ...op.i32Add,
    ...op.i32Load16U(),
    ...op.i32Store16(),
  ],
  ...[...op.get(RC), ...op.get(DST), ...op.i32Add],
  ...[...op.get(DC), ...op.get(SRC), ...op.i32Add, ...op.i32Load8U(), ...op.i32Store8],
  ...[...op.get(DK), ...op.i32(1), ...op.i32Add, ...op.set(DK)],
  ...[...op.get(DK), ...op.get(DKTO), ...op.i32LeS, ...op.brIf(0)],
  ...op.end,
  ...op.end,
  ...[...op.get(DX), ...op.i32(1), ...op.i32Add, ...op.set(DX)],
  ...[...op.get(DX), ...op.get(DW), ...op.i32LtS, ...op.brIf(0)],
  ...op.end,
  ...op.end,
];

const winnerKernel = lazyKernel<{
  winners(
    t: number,
    c: number,
    kf: number,
    kt: number,
    out: number,
    w: number,
    levels: number,
    limits: number,
  ): void;
  diagonal(
    t: number,
    c: number,
    rt: number,
    rc: number,
    kf: number,
    kt: number,
    w: number,
    levels: number,
    min: number,
  ): void;
}>([
  {
    name: 'winners',
    params: 8,
    locals: [...Array<typeof I32>(11).fill(I32), ...Array<typeof V128>(12).fill(V128)],
    body: WINNERS,
  },
  { name: 'diagonal', params: 9, locals: [I32, I32, I32, I32, I32], body: DIAGONAL },
]);

/** What the search reads of a volume (census-sgm.ts' SgmVolume, in part). */
export interface WinnerInput {
  total: Uint16Array;
  cost: Uint8Array;
  w: number;
  levels: number;
  min: number;
}

/** One row's search: per pixel, 4 values from 4x (see WINNERS), valid until the next call. */
export type WinnerRow = (y: number, fromRight: boolean) => Int32Array;

/**
 * The kernel's search over a volume's rows, or undefined where WebAssembly SIMD is missing or a total may reach
 * NONE16 (`largestTotal` is a bound on them); `limit(own)` is the repeat limit of a winner's window cost, `none`
 * the second least total reported where there is none.
 */
export function winnerSearch(
  v: WinnerInput,
  largestTotal: number,
  limit: (own: number) => number,
  none: number,
): WinnerRow | undefined {
  if (largestTotal >= NONE16 || v.levels >= 0x7ff0) return undefined;
  const kernel = winnerKernel();
  if (!kernel) return undefined;
  const { w, levels, min, total, cost } = v;
  const span = w * levels;
  const tAt = 0;
  const cAt = align16(tAt + 2 * span + 16);
  const rtAt = align16(cAt + span + 16);
  const rcAt = align16(rtAt + 2 * span + 16);
  const kfAt = align16(rcAt + span + 16);
  const ktAt = kfAt + 4 * w;
  const rkfAt = ktAt + 4 * w;
  const rktAt = rkfAt + 4 * w;
  const limitsAt = rktAt + 4 * w;
  const outAt = limitsAt + 4 * 256;
  const heap = kernel.heap(outAt + 16 * w + 16);
  const ints = (at: number, n: number) => new Int32Array(heap.buffer, at, n);
  const totals = new Uint16Array(heap.buffer, tAt, span);
  const costs = new Uint8Array(heap.buffer, cAt, span);
  ints(kfAt, w).fill(0);
  ints(ktAt, w).fill(levels - 1);
  // Seen from the right view, level k of pixel x is left pixel x + min + k's: inside the view for these levels.
  const rkf = ints(rkfAt, w);
  const rkt = ints(rktAt, w);
  for (let x = 0; x < w; x++) {
    rkf[x] = Math.max(0, -(x + min));
    rkt[x] = Math.min(levels - 1, w - 1 - (x + min));
  }
  // An integer cost is within a limit when it is within its floor.
  ints(limitsAt, 256).set(Array.from({ length: 256 }, (_, own) => Math.floor(limit(own))));
  const out = ints(outAt, 4 * w);
  return (y, fromRight) => {
    totals.set(total.subarray(y * span, (y + 1) * span));
    costs.set(cost.subarray(y * span, (y + 1) * span));
    if (fromRight) {
      kernel.diagonal(tAt, cAt, rtAt, rcAt, rkfAt, rktAt, w, levels, min);
      kernel.winners(rtAt, rcAt, rkfAt, rktAt, outAt, w, levels, limitsAt);
    } else {
      kernel.winners(tAt, cAt, kfAt, ktAt, outAt, w, levels, limitsAt);
    }
    for (let x = 0; x < w; x++) if (out[4 * x + 1] === NONE16) out[4 * x + 1] = none;
    return out;
  };
}
