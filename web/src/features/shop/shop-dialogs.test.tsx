import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Messages } from '@wiggle/common/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { theme } from '../../app/theme';
import { queryClient } from '../../lib/query-client';
import { BuyRollsDialog } from './components/buy-rolls-dialog';
import { CouponDialog } from './components/coupon-dialog';

type Handler = (body: unknown) => Response;
let routes: Record<string, Handler[]> = {};
const calls: string[] = [];

/** Answers each `METHOD url` with its handlers in turn (the last one repeats). */
function answer(key: string, ...handlers: Handler[]) {
  routes[key] = handlers;
}

beforeEach(() => {
  queryClient.clear();
  routes = {};
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const key = `${init.method} ${url}`;
      calls.push(key);
      const handlers = routes[key];
      if (!handlers) return Response.json({ error: { code: 'not_found', message: 'x' } }, { status: 404 });
      const handler = handlers.length > 1 ? (handlers.shift() as Handler) : (handlers[0] as Handler);
      return handler(init.body ? JSON.parse(String(init.body)) : undefined);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderDialog = (dialog: React.ReactNode) => {
  render(
    <ThemeProvider theme={theme}>
      <QueryClientProvider client={queryClient}>{dialog}</QueryClientProvider>
    </ThemeProvider>,
  );
  return userEvent.setup({ delay: null });
};
const error = (status: number, code: string, message: string, fields?: Record<string, string>) => () =>
  Response.json({ error: { code, message, ...(fields ? { fields } : {}) } }, { status });

describe('coupon dialog', () => {
  it('enter → check invalid → check valid → redeem error → retry → success', async () => {
    answer(
      'POST /api/shop/coupon/check',
      error(400, 'coupon_invalid', Messages.couponInvalid, { code: Messages.couponInvalid }),
      () =>
        Response.json({
          valid: true,
          couponName: 'Spring',
          packageName: 'Pro',
          credits: 50,
          maxResolution: 2560,
        }),
    );
    answer('POST /api/shop/coupon/redeem', error(500, 'internal', Messages.generic), () =>
      Response.json({ purchase: { credits: 50, maxResolution: 2560 } }),
    );
    const user = renderDialog(<CouponDialog onClose={() => {}} />);
    await user.type(screen.getByLabelText('Coupon code'), 'short');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(screen.getByText(Messages.couponCodeLength(10))).toBeTruthy();
    expect(calls).toEqual([]);

    await user.clear(screen.getByLabelText('Coupon code'));
    await user.type(screen.getByLabelText('Coupon code'), 'abcd-efgh-jkmn');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText(Messages.couponInvalid)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(await screen.findByText(/grants 50 frames up to 2560 px/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Redeem' }));
    expect(await screen.findByText(Messages.generic)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/Coupon redeemed: 50 frames/)).toBeTruthy();
    expect(calls.filter((c) => c.endsWith('redeem')).length).toBe(2);
  });
});

describe('buy rolls dialog', () => {
  const packages = [
    {
      id: 1,
      name: 'Starter',
      description: '',
      credits: 10,
      maxResolution: 1280,
      currentPrice: 4.9,
      fullPrice: 6.9,
      currency: 'USD',
    },
  ];

  it('shows the price with the struck full price and discount, refuses quantity 51, and says when the start fails', async () => {
    answer('GET /api/shop/packages', () => Response.json(packages));
    answer('POST /api/shop/payment', error(502, 'payment_init_failed', Messages.paymentInitFailed));
    const opened = { close: vi.fn() };
    vi.stubGlobal(
      'open',
      vi.fn(() => opened),
    );
    const user = renderDialog(<BuyRollsDialog onClose={() => {}} />);
    expect(await screen.findByText('US$ 4.90')).toBeTruthy();
    expect(screen.getByText('US$ 6.90')).toBeTruthy();
    expect(screen.getByText('−29%')).toBeTruthy();
    const quantity = screen.getByLabelText('Quantity');
    await user.clear(quantity);
    await user.type(quantity, '51');
    expect(screen.getByText(Messages.quantityRange(50))).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Pay' }) as HTMLButtonElement).disabled).toBe(true);
    await user.clear(quantity);
    await user.type(quantity, '3');
    expect(screen.getByTestId('total-price').textContent).toBe('Total US$ 14.70');
    await user.click(screen.getByRole('button', { name: 'Pay' }));
    expect(await screen.findByText(Messages.paymentInitFailed)).toBeTruthy();
    expect(opened.close).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Starter')).toBeTruthy();
  });
});
