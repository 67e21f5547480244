import { WIGGLE_CREATE_MAX_WIGGLES } from '@wiggle/common/constants';
import type { Pairing, Stacking } from '@wiggle/common/enums';
import { TOO_MANY_WIGGLES_MESSAGE } from '@wiggle/common/schemas/library';
import { BadRequest } from '../../platform/errors';

/** One wiggle to create: indexes into the selection (equal for a side-by-side source) and its alignment flag. */
export interface PlannedWiggle {
  left: number;
  right: number;
  sideBySide: boolean;
  autoAlign: boolean;
}

/**
 * Index pairs of SPEC's pairing options over `count` selected originals, in selection order.
 * adjacent (0,1),(2,3)...; not-adjacent: first half with second half (0,h),(1,h+1)... with h = floor(count/2);
 * all: every unordered pair i<j. An odd one out is left unused. sideBySideOriginals pairs the split halves,
 * which the caller lays out as left0,right0,left1,right1..., so it pairs like adjacent.
 */
export function pairIndexes(pairing: Pairing, count: number): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  switch (pairing) {
    case 'adjacent':
    case 'sideBySideOriginals':
      for (let i = 0; i + 1 < count; i += 2) pairs.push([i, i + 1]);
      break;
    case 'not-adjacent': {
      const half = Math.floor(count / 2);
      for (let i = 0; i < half; i++) pairs.push([i, i + half]);
      break;
    }
    case 'all':
      for (let i = 0; i < count; i++) for (let j = i + 1; j < count; j++) pairs.push([i, j]);
      break;
    case 'asSideBySide':
      for (let i = 0; i < count; i++) pairs.push([i, i]);
      break;
  }
  return pairs;
}

/** Applies stacking: standard (no alignment), auto-align, or both (a standard and an aligned wiggle per pair). */
export function planWiggles(pairing: Pairing, stacking: Stacking, count: number): PlannedWiggle[] {
  const sideBySide = pairing === 'asSideBySide';
  const pairs = pairIndexes(pairing, count);
  if (pairs.length === 0) {
    throw new BadRequest('Select at least two originals to pair.', {
      originalIds: 'Select at least two originals.',
    });
  }
  const flags = stacking === 'both' ? [false, true] : [stacking === 'auto-align'];
  const planned = pairs.flatMap(([left, right]) =>
    flags.map((autoAlign) => ({ left, right, sideBySide, autoAlign })),
  );
  if (planned.length > WIGGLE_CREATE_MAX_WIGGLES) {
    throw new BadRequest(
      TOO_MANY_WIGGLES_MESSAGE,
      { originalIds: TOO_MANY_WIGGLES_MESSAGE },
      'too_many_wiggles',
    );
  }
  return planned;
}

const two = (n: number) => String(n).padStart(2, '0');

/** SPEC subfolder templates: 'yyyy. MM. dd. HH:mm:ss' (creation time, UTC) or '%first% - %last%'. */
export function subfolderName(template: string, now: Date, firstName: string, lastName: string): string {
  if (template === '%first% - %last%') return `${firstName} - ${lastName}`.slice(0, 255);
  return `${now.getUTCFullYear()}. ${two(now.getUTCMonth() + 1)}. ${two(now.getUTCDate())}. ${two(now.getUTCHours())}:${two(now.getUTCMinutes())}:${two(now.getUTCSeconds())}`;
}
