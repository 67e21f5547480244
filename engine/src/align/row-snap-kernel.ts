import { F64, I32, lazyKernel, op } from '../cv/wasm-module';

/**
 * snapHorizontal's loop (row-snap-flow.ts) as a WebAssembly kernel, value for value: the same 64-bit float
 * operations in the same order (rowCost's taps summed one by one, innerRowCost's shared row blends where no tap is
 * clamped), the same candidates in the same order, the same ties. Scalar code: a patch's taps are summed in order,
 * which lanes would not keep. On aloe's order check (74 % of its 480 px copy lies near an inconsistency) the two
 * snaps take 72 ms of CPU against 170 for the JS loops, the same flows (bench/engine/kernels.ts); aloe's alignment
 * at 31 MP, 1347 -> 1261 ms of CPU in place (median of 12 warm runs each, alternating processes).
 */

// Parameters of `snap`, then its locals, numbered in order.
let next = 0;
const local = () => next++;
const FLOW = local();
const A = local();
const B = local();
const WHERE = local();
const OUT = local();
const W = local();
const H = local();
const TW = local();
const TH = local();
const PARAMS = next;
const Y = local();
const X = local();
const I = local();
const J = local();
const K = local();
const BEST_J = local();
const HAVE = local();
const X0 = local();
const Y0 = local();
const KB = local();
const KA = local();
const NX = local();
const PX = local();
const PY = local();
const OX = local();
const OY = local();
const I32_LOCALS = next - PARAMS;
const OWN_X = local();
const OWN_Y = local();
const CX = local();
const CY = local();
const BEST = local();
const COST = local();
const QX0 = local();
const QY0 = local();
const WX = local();
const WY = local();
const MAX_QX = local();
const MAX_QY = local();
const TOP = local();
const BOTTOM = local();
/** The blends of a patch's rows (T above, U below) and a source row's six bytes (P). */
const T = Array.from({ length: 5 }, local);
const U = Array.from({ length: 5 }, local);
const P = Array.from({ length: 6 }, local);
const F64_LOCALS = next - PARAMS - I32_LOCALS;

const get = op.get;
const set = op.set;

/** Six bytes of `b` from address KB into P, each as a float. */
const loadRow = P.flatMap((p, n) => [...get(KB), ...op.i32Load8U(n), ...op.f64ConvertI32U, ...set(p)]);

/** into[n] = P[n] + (P[n + 1] − P[n]) · wx: the row blended along x. */
const blendRow = (into: number[]) =>
  into.flatMap((t, n) => [
    ...[...get(P[n]!), ...get(P[n + 1]!), ...get(P[n]!), ...op.f64Sub],
    ...[...get(WX), ...op.f64Mul, ...op.f64Add, ...set(t)],
  ]);

/** `value` (an i32 on the stack, kept in `into`) clamped to [0, `last`]: `v < 0 ? 0 : Math.min(v, last)`. */
const clampIndex = (into: number, last: number[]) => [
  ...set(into),
  ...[...op.i32(0), ...get(into), ...get(into), ...op.i32(0), ...op.i32LtS, ...op.select, ...set(into)],
  ...[...get(into), ...last, ...get(into), ...last, ...op.i32LtS, ...op.select, ...set(into)],
];

/** The float on the stack clamped as rowCost clamps a sampled position: `q < 0 ? 0 : Math.min(q, limit)`. */
const clampPosition = (into: number, limit: number) => [
  ...set(into),
  ...[...op.f64Const(0), ...get(into), ...get(limit), ...op.f64Min, ...get(into), ...op.f64Const(0)],
  ...[...op.f64Lt, ...op.select, ...set(into)],
];

/** innerRowCost's three rows (T holds the first row's blend), leaving when COST reaches `bound` (`done` levels out). */
function innerRows(bound: number[], done: number): number[] {
  const rows: number[] = [];
  for (let oy = 0; oy < 3; oy++) {
    rows.push(
      ...[...get(KB), ...get(TW), ...op.i32Add, ...set(KB)],
      ...loadRow,
      ...blendRow(U),
      ...T.flatMap((t, n) => [
        ...[...get(COST), ...get(KA), ...op.i32Load8U(n), ...op.f64ConvertI32U],
        ...[...get(t), ...get(U[n]!), ...get(t), ...op.f64Sub, ...get(WY), ...op.f64Mul, ...op.f64Add],
        ...[...op.f64Sub, ...op.f64Abs, ...op.f64Add, ...set(COST)],
      ]),
      ...[...get(COST), ...bound, ...op.f64Ge, ...op.brIf(done)],
      ...U.flatMap((u, n) => [...get(u), ...set(T[n]!)]),
      ...[...get(KA), ...get(W), ...op.i32Add, ...set(KA)],
    );
  }
  return rows;
}

/** rowCost's clamped taps, one at a time, leaving when COST reaches `bound` after a row (`done` levels out). */
function clampedRows(bound: number[], fx: number, fy: number, done: number): number[] {
  const tap = [
    ...[...get(X), ...get(OX), ...op.i32Add, ...clampIndex(PX, [...get(W), ...op.i32(1), ...op.i32Sub])],
    ...[...get(PX), ...op.f64ConvertI32S, ...get(fx), ...op.f64Add, ...clampPosition(QX0, MAX_QX)],
    ...[...get(QX0), ...op.i32TruncSatF64S, ...set(X0)],
    ...[...get(QX0), ...get(X0), ...op.f64ConvertI32S, ...op.f64Sub, ...set(WX)],
    ...[...get(B), ...get(Y0), ...get(TW), ...op.i32Mul, ...op.i32Add, ...get(X0), ...op.i32Add, ...set(KB)],
    ...[...get(KB), ...op.i32Load8U(0), ...op.f64ConvertI32U, ...set(P[0]!)],
    ...[...get(KB), ...op.i32Load8U(1), ...op.f64ConvertI32U, ...set(P[1]!)],
    ...[
      ...get(P[0]!),
      ...get(P[1]!),
      ...get(P[0]!),
      ...op.f64Sub,
      ...get(WX),
      ...op.f64Mul,
      ...op.f64Add,
      ...set(TOP),
    ],
    ...[...get(KB), ...get(TW), ...op.i32Add, ...set(KB)],
    ...[...get(KB), ...op.i32Load8U(0), ...op.f64ConvertI32U, ...set(P[0]!)],
    ...[...get(KB), ...op.i32Load8U(1), ...op.f64ConvertI32U, ...set(P[1]!)],
    ...[...get(P[0]!), ...get(P[1]!), ...get(P[0]!), ...op.f64Sub, ...get(WX), ...op.f64Mul, ...op.f64Add],
    ...set(BOTTOM),
    ...[...get(COST), ...get(A), ...get(PY), ...get(W), ...op.i32Mul, ...op.i32Add, ...get(PX), ...op.i32Add],
    ...[...op.i32Load8U(0), ...op.f64ConvertI32U],
    ...[...get(TOP), ...get(BOTTOM), ...get(TOP), ...op.f64Sub, ...get(WY), ...op.f64Mul, ...op.f64Add],
    ...[...op.f64Sub, ...op.f64Abs, ...op.f64Add, ...set(COST)],
  ];
  return [
    ...[...op.i32(-1), ...set(OY)],
    ...op.loop,
    ...[...get(Y), ...get(OY), ...op.i32Add, ...clampIndex(PY, [...get(H), ...op.i32(1), ...op.i32Sub])],
    ...[...get(PY), ...op.f64ConvertI32S, ...get(fy), ...op.f64Add, ...clampPosition(QY0, MAX_QY)],
    ...[...get(QY0), ...op.i32TruncSatF64S, ...set(Y0)],
    ...[...get(QY0), ...get(Y0), ...op.f64ConvertI32S, ...op.f64Sub, ...set(WY)],
    ...[...op.i32(-2), ...set(OX)],
    ...op.loop,
    ...tap,
    ...[...get(OX), ...op.i32(1), ...op.i32Add, ...set(OX)],
    ...[...get(OX), ...op.i32(2), ...op.i32LeS, ...op.brIf(0)],
    ...op.end,
    ...[...get(COST), ...bound, ...op.f64Ge, ...op.brIf(done + 1)],
    ...[...get(OY), ...op.i32(1), ...op.i32Add, ...set(OY)],
    ...[...get(OY), ...op.i32(1), ...op.i32LeS, ...op.brIf(0)],
    ...op.end,
  ];
}

/** COST = rowCost at the pixel (X, Y) for the flow in locals (fx, fy), or its partial sum once it reaches `bound`. */
function costOps(fx: number, fy: number, bound: number[]): number[] {
  const fails = (test: number[]) => [...test, ...op.i32Eqz, ...op.brIf(0)];
  return [
    ...[...op.block, ...op.block],
    ...[...op.f64Const(0), ...set(COST)],
    // The whole patch inside both views: innerRowCost, else the clamped taps below.
    ...[
      ...get(X),
      ...op.i32(2),
      ...op.i32LtS,
      ...get(X),
      ...op.i32(2),
      ...op.i32Add,
      ...get(W),
      ...op.i32GeS,
    ],
    ...[...op.i32Or, ...get(Y), ...op.i32(1), ...op.i32LtS, ...op.i32Or],
    ...[...get(Y), ...op.i32(1), ...op.i32Add, ...get(H), ...op.i32GeS, ...op.i32Or, ...op.brIf(0)],
    ...[...get(X), ...op.i32(2), ...op.i32Sub, ...op.f64ConvertI32S, ...get(fx), ...op.f64Add, ...set(QX0)],
    ...[...get(Y), ...op.i32(1), ...op.i32Sub, ...op.f64ConvertI32S, ...get(fy), ...op.f64Add, ...set(QY0)],
    ...fails([...get(QX0), ...op.f64Const(0), ...op.f64Ge]),
    ...fails([...get(QX0), ...op.f64Const(4), ...op.f64Add, ...get(MAX_QX), ...op.f64Le]),
    ...fails([...get(QY0), ...op.f64Const(0), ...op.f64Ge]),
    ...fails([...get(QY0), ...op.f64Const(2), ...op.f64Add, ...get(MAX_QY), ...op.f64Le]),
    ...[...get(QX0), ...op.f64Floor, ...op.i32TruncSatF64S, ...set(X0)],
    ...[...get(QX0), ...get(X0), ...op.f64ConvertI32S, ...op.f64Sub, ...set(WX)],
    ...[...get(QY0), ...op.f64Floor, ...op.i32TruncSatF64S, ...set(Y0)],
    ...[...get(QY0), ...get(Y0), ...op.f64ConvertI32S, ...op.f64Sub, ...set(WY)],
    ...[...get(B), ...get(Y0), ...get(TW), ...op.i32Mul, ...op.i32Add, ...get(X0), ...op.i32Add, ...set(KB)],
    ...loadRow,
    ...blendRow(T),
    ...[...get(A), ...get(Y), ...op.i32(1), ...op.i32Sub, ...get(W), ...op.i32Mul, ...op.i32Add],
    ...[...get(X), ...op.i32Add, ...op.i32(2), ...op.i32Sub, ...set(KA)],
    // innerRowCost moves KB down a row first: it starts a row above its first.
    ...innerRows(bound, 1),
    ...op.br(1),
    ...op.end,
    ...clampedRows(bound, fx, fy, 0),
    ...op.end,
  ];
}

/** A flow's two float32s at index `index`'s place in FLOW, as 64-bit floats into (x, y). */
const flowAt = (index: number, x: number, y: number) => [
  ...[...get(FLOW), ...get(index), ...op.i32(3), ...op.i32Shl, ...op.i32Add, ...set(KB)],
  ...[...get(KB), ...op.f32Load(0), ...op.f64PromoteF32, ...set(x)],
  ...[...get(KB), ...op.f32Load(4), ...op.f64PromoteF32, ...set(y)],
];

/** snapPixel's neighbour k (0–5): left then right at 3, 8 and 16 px, as its loop takes them. */
const offsetOfK = [
  ...[
    ...op.i32(3),
    ...op.i32(8),
    ...op.i32(16),
    ...get(K),
    ...op.i32(1),
    ...op.i32ShrS,
    ...op.i32(2),
    ...op.i32LtS,
  ],
  ...[...op.select, ...get(K), ...op.i32(1), ...op.i32ShrS, ...op.i32Eqz, ...op.select],
  // Negated for the left neighbours (k even): (o xor m) − m with m = (k & 1) − 1.
  ...[...get(K), ...op.i32(1), ...op.i32And, ...op.i32(1), ...op.i32Sub, ...set(NX)],
  ...[...get(NX), ...op.i32Xor, ...get(NX), ...op.i32Sub],
];

/**
 * snap(flow, a, b, where, out, w, h, tw, th): for each pixel of the w × h grid with where[i] set, out's flow (two
 * float32s, as `flow`) becomes snapHorizontal's choice. `a` is the w × h view the flow leaves, `b` the tw × th view
 * it points into.
 */
const SNAP = [
  ...[...get(TW), ...op.f64ConvertI32S, ...op.f64Const(1.001), ...op.f64Sub, ...set(MAX_QX)],
  ...[...get(TH), ...op.f64ConvertI32S, ...op.f64Const(1.001), ...op.f64Sub, ...set(MAX_QY)],
  ...[...op.i32(0), ...set(Y)],
  ...op.loop,
  ...[...op.i32(0), ...set(X)],
  ...op.loop,
  ...op.block,
  ...[...get(Y), ...get(W), ...op.i32Mul, ...get(X), ...op.i32Add, ...set(I)],
  ...[...get(WHERE), ...get(I), ...op.i32Add, ...op.i32Load8U(0), ...op.i32Eqz, ...op.brIf(0)],
  ...flowAt(I, OWN_X, OWN_Y),
  ...[...get(I), ...set(BEST_J), ...op.i32(0), ...set(HAVE), ...op.i32(0), ...set(K)],
  ...op.loop,
  ...op.block,
  ...[...offsetOfK, ...get(X), ...op.i32Add, ...set(NX)],
  ...[...get(NX), ...get(W), ...op.i32GeU, ...op.brIf(0)],
  ...[...get(NX), ...get(X), ...op.i32Sub, ...get(I), ...op.i32Add, ...set(J)],
  ...flowAt(J, CX, CY),
  ...[...get(CX), ...get(OWN_X), ...op.f64Sub, ...op.f64Abs, ...op.f64Const(1), ...op.f64Lt],
  ...[...get(CY), ...get(OWN_Y), ...op.f64Sub, ...op.f64Abs, ...op.f64Const(1), ...op.f64Lt],
  ...[...op.i32And, ...op.brIf(0)],
  ...[...get(HAVE), ...op.i32Eqz, ...op.if],
  ...costOps(OWN_X, OWN_Y, op.f64Const(Number.POSITIVE_INFINITY)),
  ...[...op.f64Const(0.8), ...get(COST), ...op.f64Mul, ...set(BEST), ...op.i32(1), ...set(HAVE)],
  ...op.end,
  ...costOps(CX, CY, get(BEST)),
  ...[...get(COST), ...get(BEST), ...op.f64Lt, ...op.if],
  ...[...get(COST), ...set(BEST), ...get(J), ...set(BEST_J)],
  ...op.end,
  ...op.end,
  ...[...get(K), ...op.i32(1), ...op.i32Add, ...set(K)],
  ...[...get(K), ...op.i32(6), ...op.i32LtS, ...op.brIf(0)],
  ...op.end,
  ...[...get(OUT), ...get(I), ...op.i32(3), ...op.i32Shl, ...op.i32Add, ...set(KA)],
  ...[...get(FLOW), ...get(BEST_J), ...op.i32(3), ...op.i32Shl, ...op.i32Add, ...set(KB)],
  ...[...get(KA), ...get(KB), ...op.i32Load(0), ...op.i32Store],
  ...[...get(KA), ...op.i32(4), ...op.i32Add, ...get(KB), ...op.i32Load(4), ...op.i32Store],
  ...op.end,
  ...[...get(X), ...op.i32(1), ...op.i32Add, ...set(X)],
  ...[...get(X), ...get(W), ...op.i32LtS, ...op.brIf(0)],
  ...op.end,
  ...[...get(Y), ...op.i32(1), ...op.i32Add, ...set(Y)],
  ...[...get(Y), ...get(H), ...op.i32LtS, ...op.brIf(0)],
  ...op.end,
];

export const snapKernel = lazyKernel<{
  snap(
    flow: number,
    a: number,
    b: number,
    where: number,
    out: number,
    w: number,
    h: number,
    tw: number,
    th: number,
  ): void;
}>([
  {
    name: 'snap',
    params: PARAMS,
    locals: [...Array<typeof I32>(I32_LOCALS).fill(I32), ...Array<typeof F64>(F64_LOCALS).fill(F64)],
    body: SNAP,
  },
]);
