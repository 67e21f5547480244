import type { FastifyInstance } from 'fastify';
import { createCouponService, type NewCoupon } from '../../features/shop/coupon-service';
import { createCreditStore } from '../../features/shop/credit-store';
import type { SaferpaySandbox } from '../../platform/payments/saferpay-sandbox';
import { bearer } from '../harness';

/** Test support for the shop: payments through the sandbox's page, rolls and coupons made directly. */

export function sandboxOf(app: FastifyInstance): SaferpaySandbox {
  const sandbox = app.platform.payments.sandbox;
  if (!sandbox) throw new Error('the test app runs without the Saferpay sandbox');
  return sandbox;
}

export async function startPayment(app: FastifyInstance, token: string, packageId: number, quantity = 1) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/shop/payment',
    headers: bearer(token),
    payload: { packageId, quantity },
  });
  if (res.statusCode !== 200) throw new Error(`payment start failed: ${res.statusCode} ${res.body}`);
  return res.json<{ purchaseId: number; redirectUrl: string }>();
}

const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

/**
 * Acts on the sandbox's payment page as a payer would: loads it, submits the form's `action` button, and returns
 * the return URL the page redirects to (not followed, so a test decides when the payer comes back).
 */
export async function actOnPaymentPage(
  app: FastifyInstance,
  redirectUrl: string,
  action: 'pay' | 'decline' | 'cancel',
): Promise<string> {
  const page = await app.inject({ method: 'GET', url: pathOf(redirectUrl) });
  if (page.statusCode !== 200 || !page.body.includes(`name="action" value="${action}"`))
    throw new Error(`payment page without the ${action} button: ${page.statusCode}`);
  const submitted = await app.inject({
    method: 'POST',
    url: pathOf(redirectUrl),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `action=${action}`,
  });
  if (submitted.statusCode !== 303) throw new Error(`payment page answered ${submitted.statusCode}`);
  return String(submitted.headers.location);
}

/** The payer's browser arriving at the return URL. */
export function followReturn(app: FastifyInstance, returnUrl: string) {
  return app.inject({ method: 'GET', url: pathOf(returnUrl) });
}

/** The notify URL of a purchase (Saferpay calls it; a test may call it again). */
export function notifyUrlOf(returnUrl: string): string {
  return pathOf(returnUrl).replace('/payment/return/', '/payment/notify/');
}

export async function getPurchase(app: FastifyInstance, token: string, id: number) {
  const res = await app.inject({ method: 'GET', url: `/api/shop/purchases/${id}`, headers: bearer(token) });
  if (res.statusCode !== 200) throw new Error(`purchase ${id}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** A roll granted directly (as a coupon would), for credit tests. */
export async function giveRoll(
  app: FastifyInstance,
  userId: number,
  roll: { credits: number; maxResolution: number; validityDays?: number; initAt?: string },
): Promise<number> {
  const credits = createCreditStore(app.platform.db);
  return app.platform.db.transaction().execute((trx) =>
    credits.insertGrantedRoll(trx, {
      userId,
      type: 'Coupon',
      packageId: null,
      packageName: `Test roll ${roll.credits}@${roll.maxResolution}`,
      credits: roll.credits,
      maxResolution: roll.maxResolution,
      validityDays: roll.validityDays ?? null,
      ...(roll.initAt ? { initAt: roll.initAt } : {}),
    }),
  );
}

/** The public packages as the API lists them. */
export async function listPackages(app: FastifyInstance) {
  const res = await app.inject({ method: 'GET', url: '/api/shop/packages' });
  return res.json<{ id: number; credits: number; maxResolution: number; currentPrice: number }[]>();
}

export function createTestCoupon(app: FastifyInstance, coupon: NewCoupon) {
  return createCouponService(app.platform.db).createCoupon(coupon);
}
