import type { GrayImage } from '../cv/gray';
import type { RawImage } from '../image';
import type { AliasInput, AliasMaps } from './ambiguous-repeats';
import { THIS_THREAD } from './band-claims';
import {
  addTotals,
  aggregateSweep,
  allocate,
  type CensusCodes,
  type DisparityMaps,
  finishedBands,
  finishedUnits,
  type SgmOptions,
  sgmMaps,
  sgmVolume,
  sharedCopy,
  sweepsOnKernel,
  windowCostRows,
} from './census-sgm';
import { foldAliases } from './edge-aliases';
import { edgeCodes } from './fine-edges';
import { onHelper } from './helper-thread';
import { otherReadings, runSideChain, sideChain } from './other-readings';
import type { SpareMemory } from './spare-memory';
import {
  emptyPlan,
  type Grid,
  planRows,
  synthesisUnits,
  synthesizeBands,
  type ViewDisparity,
  type ViewPlan,
} from './view-synthesis';

/** The pair's census codes, computed on the helper thread while the caller goes on (the feature match). */
export async function censusOnHelper(left: GrayImage, right: GrayImage): Promise<CensusCodes> {
  const { width: w, height: h } = left;
  const cl = allocate(Uint32Array, w * h, true);
  const cr = allocate(Uint32Array, w * h, true);
  const half = allocate(Uint32Array, w * h, true);
  const greyR = sharedCopy(right.data, true);
  await Promise.all([
    onHelper('census', sharedCopy(left.data, true), w, h, cl),
    onHelper('census', greyR, w, h, cr),
    onHelper('halfStepCensus', greyR, w, h, half),
  ]);
  return { cl, cr, half };
}

/** The view's periodMap, computed on the helper thread while the caller goes on (the same values). */
export async function periodMapOnHelper(gray: GrayImage): Promise<Float32Array> {
  const out = allocate(Float32Array, gray.width * gray.height, true);
  await onHelper('periodMap', gray, out);
  return out;
}

/**
 * censusSgm on two threads, with the same result: the helper thread takes the lower half of the rows of the window
 * costs, bands of the rows of the winners with the last steps as they come (finishedBands), and the reverse
 * aggregation sweep (into the same total as this thread's forward one, a row at a time each; on the JS fallback into
 * a total of its own, then the lower half of the two totals' sum); this thread the rest. The arrays live on
 * SharedArrayBuffers, so nothing is copied between the threads. The total and the costs go to `spare` when done.
 */
export async function censusSgmOnTwoThreads(
  left: GrayImage,
  right: GrayImage,
  o: SgmOptions,
  codes?: CensusCodes,
  spare?: SpareMemory,
): Promise<DisparityMaps> {
  const v = sgmVolume(left, right, o, true, codes);
  const mid = v.h >> 1;
  await side(onHelper('windowCosts', v, mid, v.h), () => windowCostRows(v, 0, mid));
  // On the kernel the two sweeps add into one total, a row at a time each (RowClaims): a second total of its own
  // for the helper's sweep was 34 MB of fresh pages at 640 × 427 px and 63 levels, and a pass to add the two.
  if (sweepsOnKernel(v)) {
    const claims = allocate(Int32Array, v.h, true);
    await side(onHelper('sweepShared', v, -1, v.total, claims), () =>
      aggregateSweep(v, 1, v.total, true, claims),
    );
  } else {
    const reverse = allocate(Uint16Array, v.total.length, true);
    await side(onHelper('sweep', v, -1, reverse), () => aggregateSweep(v, 1, v.total));
    const half = mid * v.w * v.levels;
    await side(onHelper('addTotals', v.total, reverse, half, v.total.length), () =>
      addTotals(v.total, reverse, 0, half),
    );
    giveToSpare(spare, reverse);
  }
  const maps = sgmMaps(v);
  const bands = allocate(Int32Array, finishedUnits(v), true);
  await side(onHelper('finishedBands', v, maps, bands), () => finishedBands(v, maps, bands, THIS_THREAD));
  giveToSpare(spare, v.total, v.cost);
  return maps;
}

/** Gives the arrays' SharedArrayBuffers, done with, to `spare` (see SpareMemory). */
function giveToSpare(spare: SpareMemory | undefined, ...arrays: { buffer: ArrayBufferLike }[]): void {
  for (const { buffer } of arrays) if (buffer instanceof SharedArrayBuffer) spare?.add(buffer);
}

/**
 * foldAliases of both maps (on SharedArrayBuffers, as censusSgmOnTwoThreads gives them), the right one's on the
 * helper thread with its period map (shared, as periodMapOnHelper gives it), with the same values.
 */
export async function foldedOnTwoThreads(
  maps: DisparityMaps,
  periodsLeft: Float32Array,
  periodsRight: Float32Array,
): Promise<void> {
  const { width: w, height: h } = maps;
  // The helper's step folds a copy of the map into it (see steps.foldAliases).
  const from = allocate(Float32Array, maps.right.length, true);
  from.set(maps.right);
  await side(onHelper('foldAliases', maps.right, from, periodsRight, w, h), () => {
    foldAliases(maps.left, periodsLeft, w, h);
  });
}

/** The input with its maps and colours on SharedArrayBuffers: only the grey views (small) are copied to the helper. */
function sharedAliasInput(input: AliasInput): AliasInput {
  return {
    ...input,
    maps: { left: sharedCopy(input.maps.left, true), right: sharedCopy(input.maps.right, true) },
    colour: { left: sharedCopy(input.colour.left, true), right: sharedCopy(input.colour.right, true) },
  };
}

/**
 * Both views' chains of other readings (see other-readings.ts) on two threads, with the same result as
 * otherReadings of both run here: the right one's starts on the helper now, the left one's runs here when the
 * returned function is called with `run` true (false: none is wanted after all, and the helper's is only waited
 * for). The maps must not change meanwhile. Only the grey views (small) are copied to the helper; the rest is read
 * where it is when shared.
 */
export function otherReadingsOnTwoThreads(
  input: AliasInput,
): (run: boolean) => Promise<{ primary?: AliasMaps; second?: AliasMaps }> {
  const shared = sharedAliasInput(input);
  const n = shared.maps.left.length;
  const right = sideChain(n, true);
  const there = onHelper('sideChain', shared, 'right', right);
  return async (run) => {
    if (!run) {
      await there;
      return {};
    }
    const left = sideChain(n, false);
    await side(there, () => runSideChain(shared, 'left', left));
    return otherReadings(left, right);
  };
}

/** What edgeCodes reads for one view. */
export interface EdgeInput {
  image: RawImage;
  cells: Uint8Array;
  disparity: Float32Array;
}

/**
 * edgeCodes of both views, the right one's on the helper thread (on SharedArrayBuffers, `spare` memory when given),
 * with the same bytes.
 */
export async function edgeCodesOnTwoThreads(
  left: EdgeInput,
  right: EdgeInput,
  grid: Grid,
  spare?: SpareMemory,
): Promise<[Uint8Array, Uint8Array]> {
  const { width, height } = right.image;
  const codes = () => spare?.bytes(width * height) ?? allocate(Uint8Array, width * height, true);
  const codesR = codes();
  const codesL = codes();
  await side(
    onHelper(
      'edgeCodes',
      sharedImage(right.image),
      sharedCopy(right.cells, true),
      sharedCopy(right.disparity, true),
      grid,
      codesR,
    ),
    () => edgeCodes(left.image, left.cells, left.disparity, grid, codesL),
  );
  return [codesL, codesR];
}

/** The view with its image and maps on SharedArrayBuffers (copied unless they are already). */
export function sharedView(view: ViewDisparity): ViewDisparity {
  return {
    image: sharedImage(view.image),
    disparity: sharedCopy(view.disparity, true),
    reliable: sharedCopy(view.reliable, true),
    ...(view.codes ? { codes: sharedCopy(view.codes, true) } : {}),
    ...(view.levels ? { levels: view.levels } : {}),
  };
}

/** The image with its pixels on a SharedArrayBuffer (copied, into `spare` memory when given, unless they are already). */
export function sharedImage(image: RawImage, spare?: SpareMemory): RawImage {
  if (!spare || image.data.buffer instanceof SharedArrayBuffer)
    return { ...image, data: sharedCopy(image.data, true) };
  const data = spare.bytes(image.data.length);
  data.set(image.data);
  return { ...image, data };
}

/**
 * viewPlan at each position t on two threads, with the same result: the grid rows split between this thread
 * (upper half) and the helper (lower half). The views must be shared (sharedView); the plans are.
 */
export async function viewPlansOnTwoThreads(
  l: ViewDisparity,
  r: ViewDisparity,
  grid: Grid,
  positions: readonly number[],
  tolerance: number,
): Promise<ViewPlan[]> {
  const plans = positions.map((t) => emptyPlan(l, r, grid, t, tolerance, true));
  const mid = grid.height >> 1;
  await side(onHelper('planRows', plans, mid, grid.height), () => {
    for (const plan of plans) planRows(plan, 0, mid);
  });
  return plans;
}

/**
 * viewFromPlan for each plan on two threads, with the same bytes: the full-size rows shared out in bands between
 * this thread and the helper as they go (see band-claims.ts). The plans' views and arrays must be shared (sharedView,
 * viewPlansOnTwoThreads).
 */
export async function synthesizeViewsOnTwoThreads(
  plans: readonly ViewPlan[],
  /** Per plan, only these columns of each row (see synthesizeRows). */
  columns?: readonly Int32Array[],
  /** Memory for whole frames (written whole). */
  spare?: SpareMemory,
): Promise<RawImage[]> {
  if (plans.length === 0) return [];
  const { width, height, channels } = plans[0]!.l.image;
  const size = width * height * channels;
  // Both threads write their rows into the frames, on SharedArrayBuffers: spare memory when there is some. Ordinary
  // frames, with this thread copying the helper's rows in, took 22 MB of fresh pages for three 1920 px frames and
  // `wiggle interpolate` ~2.4 % longer (farm-bench, 14 pairs). A frame then keeps its buffer alive, and posting it
  // to another thread shares it instead of moving it (see the pool's transferablesOf). Frames made on some columns
  // only are material mixed into others.
  const frames = plans.map(() => (!columns && spare?.bytes(size)) || allocate(Uint8Array, size, true));
  const claims = allocate(Int32Array, synthesisUnits(plans), true);
  await side(onHelper('synthesize', plans, frames, columns, claims), () => {
    synthesizeBands(plans, frames, columns, claims, THIS_THREAD);
  });
  return frames.map((data) => ({ data, width, height, channels }));
}

/** Does `here` on this thread while the helper's step runs, then waits for both (the helper's even if `here` fails). */
async function side(there: Promise<void>, here: () => void): Promise<void> {
  try {
    here();
  } finally {
    await there;
  }
}
