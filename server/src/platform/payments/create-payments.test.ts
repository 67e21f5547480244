import { describe, expect, it } from 'vitest';
import { createPayments } from './create-payments';

const all = {
  PUBLIC_URL: 'http://wiggle.test',
  SAFERPAY_API_URL: 'https://test.saferpay.com/api',
  SAFERPAY_CUSTOMER_ID: '123456',
  SAFERPAY_TERMINAL_ID: '12345678',
  SAFERPAY_API_USER: 'API_123456_1',
  SAFERPAY_API_PASSWORD: 'secret',
};

describe('createPayments', () => {
  it('uses the in-process sandbox when no SAFERPAY_* setting is given', async () => {
    const payments = createPayments({ PUBLIC_URL: 'http://wiggle.test' } as typeof all);
    expect(payments.sandbox).toBeDefined();
    const page = await payments.saferpay.initialize({
      amountMinor: 490,
      currency: 'USD',
      orderId: 'o-1',
      description: 'Starter',
      returnUrl: 'http://wiggle.test/back',
      notifyUrl: 'http://wiggle.test/notify',
    });
    expect(page.RedirectUrl.startsWith('http://wiggle.test/saferpay-sandbox/vt2/api/PaymentPage/')).toBe(
      true,
    );
    await payments.sandbox?.close();
  });

  it('talks to the real service when all five are given', () => {
    expect(createPayments(all).sandbox).toBeUndefined();
  });

  it('refuses to start with only some of them, naming the missing ones', () => {
    const { SAFERPAY_API_PASSWORD: _password, SAFERPAY_TERMINAL_ID: _terminal, ...some } = all;
    expect(() => createPayments(some as typeof all)).toThrow(
      /set all SAFERPAY_\* settings or none \(missing SAFERPAY_TERMINAL_ID, SAFERPAY_API_PASSWORD\)/,
    );
  });
});
