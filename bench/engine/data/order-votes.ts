import type { OrderEvidence } from '@wiggle/engine/align/swap-check';

/** The swapped share of an order check's weighted votes ("63 %"), or `none` when nothing voted. */
export function swappedShare(evidence: OrderEvidence, none = 'no votes'): string {
  const total = evidence.correct + evidence.swapped;
  return total > 0 ? `${((100 * evidence.swapped) / total).toFixed(0)} %` : none;
}
