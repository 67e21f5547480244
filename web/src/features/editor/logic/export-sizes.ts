import { EXPORT_SIZES } from '@wiggle/common/constants';
import { rollThatPays } from '@wiggle/common/roll-choice';
import type { Roll } from '@wiggle/common/schemas/shop';

/** One export size as the export tab offers it. */
export interface ExportSizeOption {
  size: number;
  /** The originals are large enough for it (the server refuses a size above their long side). */
  fitsOriginals: boolean;
  /** The roll the server's spend would take for it now (common's roll choice), or undefined: none can pay. */
  payingRoll: Roll | undefined;
}

/** SPEC §3 export sizes, largest first, each limited by the originals and paired with the roll that pays for it. */
export function exportSizeOptions(
  originalLongSide: number,
  rolls: readonly Roll[],
  now: Date = new Date(),
): ExportSizeOption[] {
  const candidates = rolls.map((roll) => ({ ...roll, id: roll.purchaseId, initAt: roll.initDate }));
  return EXPORT_SIZES.map((size) => ({
    size,
    fitsOriginals: size <= originalLongSide,
    payingRoll: rollThatPays(candidates, size, now),
  }));
}

/**
 * The size to preselect: the remembered one while the originals allow it, else the largest a roll can pay for,
 * else the largest the originals allow (the export then explains that no roll fits).
 */
export function preferredExportSize(
  options: readonly ExportSizeOption[],
  remembered: number | null,
): number | null {
  const fitting = options.filter((o) => o.fitsOriginals);
  if (remembered !== null && fitting.some((o) => o.size === remembered)) return remembered;
  return (fitting.find((o) => o.payingRoll) ?? fitting[0])?.size ?? null;
}

const ROLL_TYPE_NAMES: Record<Roll['type'], string> = {
  WelcomeGift: 'Welcome gift',
  Coupon: 'Coupon',
  SaferpayPayment: 'Purchase',
};

/** "Welcome gift roll #3 · up to 4096 px · 4 of 5 frames left" */
export function rollLabel(roll: Roll): string {
  return `${ROLL_TYPE_NAMES[roll.type]} roll #${roll.purchaseId} · up to ${roll.maxResolution} px · ${roll.creditsLeft} of ${roll.credits} frames left`;
}
