import type { Purchase } from '@wiggle/common/schemas/shop';

/** SPEC §4 "Payment dialog": the states it shows, plus choosing a package before the payment starts. */
export type PaymentDialogState =
  | 'choose'
  | 'initInProgress'
  | 'initFailed'
  | 'waiting'
  | 'paymentFailed'
  | 'cancelled'
  | 'success';

export type PaymentPhase = 'choose' | 'starting' | 'startFailed' | 'started';

/** The dialog's state from its own phase and, once started, the purchase as the server last reported it. */
export function paymentDialogState(phase: PaymentPhase, purchase: Purchase | undefined): PaymentDialogState {
  if (phase === 'choose') return 'choose';
  if (phase === 'starting') return 'initInProgress';
  if (phase === 'startFailed') return 'initFailed';
  if (!purchase || purchase.status === 'Pending') return 'waiting';
  if (purchase.status === 'Success') return 'success';
  return purchase.failure?.cancelled ? 'cancelled' : 'paymentFailed';
}

/** Total price of `quantity` packages in dollars, rounded to cents as the server computes it. */
export const totalPrice = (unitPrice: number, quantity: number) =>
  Math.round(unitPrice * 100 * quantity) / 100;
