import { type AliasInput, type AliasMaps, aliasSide, matchingOf } from './ambiguous-repeats';
import { allocate } from './census-sgm';
import { settleFlatParts } from './flat-parts';
import { commitSide } from './structure-reading';

/**
 * One view's chain of other readings of its repeated structures, each step on copies of the last one's maps: the
 * alias map (aliasSide), the map and the alias map with the flat parts read as wholes (settleFlatParts), and both
 * with one reading per structure read on both sides of it (commitSide); `counts` gets each step's count of pixels
 * set. Every step reads only this view's maps, so the two views' chains can run side by side on two threads; which
 * of the results count is decided for both views at once (see otherReadings).
 */
export interface SideChain {
  alias: Float32Array;
  settledPrimary: Float32Array;
  settledAlias: Float32Array;
  onePrimary: Float32Array;
  oneAlias: Float32Array;
  /** Pixels moved to an alias, set as flat parts' wholes, set to a structure's one reading. */
  counts: Int32Array;
}

/** The chain's arrays for maps of n pixels, on SharedArrayBuffers if `shared`. */
export function sideChain(n: number, shared: boolean): SideChain {
  return {
    alias: allocate(Float32Array, n, shared),
    settledPrimary: allocate(Float32Array, n, shared),
    settledAlias: allocate(Float32Array, n, shared),
    onePrimary: allocate(Float32Array, n, shared),
    oneAlias: allocate(Float32Array, n, shared),
    counts: allocate(Int32Array, 3, shared),
  };
}

/** Runs one view's chain into `chain` (every array refilled first: a rerun starts over). */
export function runSideChain(input: AliasInput, side: 'left' | 'right', chain: SideChain): void {
  const map = input.maps[side];
  const { alias, settledPrimary, settledAlias, onePrimary, oneAlias, counts } = chain;
  // One view's matching for every step: they look for flat parts among the same regions (see Matching).
  const m = matchingOf(input, side);
  alias.set(map);
  counts[0] = aliasSide(input, side, alias, m);
  settledPrimary.set(map);
  settledAlias.set(alias);
  counts[1] = settleFlatParts(input, side, settledPrimary, settledAlias, m);
  onePrimary.set(settledPrimary);
  oneAlias.set(settledAlias);
  counts[2] = commitSide(input, side, onePrimary, oneAlias, m);
}

/**
 * The pair's readings from both views' chains: `primary`, the maps to read instead of the matcher's (undefined: the
 * matcher's stand), and `second`, the other reading whose frames are mixed in (undefined: none). A step's maps
 * count only where that step set pixels in either view; a step that set none in a view left its copies equal to
 * that view's last maps, so taking them is taking those.
 */
export function otherReadings(
  left: SideChain,
  right: SideChain,
): { primary?: AliasMaps; second?: AliasMaps } {
  const total = (k: number) => left.counts[k]! + right.counts[k]!;
  if (total(0) === 0 && total(1) === 0) return {};
  if (total(2) > 0) {
    return {
      primary: { left: left.onePrimary, right: right.onePrimary },
      second: { left: left.oneAlias, right: right.oneAlias },
    };
  }
  if (total(1) > 0) {
    return {
      primary: { left: left.settledPrimary, right: right.settledPrimary },
      second: { left: left.settledAlias, right: right.settledAlias },
    };
  }
  return { second: { left: left.alias, right: right.alias } };
}
