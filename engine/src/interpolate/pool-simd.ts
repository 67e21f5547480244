import {
  addressOf,
  align16,
  I32,
  laneIndices16,
  lanes16,
  lazyKernel,
  leastLane16,
  op,
  V128,
} from '../cv/wasm-module';

/**
 * periodic-structure.ts' pooling of a repeated structure's copies (poolPeriodicRow) as a WebAssembly SIMD kernel,
 * value for value: eight levels at a time in 16-bit lanes. The caller lists the jobs (a pixel, its copies and the
 * level shift of each, see copyAt and copyShift); the kernel sums each job's copies' costs, the shifted levels
 * clamped to the levels searched, then either writes their rounded means (`pool`) or returns the least sum (`least`,
 * what a segment's slant is judged on). One row at a time in the kernel's memory.
 */

/** Larger than any sum (nine costs of at most 255): the lanes past the levels in `least`. */
const NONE16 = 0xffff;

/**
 * The Q15 multiplier m of the rounded mean of n costs: (s·m + 2^14) >> 15 = Math.round(s / n) for every sum s of n
 * bytes (n ≤ 9; tested for each s): 2^15 / n rounded up, 32767 for one.
 */
export function meanQ15(n: number): number {
  return n === 1 ? 32767 : Math.ceil(32768 / n);
}

// The functions' parameters, then their locals.
const ROW = 0;
const LEVELS = 1;
const JOBS = 2;
const COUNT = 3;
const OUT = 4;
const SUMS = 5;
const J = 6;
const P = 7;
const X = 8;
const N = 9;
const MUL = 10;
const C = 11;
const BASE = 12;
const S = 13;
const K = 14;
const FIRST_V = 15;
const LAST_V = 16;
const LAST_IDX = 17;
const IDX = 18;
const V = 19;
const M = 20;

const ZERO_V = lanes16(0);
const NONE_V = lanes16(NONE16);

const nextChunk = [
  ...[...op.get(K), ...op.i32(8), ...op.i32Add, ...op.set(K)],
  ...[...op.get(K), ...op.get(LEVELS), ...op.i32LtS, ...op.brIf(0)],
];
/** The address of the sums of levels K… K + 7. */
const SUMS_AT = [...op.get(SUMS), ...op.get(K), ...op.i32(1), ...op.i32Shl, ...op.i32Add];
/** IDX: the levels K… K + 7 plus local `shift` (or nothing). */
const indices = (shift?: number) => [
  ...laneIndices16([...op.get(K), ...(shift === undefined ? [] : [...op.get(shift), ...op.i32Add])]),
  ...op.set(IDX),
];

/** A job's sums: every copy's levels K + S (clamped to 0 … levels − 1), added chunk by chunk. */
const COPY_SUMS = [
  ...[...op.i32(0), ...op.set(K)],
  ...op.loop,
  ...[...SUMS_AT, ...op.v128Const(ZERO_V), ...op.v128Store()],
  ...nextChunk,
  ...op.end,
  ...[...op.i32(0), ...op.set(C)],
  ...op.loop,
  ...[
    ...op.get(P),
    ...op.i32Load(),
    ...op.get(LEVELS),
    ...op.i32Mul,
    ...op.get(ROW),
    ...op.i32Add,
    ...op.set(BASE),
  ],
  ...[...op.get(P), ...op.i32Load(4), ...op.set(S), ...op.get(P), ...op.i32(8), ...op.i32Add, ...op.set(P)],
  ...[...op.get(BASE), ...op.i32Load8U(), ...op.i16x8Splat, ...op.set(FIRST_V)],
  ...[...op.get(BASE), ...op.get(LEVELS), ...op.i32Add, ...op.i32(1), ...op.i32Sub, ...op.i32Load8U()],
  ...[...op.i16x8Splat, ...op.set(LAST_V)],
  ...[...op.i32(0), ...op.set(K)],
  ...op.loop,
  ...indices(S),
  ...[
    ...op.get(BASE),
    ...op.get(K),
    ...op.i32Add,
    ...op.get(S),
    ...op.i32Add,
    ...op.v128Load8x8U(),
    ...op.set(V),
  ],
  ...[
    ...op.get(FIRST_V),
    ...op.get(V),
    ...op.get(IDX),
    ...op.v128Const(ZERO_V),
    ...op.i16x8LtS,
    ...op.v128Bitselect,
  ],
  ...[...op.set(V), ...op.get(LAST_V), ...op.get(V), ...op.get(IDX), ...op.get(LAST_IDX), ...op.i16x8GtS],
  ...[...op.v128Bitselect, ...op.set(V)],
  ...[...SUMS_AT, ...SUMS_AT, ...op.v128Load(), ...op.get(V), ...op.i16x8Add, ...op.v128Store()],
  ...nextChunk,
  ...op.end,
  ...[
    ...op.get(C),
    ...op.i32(1),
    ...op.i32Add,
    ...op.set(C),
    ...op.get(C),
    ...op.get(N),
    ...op.i32LtS,
    ...op.brIf(0),
  ],
  ...op.end,
];

/** pool: the rounded means into the job's pixel's levels at out + x·levels (the bytes after them kept). */
const MEANS = [
  ...[...op.get(MUL), ...op.i16x8Splat, ...op.set(M), ...op.i32(0), ...op.set(K)],
  ...op.loop,
  ...[...addressOf(OUT, X, LEVELS, K), ...op.set(BASE)],
  ...indices(),
  ...[...op.get(BASE), ...op.get(BASE), ...op.v128Load8x8U()],
  ...[...SUMS_AT, ...op.v128Load(), ...op.get(M), ...op.i16x8Q15mulrSatS],
  ...[...op.get(IDX), ...op.get(LAST_IDX), ...op.i16x8GtS, ...op.v128Bitselect, ...op.set(V)],
  ...[...op.get(V), ...op.get(V), ...op.i8x16NarrowI16x8U, ...op.v128Store64Lane(0)],
  ...nextChunk,
  ...op.end,
];

/** least: the least sum of the levels, as the job's 32-bit value at out + 4j. */
const LEAST = [
  ...[...op.v128Const(NONE_V), ...op.set(M), ...op.i32(0), ...op.set(K)],
  ...op.loop,
  ...indices(),
  ...[
    ...op.v128Const(NONE_V),
    ...SUMS_AT,
    ...op.v128Load(),
    ...op.get(IDX),
    ...op.get(LAST_IDX),
    ...op.i16x8GtS,
  ],
  ...[...op.v128Bitselect, ...op.get(M), ...op.i16x8MinU, ...op.set(M)],
  ...nextChunk,
  ...op.end,
  ...[...op.get(OUT), ...op.get(J), ...op.i32(2), ...op.i32Shl, ...op.i32Add],
  ...leastLane16(M, op.i16x8MinU, op.i16x8ExtractLaneU(0)),
  ...op.i32Store,
];

/**
 * (row, levels, jobs, count, out, sums): for each of the `count` jobs at `jobs` (32-bit values: the pixel x, the
 * number n of copies, the Q15 multiplier of their mean, then n pairs of a copy's pixel q and level shift s), the
 * sums (16-bit, at `sums`) of the copies' levels k + s clamped, pixel q's levels at row + q·levels; then `finish`.
 */
const jobsOver = (finish: number[]) => [
  ...[...op.i32(0), ...op.set(J), ...op.get(JOBS), ...op.set(P)],
  ...[...op.get(LEVELS), ...op.i32(1), ...op.i32Sub, ...op.i16x8Splat, ...op.set(LAST_IDX)],
  ...op.block,
  ...[...op.get(COUNT), ...op.i32(1), ...op.i32LtS, ...op.brIf(0)],
  ...op.loop,
  ...[...op.get(P), ...op.i32Load(), ...op.set(X), ...op.get(P), ...op.i32Load(4), ...op.set(N)],
  ...[
    ...op.get(P),
    ...op.i32Load(8),
    ...op.set(MUL),
    ...op.get(P),
    ...op.i32(12),
    ...op.i32Add,
    ...op.set(P),
  ],
  ...COPY_SUMS,
  ...finish,
  ...[...op.get(J), ...op.i32(1), ...op.i32Add, ...op.set(J), ...op.get(J), ...op.get(COUNT), ...op.i32LtS],
  ...op.brIf(0),
  ...op.end,
  ...op.end,
];

const LOCALS = [...Array<typeof I32>(9).fill(I32), ...Array<typeof V128>(6).fill(V128)];

type JobsFunction = (
  row: number,
  levels: number,
  jobs: number,
  count: number,
  out: number,
  sums: number,
) => void;

const poolKernel = lazyKernel<{ pool: JobsFunction; least: JobsFunction }>([
  { name: 'pool', params: 6, locals: LOCALS, body: jobsOver(MEANS) },
  { name: 'least', params: 6, locals: LOCALS, body: jobsOver(LEAST) },
]);

/** Whether the kernel is there (WebAssembly SIMD). */
export function poolKernelFits(): boolean {
  return poolKernel() !== undefined;
}

/**
 * One row's pooling on the kernel (see poolPeriodicRow): `plan` lists the jobs, its `least` jobs' least sums are
 * handed to `choose`, which lists the `pool` jobs; the row's `levels`-byte costs are read from and written back to
 * `cost` at `rowAt`. Call only where poolKernelFits.
 */
export function poolRowOnKernel(
  cost: Uint8Array,
  rowAt: number,
  w: number,
  levels: number,
  jobs: JobList,
  choose: (least: Uint32Array) => void,
): void {
  const kernel = poolKernel()!;
  const span = w * levels;
  const rowAtHeap = 16;
  const sumsAt = align16(rowAtHeap + span + 16);
  const outAt = align16(sumsAt + 2 * (levels + 8) + 16);
  const jobsAt = align16(outAt + Math.max(span, 4 * jobs.maxJobs) + 16);
  const heap = kernel.heap(jobsAt + 4 * jobs.words.length);
  heap.set(cost.subarray(rowAt, rowAt + span), rowAtHeap);
  const words = new Int32Array(heap.buffer, jobsAt, jobs.words.length);
  words.set(jobs.words.subarray(0, jobs.length));
  kernel.least(rowAtHeap, levels, jobsAt, jobs.count, outAt, sumsAt);
  // Read by `choose` before anything is written over the out area.
  const least = new Uint32Array(heap.buffer, outAt, jobs.count);
  jobs.clear();
  choose(least);
  if (jobs.count === 0) return;
  words.set(jobs.words.subarray(0, jobs.length));
  heap.copyWithin(outAt, rowAtHeap, rowAtHeap + span);
  kernel.pool(rowAtHeap, levels, jobsAt, jobs.count, outAt, sumsAt);
  cost.set(heap.subarray(outAt, outAt + span), rowAt);
}

/** A list of the kernel's jobs (see jobsOver), kept across rows. */
export class JobList {
  words: Int32Array;
  length = 0;
  count = 0;
  /** Jobs the list can hold: one per pixel and slant judged (see poolPeriodicRow). */
  readonly maxJobs: number;

  /** Room for `maxJobs` jobs of up to `maxCopies` copies. */
  constructor(maxJobs: number, maxCopies: number) {
    this.maxJobs = maxJobs;
    this.words = new Int32Array(maxJobs * (3 + 2 * maxCopies));
  }

  /** Starts a job for pixel x; its copies follow (add), then end. */
  start(x: number): void {
    this.words[this.length] = x;
    this.length += 3;
  }

  add(q: number, s: number): void {
    this.words[this.length++] = q;
    this.words[this.length++] = s;
  }

  /** Ends the job started `at` (the length before start) with its n copies. */
  end(at: number, n: number): void {
    this.words[at + 1] = n;
    this.words[at + 2] = meanQ15(n);
    this.count++;
  }

  clear(): void {
    this.length = 0;
    this.count = 0;
  }
}
