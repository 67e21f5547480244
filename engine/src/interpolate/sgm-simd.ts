import { align16, I32, laneIndices16, lanes16, lazyKernel, leastLane16, op, V128 } from '../cv/wasm-module';
import { claimRow, type RowClaims, releaseRow, unclaimRow } from './row-claims';

/**
 * census-sgm.ts' aggregation step (stepPair, both paths of a sweep) as a WebAssembly SIMD kernel, value for value:
 * eight levels at a time in signed 16-bit lanes. A path cost stays below 255 + P2 (the cost is a byte, the rest at
 * most the jump penalty), far under the lanes' 32767, which stands for HUGE (saturating adds keep it there). The
 * kernel reads and writes one row at a time in its memory (a few hundred KB), so nothing of the cost volume stays
 * in it. Measured at 640 × 427 × 63 levels: see aggregateSweep.
 */

/** HUGE in a lane: larger than any path cost; a saturating add of P1 leaves it as it is. */
const HUGE16 = 0x7fff;
/** Bytes of a path's slot before its levels: its minimum (a 16-bit value) and padding to 16. */
const HEAD = 16;

// `row`'s parameters, then its locals.
const COST = 0;
const TOTAL = 1;
const ROWS = 2;
const JUMPS = 3;
const COUNT = 4;
const LEVELS = 5;
const P1 = 6;
const STEP = 7;
const SLOT = 8;
const LINE = 9;
const K = 10;
const PREV_A = 11;
const PREV_B = 12;
const COST_STEP = 13;
const SLOT_STEP = 14;
const P1V = 15;
const LEVELSV = 16;
const MASK = 17;
const C = 18;
const OLD_A = 19;
const OLD_B = 20;
const V_A = 21;
const V_B = 22;
const MIN_A = 23;
const MIN_B = 24;
const JUMP_A = 25;
const JUMP_B = 26;
const PREVV_A = 27;
const PREVV_B = 28;
const HERE = 29;

const HUGE_V = lanes16(HUGE16);
/** Lane 7 of the first vector, then lanes 0–6 of the second: the levels k − 1 of a chunk. */
const BELOW = [14, 15, ...Array.from({ length: 14 }, (_, b) => 16 + b)];

/**
 * One path's levels K… K + 7 at the slot whose address is in local `slot` (its levels from HEAD): v = C +
 * min(L(k), L(k − 1) + P1, L(k + 1) + P1, jump) − previous minimum, HUGE past the levels; stored in place, `old`
 * keeping the chunk's previous costs for the next chunk's k − 1, `min` their running minimum.
 */
function pathChunk(slot: number, old: number, v: number, min: number, jump: number, prev: number): number[] {
  return [
    ...[...op.get(slot), ...op.get(K), ...op.i32(1), ...op.i32Shl, ...op.i32Add, ...op.v128Load(HEAD)],
    ...op.set(HERE),
    // min(L(k), L(k − 1) + P1)
    ...[...op.get(HERE), ...op.get(old), ...op.get(HERE), ...op.i8x16Shuffle(BELOW)],
    ...[...op.get(P1V), ...op.i16x8AddSatS, ...op.i16x8MinS],
    // min(L(k + 1) + P1, jump)
    ...[...op.get(slot), ...op.get(K), ...op.i32(1), ...op.i32Shl, ...op.i32Add, ...op.v128Load(HEAD + 2)],
    ...[...op.get(P1V), ...op.i16x8AddSatS, ...op.get(jump), ...op.i16x8MinS, ...op.i16x8MinS],
    ...[...op.get(C), ...op.i16x8Add, ...op.get(prev), ...op.i16x8Sub],
    ...[...op.v128Const(HUGE_V), ...op.get(MASK), ...op.v128Bitselect, ...op.set(v)],
    ...[...op.get(HERE), ...op.set(old)],
    ...[...op.get(slot), ...op.get(K), ...op.i32(1), ...op.i32Shl, ...op.i32Add, ...op.get(v)],
    ...op.v128Store(HEAD),
    ...[...op.get(min), ...op.get(v), ...op.i16x8MinS, ...op.set(min)],
  ];
}

/** The least lane of the vector in local `v`, stored as the minimum of the slot in local `slot`. */
function storeMin(slot: number, v: number): number[] {
  return [...op.get(slot), ...leastLane16(v, op.i16x8MinS, op.i16x8ExtractLaneS(0)), ...op.i32Store16()];
}

/** A path's previous minimum (local `prev`), as a vector (`prevV`) and plus the jump penalty at `offset` of JUMPS. */
function pathStart(slot: number, prev: number, prevV: number, jump: number, offset: number): number[] {
  return [
    ...[...op.get(slot), ...op.i32Load16S(), ...op.set(prev)],
    ...[...op.get(prev), ...op.i16x8Splat, ...op.set(prevV)],
    ...[...op.get(prev), ...op.get(JUMPS), ...op.i32Load16S(offset), ...op.i32Add, ...op.i16x8Splat],
    ...op.set(jump),
  ];
}

/**
 * row(cost, total, rows, jumps, count, levels, p1, step, slot, line): `count` pixels of one row, from the one whose
 * costs (bytes, `levels` each) are at `cost`, total (16-bit, `levels` each) at `total`, column path at slot `rows`
 * and jump penalties (two 16-bit values: along the row, down the column) at `jumps`, to the next `step` (±1) pixel
 * after each. The row path's slot is at `line`; a slot is `slot` bytes: its minimum, then from HEAD its levels,
 * HUGE after them up to the next multiple of 8 levels and 8 more.
 */
const ROW = [
  ...[...op.get(P1), ...op.i16x8Splat, ...op.set(P1V)],
  ...[...op.get(LEVELS), ...op.i16x8Splat, ...op.set(LEVELSV)],
  ...[...op.get(STEP), ...op.get(LEVELS), ...op.i32Mul, ...op.set(COST_STEP)],
  ...[...op.get(STEP), ...op.get(SLOT), ...op.i32Mul, ...op.set(SLOT_STEP)],
  ...op.block,
  ...[...op.get(COUNT), ...op.i32(1), ...op.i32LtS, ...op.brIf(0)],
  ...op.loop,
  ...pathStart(LINE, PREV_A, PREVV_A, JUMP_A, 0),
  ...pathStart(ROWS, PREV_B, PREVV_B, JUMP_B, 2),
  ...[...op.v128Const(HUGE_V), ...op.set(OLD_A), ...op.v128Const(HUGE_V), ...op.set(OLD_B)],
  ...[...op.v128Const(HUGE_V), ...op.set(MIN_A), ...op.v128Const(HUGE_V), ...op.set(MIN_B)],
  ...[...op.i32(0), ...op.set(K)],
  ...op.loop,
  ...[...laneIndices16(op.get(K)), ...op.get(LEVELSV), ...op.i16x8LtS],
  ...op.set(MASK),
  ...[...op.get(COST), ...op.get(K), ...op.i32Add, ...op.v128Load8x8U(), ...op.set(C)],
  ...pathChunk(LINE, OLD_A, V_A, MIN_A, JUMP_A, PREVV_A),
  ...pathChunk(ROWS, OLD_B, V_B, MIN_B, JUMP_B, PREVV_B),
  // total(k) += vA + vB, inside the levels only.
  ...[...op.get(TOTAL), ...op.get(K), ...op.i32(1), ...op.i32Shl, ...op.i32Add],
  ...[
    ...op.get(TOTAL),
    ...op.get(K),
    ...op.i32(1),
    ...op.i32Shl,
    ...op.i32Add,
    ...op.v128Load(),
    ...op.set(HERE),
  ],
  ...[...op.get(HERE), ...op.get(V_A), ...op.i16x8Add, ...op.get(V_B), ...op.i16x8Add],
  ...[...op.get(HERE), ...op.get(MASK), ...op.v128Bitselect, ...op.v128Store()],
  ...[...op.get(K), ...op.i32(8), ...op.i32Add, ...op.set(K)],
  ...[...op.get(K), ...op.get(LEVELS), ...op.i32LtS, ...op.brIf(0)],
  ...op.end,
  ...storeMin(LINE, MIN_A),
  ...storeMin(ROWS, MIN_B),
  ...[...op.get(COST), ...op.get(COST_STEP), ...op.i32Add, ...op.set(COST)],
  ...[...op.get(TOTAL), ...op.get(COST_STEP), ...op.i32(1), ...op.i32Shl, ...op.i32Add, ...op.set(TOTAL)],
  ...[...op.get(ROWS), ...op.get(SLOT_STEP), ...op.i32Add, ...op.set(ROWS)],
  ...[...op.get(JUMPS), ...op.get(STEP), ...op.i32(2), ...op.i32Shl, ...op.i32Add, ...op.set(JUMPS)],
  ...[...op.get(COUNT), ...op.i32(1), ...op.i32Sub, ...op.set(COUNT)],
  ...[...op.get(COUNT), ...op.i32(0), ...op.i32Ne, ...op.brIf(0)],
  ...op.end,
  ...op.end,
];

const sgmKernel = lazyKernel<{
  row(
    cost: number,
    total: number,
    rows: number,
    jumps: number,
    count: number,
    levels: number,
    p1: number,
    step: number,
    slot: number,
    line: number,
  ): void;
}>([
  {
    name: 'row',
    params: 10,
    locals: [I32, I32, I32, I32, I32, ...Array<typeof V128>(15).fill(V128)],
    body: ROW,
  },
]);

/** What a sweep reads (census-sgm.ts' SgmVolume, in part). */
export interface SweepInput {
  cost: Uint8Array;
  grey: Uint8Array;
  w: number;
  h: number;
  levels: number;
  p1: number;
}

/** Whether the kernel can take a volume: WebAssembly SIMD is there and every path cost fits a lane below HUGE16. */
export function sweepKernelFits(levels: number, p1: number, jumpMax: number): boolean {
  return levels > 0 && 255 + jumpMax + 2 * p1 < HUGE16 - 1024 && sgmKernel() !== undefined;
}

/**
 * The jump penalties of the row starting at `row` into `jumps` (per pixel: along the row from the previous pixel in
 * the sweep's direction, then from the previous row; 0 steps at the first of each). Its own function: inside the
 * loop over the rows it ran at the interpreter's pace in a new process, the loop's optimized code thrown away at the
 * statements after it.
 */
function rowJumps(
  grey: Uint8Array,
  w: number,
  row: number,
  dir: 1 | -1,
  firstRow: boolean,
  jumpAt: Int32Array,
  jumps: Int16Array,
): void {
  const start = dir > 0 ? 0 : w - 1;
  for (let x = 0; x < w; x++) {
    const i = row + x;
    const across = x === start ? 0 : grey[i]! - grey[i - dir]!;
    const down = firstRow ? 0 : grey[i]! - grey[i - dir * w]!;
    jumps[2 * x] = jumpAt[across < 0 ? -across : across]!;
    jumps[2 * x + 1] = jumpAt[down < 0 ? -down : down]!;
  }
}

/**
 * census-sgm.ts' aggregateSweep on the kernel, the same sums into `into`; `jumpAt` maps an intensity step to its
 * jump penalty. Call only where sweepKernelFits.
 */
export function sweepOnKernel(
  v: SweepInput,
  dir: 1 | -1,
  into: Uint16Array,
  jumpAt: Int32Array,
  /** Given: the other direction's sweep adds into `into` at the same time (see RowClaims). */
  claims?: RowClaims,
): void {
  const kernel = sgmKernel()!;
  const { cost, grey, w, h, levels, p1 } = v;
  const span = w * levels;
  const padded = (Math.ceil(levels / 8) + 1) * 8;
  const slot = HEAD + 2 * padded;
  const costAt = 0;
  const totalAt = align16(span + 16);
  const lineAt = align16(totalAt + 2 * span + 16);
  const rowsAt = lineAt + slot;
  const jumpsAt = rowsAt + w * slot;
  const heap = kernel.heap(jumpsAt + 4 * w + 16);
  const lanes = new Int16Array(heap.buffer, 0, heap.byteLength >> 1);
  const totals = new Uint16Array(heap.buffer, totalAt, span);
  const jumps = new Int16Array(heap.buffer, jumpsAt, 2 * w);
  // Each path starts from zeros (its first pixel's cost is C alone), HUGE after its levels.
  const reset = (at: number) => {
    const first = (at + HEAD) >> 1;
    lanes[at >> 1] = 0;
    lanes.fill(0, first, first + levels);
    lanes.fill(HUGE16, first + levels, first + padded);
  };
  for (let x = 0; x < w; x++) reset(rowsAt + x * slot);
  const start = dir > 0 ? 0 : w - 1;
  for (let s = 0; s < h; s++) {
    const y = dir > 0 ? s : h - 1 - s;
    const row = y * w;
    reset(lineAt);
    rowJumps(grey, w, row, dir, s === 0, jumpAt, jumps);
    heap.set(cost.subarray(row * levels, row * levels + span), costAt);
    // Not adding (this direction did before) still carries the paths through the row.
    const adding = claims ? claimRow(claims, y, dir) : true;
    try {
      if (adding) totals.set(into.subarray(row * levels, row * levels + span));
      kernel.row(
        costAt + start * levels,
        totalAt + 2 * start * levels,
        rowsAt + start * slot,
        jumpsAt + 4 * start,
        w,
        levels,
        p1,
        dir,
        slot,
        lineAt,
      );
      if (adding) into.set(totals, row * levels);
    } catch (error) {
      // Unfinished: the row is left as it was, for the step run again.
      if (adding && claims) unclaimRow(claims, y);
      throw error;
    }
    if (adding && claims) releaseRow(claims, y, dir);
  }
}
