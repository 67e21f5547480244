import { WIGGLE_CREATE_MAX_ORIGINALS, WIGGLE_CREATE_MAX_WIGGLES } from '@wiggle/common/constants';
import type { Pairing, Stacking } from '@wiggle/common/enums';
import { TOO_MANY_WIGGLES_MESSAGE } from '@wiggle/common/schemas/library';

/** How many wiggles a selection of `count` originals gives, with the same rules as the server's plan. */
export function plannedWiggleCount(pairing: Pairing, stacking: Stacking, count: number): number {
  const views = pairing === 'sideBySideOriginals' ? count * 2 : count;
  let pairs: number;
  switch (pairing) {
    case 'adjacent':
    case 'sideBySideOriginals':
      pairs = Math.floor(views / 2);
      break;
    case 'not-adjacent':
      pairs = Math.floor(views / 2);
      break;
    case 'all':
      pairs = (views * (views - 1)) / 2;
      break;
    case 'asSideBySide':
      pairs = views;
      break;
  }
  return pairs * (stacking === 'both' ? 2 : 1);
}

/** Why the create button is disabled, in words the member can act on; null when creation may go ahead. */
export function createSelectionProblem(pairing: Pairing, stacking: Stacking, count: number): string | null {
  if (count === 0) return 'Select at least one original.';
  if (count > WIGGLE_CREATE_MAX_ORIGINALS)
    return `At most ${WIGGLE_CREATE_MAX_ORIGINALS} originals can be selected (${count} are).`;
  const wiggles = plannedWiggleCount(pairing, stacking, count);
  if (wiggles === 0) return 'Select at least two originals to pair.';
  if (wiggles > WIGGLE_CREATE_MAX_WIGGLES)
    return `${TOO_MANY_WIGGLES_MESSAGE} This choice would make ${wiggles}.`;
  return null;
}
