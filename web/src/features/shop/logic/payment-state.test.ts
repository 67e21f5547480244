import { Messages } from '@wiggle/common/messages';
import type { Purchase } from '@wiggle/common/schemas/shop';
import { describe, expect, it } from 'vitest';
import { paymentDialogState, totalPrice } from './payment-state';

const purchase = (overrides: Partial<Purchase>): Purchase => ({
  id: 1,
  type: 'SaferpayPayment',
  status: 'Pending',
  creditStatus: 'NotAvailable',
  packageName: 'Pro',
  credits: 50,
  creditsLeft: 0,
  maxResolution: 2560,
  price: 24.9,
  currency: 'USD',
  initDate: '2026-01-01T00:00:00.000Z',
  completeDate: null,
  expiresAt: null,
  failure: null,
  ...overrides,
});

describe('paymentDialogState', () => {
  it('follows the phase before the payment exists', () => {
    expect(paymentDialogState('choose', undefined)).toBe('choose');
    expect(paymentDialogState('starting', undefined)).toBe('initInProgress');
    expect(paymentDialogState('startFailed', undefined)).toBe('initFailed');
  });
  it('follows the purchase once started', () => {
    expect(paymentDialogState('started', undefined)).toBe('waiting');
    expect(paymentDialogState('started', purchase({}))).toBe('waiting');
    expect(paymentDialogState('started', purchase({ status: 'Success' }))).toBe('success');
    const failure = {
      name: 'TRANSACTION_DECLINED',
      behavior: 'DO_NOT_RETRY',
      message: Messages.paymentFailed,
      cancelled: false,
    };
    expect(paymentDialogState('started', purchase({ status: 'Failed', failure }))).toBe('paymentFailed');
    expect(
      paymentDialogState('started', purchase({ status: 'Failed', failure: { ...failure, cancelled: true } })),
    ).toBe('cancelled');
  });
  it('totals in cents', () => {
    expect(totalPrice(4.9, 3)).toBe(14.7);
    expect(totalPrice(0.1, 50)).toBe(5);
  });
});
