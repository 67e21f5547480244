import { census5x5, halfStepCensus } from '../cv/census';
import type { GrayImage } from '../cv/gray';
import type { RawImage } from '../image';
import type { AliasInput } from './ambiguous-repeats';
import { type BandClaims, HELPER } from './band-claims';
import {
  addTotals,
  aggregateSweep,
  type DisparityMaps,
  finishedBands,
  type SgmVolume,
  windowCostRows,
} from './census-sgm';
import { foldAliases } from './edge-aliases';
import { edgeCodes } from './fine-edges';
import { runSideChain, type SideChain } from './other-readings';
import { periodMap } from './periodic-structure';
import type { RowClaims } from './row-claims';
import { type Grid, planRows, synthesizeBands, type ViewPlan } from './view-synthesis';

/**
 * The steps of interpolatePair a helper thread runs on its share of the rows (see two-threads.ts). Every step writes
 * only its own part of arrays on SharedArrayBuffers, and running it again gives the same bytes, so a step the
 * helper could not finish can be run on the calling thread instead.
 */
export const steps = {
  census: (grey: Uint8Array, w: number, h: number, out: Uint32Array) => {
    census5x5(grey, w, h, out);
  },
  halfStepCensus: (grey: Uint8Array, w: number, h: number, out: Uint32Array) => {
    halfStepCensus(grey, w, h, out);
  },
  periodMap: (gray: GrayImage, out: Float32Array) => {
    out.set(periodMap(gray));
  },
  /** foldAliases of `from` into `map` (refilled from it first, so that a rerun starts over). */
  foldAliases: (map: Float32Array, from: Float32Array, period: Float32Array, w: number, h: number) => {
    map.set(from);
    foldAliases(map, period, w, h, from);
  },
  windowCosts: (v: SgmVolume, y0: number, y1: number) => windowCostRows(v, y0, y1),
  /** One aggregation sweep into its own total (cleared first, so that a rerun does not add twice). */
  sweep: (v: SgmVolume, dir: 1 | -1, into: Uint16Array) => {
    into.fill(0);
    aggregateSweep(v, dir, into);
  },
  /** One aggregation sweep into a total the other direction's sweep adds into too (each row once, see RowClaims). */
  sweepShared: (v: SgmVolume, dir: 1 | -1, into: Uint16Array, claims: RowClaims) =>
    aggregateSweep(v, dir, into, true, claims),
  addTotals: (into: Uint16Array, from: Uint16Array, start: number, end: number) =>
    addTotals(into, from, start, end),
  finishedBands: (v: SgmVolume, maps: DisparityMaps, claims: BandClaims) =>
    finishedBands(v, maps, claims, HELPER),
  /** One view's chain of other readings (see runSideChain: it refills its arrays first). */
  sideChain: (input: AliasInput, side: 'left' | 'right', chain: SideChain) =>
    runSideChain(input, side, chain),
  edgeCodes: (image: RawImage, cells: Uint8Array, disparity: Float32Array, grid: Grid, into: Uint8Array) => {
    edgeCodes(image, cells, disparity, grid, into);
  },
  planRows: (plans: readonly ViewPlan[], y0: number, y1: number) => {
    for (const plan of plans) planRows(plan, y0, y1);
  },
  synthesize: (
    plans: readonly ViewPlan[],
    outs: Uint8Array[],
    columns: readonly Int32Array[] | undefined,
    claims: BandClaims,
  ) => {
    synthesizeBands(plans, outs, columns, claims, HELPER);
  },
};

export type StepName = keyof typeof steps;
export type StepArgs<S extends StepName> = Parameters<(typeof steps)[S]>;

/** Runs a step on this thread. */
export function runStep<S extends StepName>(step: S, args: StepArgs<S>): void {
  (steps[step] as (...a: unknown[]) => void)(...args);
}
