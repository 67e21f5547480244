/**
 * A WebAssembly module written as bytes, for the engine's few kernels (SIMD ones such as align/bilinear-simd.ts and
 * align/hamming.ts; align/row-snap-kernel.ts in scalar 64-bit floats). The kernels are a few dozen instructions
 * each: encoding them here keeps them in the source, with no compiler to install and no binary to commit. Only what
 * those kernels use is encoded (the binary format: webassembly.github.io/spec, "Binary Format"; SIMD opcodes: the
 * fixed-width SIMD proposal's BinarySIMD.md).
 */

/** Value types. */
export const I32 = 0x7f;
export const F64 = 0x7c;
export const V128 = 0x7b;

/** One exported function: its i32 parameters, its extra locals (numbered after the parameters) and its body. */
export interface WasmFunction {
  name: string;
  params: number;
  locals: (typeof I32 | typeof F64 | typeof V128)[];
  /** Instructions, without the final `end`. */
  body: number[];
}

/**
 * A module exporting one memory ("memory", initially one 64 KiB page, shared: see SHARED_MEMORY) and `functions`,
 * each returning nothing.
 */
function wasmModule(functions: WasmFunction[]): Uint8Array {
  const types = functions.map((f) => [0x60, ...vector(Array<number[]>(f.params).fill([I32])), 0]);
  const exports = [
    [...name('memory'), 0x02, 0],
    ...functions.map((f, i) => [...name(f.name), 0x00, ...uleb(i)]),
  ];
  const bodies = functions.map((f) => {
    const code = [...vector(f.locals.map((type) => [1, type])), ...f.body, END];
    return [...uleb(code.length), ...code];
  });
  return Uint8Array.from([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, vector(types)),
    ...section(3, vector(functions.map((_, i) => uleb(i)))),
    ...section(5, vector([SHARED_MEMORY])),
    ...section(7, vector(exports)),
    ...section(10, vector(bodies)),
  ]);
}

const END = 0x0b;

/**
 * The memory's limits: shared (flag 3), one page at first, at most 65536 (4 GiB). Growing an unshared memory
 * detaches its old ArrayBuffer, and the first detached buffer of a thread makes V8 throw away every optimized
 * function there that reads typed arrays (its ArrayBufferDetaching protector), to compile them again with checks:
 * `wiggle interpolate` lost the corners', the census' and the period maps' code that way on both threads, the first
 * time a kernel grew. A shared memory grows without detaching anything. Measured as a whole process, the typical
 * 1920 px scene of the interpolation bench (24 runs, paired): wall ×0.983, CPU ×0.979, the same frames.
 */
const SHARED_MEMORY = [0x03, 1, ...uleb(65536)];

function section(id: number, content: number[]): number[] {
  return [id, ...uleb(content.length), ...content];
}

function vector(items: number[][]): number[] {
  return [...uleb(items.length), ...items.flat()];
}

function name(text: string): number[] {
  return vector([...text].map((c) => [c.charCodeAt(0)]));
}

function uleb(value: number): number[] {
  const bytes: number[] = [];
  let v = value >>> 0;
  do {
    const low = v & 0x7f;
    v >>>= 7;
    bytes.push(v ? low | 0x80 : low);
  } while (v);
  return bytes;
}

function sleb(value: number): number[] {
  const bytes: number[] = [];
  let v = value | 0;
  for (;;) {
    const low = v & 0x7f;
    v >>= 7;
    const done = (v === 0 && !(low & 0x40)) || (v === -1 && low & 0x40);
    bytes.push(done ? low : low | 0x80);
    if (done) return bytes;
  }
}

/** A 64-bit float's bytes, little-endian as the binary format stores them. */
function f64Bytes(value: number): number[] {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, value, true);
  return [...new Uint8Array(view.buffer)];
}

const simd = (opcode: number, ...immediates: number[]) => [0xfd, ...uleb(opcode), ...immediates];

/** Instructions, named as in the text format (`i32.shr_s` is i32ShrS). */
export const op = {
  get: (local: number) => [0x20, ...uleb(local)],
  set: (local: number) => [0x21, ...uleb(local)],
  i32: (value: number) => [0x41, ...sleb(value)],
  i32Add: [0x6a],
  i32Sub: [0x6b],
  i32Mul: [0x6c],
  i32And: [0x71],
  i32Or: [0x72],
  i32Xor: [0x73],
  i32Shl: [0x74],
  i32ShrS: [0x75],
  i32GeU: [0x4f],
  i32LtU: [0x49],
  i32LtS: [0x48],
  i32GtS: [0x4a],
  i32LeS: [0x4c],
  i32GeS: [0x4e],
  i32Eqz: [0x45],
  i32Clz: [0x67],
  i32Ctz: [0x68],
  /** The first or second value below the condition: the first where it is non-zero. */
  select: [0x1b],
  /** The 32-bit value / the byte (zero-extended) / the 16-bit value (zero-extended) at the address plus `offset`. */
  i32Load: (offset = 0) => [0x28, 2, ...uleb(offset)],
  i32Load8U: (offset = 0) => [0x2d, 0, ...uleb(offset)],
  i32Load16U: (offset = 0) => [0x2f, 1, ...uleb(offset)],
  i32Ne: [0x47],
  /** The signed 16-bit value at the address on the stack plus `offset`. */
  i32Load16S: (offset = 0) => [0x2e, 1, ...uleb(offset)],
  /** The low 16 bits of the value to the address below it plus `offset`. */
  i32Store16: (offset = 0) => [0x3b, 1, ...uleb(offset)],
  /** A block and a loop with no result; `brIf(depth)` leaves the block (depth of the block) or repeats the loop. */
  block: [0x02, 0x40],
  loop: [0x03, 0x40],
  end: [END],
  brIf: (depth: number) => [0x0d, ...uleb(depth)],
  br: (depth: number) => [0x0c, ...uleb(depth)],
  /** A block run when the value on the stack is non-zero (`else` starts the other one); ends with `end`. */
  if: [0x04, 0x40],
  else: [0x05],
  i32Store: [0x36, 2, 0],
  i32Store8: [0x3a, 0, 0],
  /** 16 bytes at the address on the stack plus `offset`. */
  v128Load: (offset = 0) => simd(0x00, 4, ...uleb(offset)),
  /** The 8 bytes at the address on the stack plus `offset`, each zero-extended to a 16-bit lane. */
  v128Load8x8U: (offset = 0) => simd(0x02, 3, ...uleb(offset)),
  /** The vector to the address below it plus `offset`. */
  v128Store: (offset = 0) => simd(0x0b, 4, ...uleb(offset)),
  /** The 32-bit value at the address on the stack plus `offset`, in every lane / in lane 0 (the rest zeros). */
  v128Load32Splat: (offset = 0) => simd(0x09, 2, ...uleb(offset)),
  v128Load32Zero: (offset = 0) => simd(0x5c, 2, ...uleb(offset)),
  /** The 8 bytes at the address on the stack, zero-extended to 16. */
  v128Load64Zero: simd(0x5d, 3, 0),
  /** Lane `lane` (32 bits) of the vector to the address below it. */
  v128Store32Lane: (lane: number) => simd(0x5a, 2, 0, lane),
  v128Store64Lane: (lane: number) => simd(0x5b, 3, 0, lane),
  v128Const: (bytes: number[]) => simd(0x0c, ...bytes),
  i8x16Shuffle: (lanes: number[]) => simd(0x0d, ...lanes),
  i16x8Splat: simd(0x10),
  i32x4Splat: simd(0x11),
  i32x4ExtractLane: (lane: number) => simd(0x1b, lane),
  i16x8ExtractLaneS: (lane: number) => simd(0x18, lane),
  i16x8ExtractLaneU: (lane: number) => simd(0x19, lane),
  i16x8Eq: simd(0x2d),
  i16x8LtS: simd(0x2f),
  i16x8GtS: simd(0x31),
  i16x8LeS: simd(0x33),
  i16x8LeU: simd(0x34),
  i16x8GeS: simd(0x35),
  i16x8Bitmask: simd(0x84),
  v128And: simd(0x4e),
  i32x4LeS: simd(0x3d),
  v128Or: simd(0x50),
  v128Xor: simd(0x51),
  /** Lanes of the first vector where the third's bits are set, of the second elsewhere. */
  v128Bitselect: simd(0x52),
  i8x16Popcnt: simd(0x62),
  i8x16Add: simd(0x6e),
  i8x16SubSatU: simd(0x73),
  i8x16NarrowI16x8S: simd(0x65),
  i16x8ExtaddPairwiseI8x16U: simd(0x7d),
  i32x4ExtaddPairwiseI16x8U: simd(0x7f),
  i8x16NarrowI16x8U: simd(0x66),
  i16x8NarrowI32x4U: simd(0x86),
  i16x8NarrowI32x4S: simd(0x85),
  i16x8Q15mulrSatS: simd(0x82),
  i16x8Add: simd(0x8e),
  i16x8AddSatS: simd(0x8f),
  i16x8Sub: simd(0x91),
  i16x8Mul: simd(0x95),
  i16x8MinS: simd(0x96),
  i16x8MinU: simd(0x97),
  i32x4ShrU: simd(0xad),
  i32x4Shl: simd(0xab),
  i32x4Add: simd(0xae),
  i32x4Mul: simd(0xb5),
  i32x4MinS: simd(0xb6),
  i32x4MinU: simd(0xb7),
  i32x4DotI16x8S: simd(0xba),
  /** The products of the low (high) four 16-bit lanes of two vectors, signed, as four 32-bit lanes. */
  i32x4ExtmulLowI16x8S: simd(0xbc),
  i32x4ExtmulHighI16x8S: simd(0xbd),
  f32Load: (offset = 0) => [0x2a, 2, ...uleb(offset)],
  f64Const: (value: number) => [0x44, ...f64Bytes(value)],
  f64PromoteF32: [0xbb],
  f64ConvertI32S: [0xb7],
  f64ConvertI32U: [0xb8],
  /** i32.trunc_sat_f64_s: NaN gives 0 (as `| 0` does), where i32.trunc_f64_s would trap. */
  i32TruncSatF64S: [0xfc, 0x02],
  f64Floor: [0x9c],
  f64Abs: [0x99],
  f64Add: [0xa0],
  f64Sub: [0xa1],
  f64Mul: [0xa2],
  f64Min: [0xa4],
  f64Lt: [0x63],
  f64Le: [0x65],
  f64Ge: [0x66],
} as const;

/** What the kernels use of the WebAssembly API (Node's types leave it out). */
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: Record<string, unknown> };
}

/**
 * A kernel's memory, at least `bytes` long (grown when needed, keeping its bytes: views made before then stay
 * valid but do not reach the new pages).
 */
export interface KernelMemory {
  heap(bytes: number): Uint8Array;
}

/**
 * A getter of the module's instance with its memory, made on the first call and kept by the thread (the memory
 * stays, grown to the largest input so far); undefined where WebAssembly SIMD is missing (callers then run JS).
 */
export function lazyKernel<F>(functions: WasmFunction[]): () => (KernelMemory & F) | undefined {
  let kernel: (KernelMemory & F) | null | undefined;
  return () => {
    if (kernel === undefined) {
      try {
        const wasm = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;
        if (!wasm) throw new Error('no WebAssembly');
        const { exports } = new wasm.Instance(new wasm.Module(wasmModule(functions)));
        const memory = exports.memory as { buffer: SharedArrayBuffer; grow(pages: number): number };
        const heap = (bytes: number) => {
          const short = bytes - memory.buffer.byteLength;
          if (short > 0) memory.grow(Math.ceil(short / 65536));
          return new Uint8Array(memory.buffer);
        };
        kernel = { ...(exports as F), heap };
      } catch {
        kernel = null;
      }
    }
    return kernel ?? undefined;
  };
}

/** A v128 constant of eight equal 16-bit lanes, or four equal 32-bit lanes. */
export function lanes16(value: number): number[] {
  return Array.from({ length: 8 }, () => [value & 0xff, (value >> 8) & 0xff]).flat();
}
export function lanes32(value: number): number[] {
  return Array.from({ length: 4 }, () => [
    value & 0xff,
    (value >> 8) & 0xff,
    (value >> 16) & 0xff,
    value >>> 24,
  ]).flat();
}

/** Eight 16-bit lanes holding 0 … 7: the offsets of a chunk's levels from its first. */
export const IOTA16 = Array.from({ length: 8 }, (_, k) => [k, 0]).flat();

/**
 * The eight 16-bit lanes first … first + 7 on the stack, `first` the 32-bit value the instructions `first` push (a
 * chunk's levels: local k, or k plus a shift).
 */
export function laneIndices16(first: number[]): number[] {
  return [...op.v128Const(IOTA16), ...first, ...op.i16x8Splat, ...op.i16x8Add];
}

/** The address base + x · stride (+ offset) on the stack, each a local. */
export function addressOf(base: number, x: number, stride: number, offset?: number): number[] {
  return [
    ...[...op.get(base), ...op.get(x), ...op.get(stride), ...op.i32Mul, ...op.i32Add],
    ...(offset === undefined ? [] : [...op.get(offset), ...op.i32Add]),
  ];
}

/**
 * The least of the eight 16-bit lanes of local `v`, by `min` (i16x8.min_s or min_u), read by `extract` (lane 0,
 * signed or not) onto the stack as a 32-bit value; `v` is overwritten.
 */
export function leastLane16(v: number, min: number[], extract: number[]): number[] {
  const rotated = (n: number) => Array.from({ length: 16 }, (_, b) => (b + n) % 16);
  const fold = (n: number) => [
    ...op.get(v),
    ...op.get(v),
    ...op.get(v),
    ...op.i8x16Shuffle(rotated(n)),
    ...min,
  ];
  return [...fold(8), ...op.set(v), ...fold(4), ...op.set(v), ...fold(2), ...extract];
}

/** `n` rounded up to a multiple of 16: where a kernel's next array starts in its memory. */
export function align16(n: number): number {
  return (n + 15) & ~15;
}
