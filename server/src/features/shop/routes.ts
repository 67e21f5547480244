import { okSchema } from '@wiggle/common/schemas/account';
import {
  couponCheckSchema,
  couponCodeSchema,
  couponRedeemedSchema,
  creditsSchema,
  packageListSchema,
  paymentRequestSchema,
  paymentStartedSchema,
  purchaseListSchema,
  purchaseSchema,
  ShopIdParamsSchema,
} from '@wiggle/common/schemas/shop';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentMember, requireOwnSession, requireVerified } from '../../platform/auth/guards';
import type { FeaturePluginOptions } from '../../platform/http/plugin-options';
import { createCouponService } from './coupon-service';
import { createCreditService } from './credit-service';
import { createShopService } from './service';

const tags = ['shop'];
const callbackQuery = z.object({ key: z.string().min(1).max(100) });

export const shopRoutes: FastifyPluginAsyncZod<FeaturePluginOptions> = async (app, { platform }) => {
  const { config, db } = platform;
  const shop = createShopService(db, platform.payments.saferpay, config.PUBLIC_URL, platform.log);
  const coupons = createCouponService(db);
  const credits = createCreditService(db, config, platform.log);
  const member = (request: FastifyRequest) => currentMember(request).id;
  // Counted per member (after the guard), so guessing codes from many addresses does not multiply the budget.
  const memberLimit = (name: string, max: number) => ({
    rateLimit: {
      max,
      timeWindow: '1 minute',
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => `${name}:${request.member?.id ?? request.ip}`,
    },
  });
  const couponLimit = memberLimit('coupon', config.RATE_LIMIT_COUPON_PER_MINUTE);

  app.get(
    '/shop/packages',
    {
      schema: {
        tags,
        security: [],
        summary: 'Public, active packages by position',
        response: { 200: packageListSchema },
      },
    },
    async () => shop.listPackages(),
  );

  app.post(
    '/shop/payment',
    {
      schema: {
        tags,
        summary: "Starts a card payment; open redirectUrl (Saferpay's payment page) in a new tab",
        body: paymentRequestSchema,
        response: { 200: paymentStartedSchema },
      },
      preHandler: requireOwnSession,
      // Each start opens a payment at Saferpay; a member needs a few, a script would need many.
      config: memberLimit('payment', 30),
    },
    async (request) => shop.startPayment(member(request), request.body.packageId, request.body.quantity),
  );

  app.get(
    '/shop/purchases',
    {
      schema: {
        tags,
        summary: "The member's purchase history, newest first",
        response: { 200: purchaseListSchema },
      },
      preHandler: requireVerified,
    },
    async (request) => ({ purchases: await shop.listPurchases(member(request)) }),
  );

  app.get(
    '/shop/purchases/:id',
    {
      schema: {
        tags,
        summary: 'One purchase of the member (404 otherwise)',
        params: ShopIdParamsSchema,
        response: { 200: purchaseSchema },
      },
      preHandler: requireVerified,
    },
    async (request) => shop.getPurchase(member(request), request.params.id),
  );

  // Saferpay's notify call and the payer's return carry the purchase's secret key instead of a session; neither
  // carries a result: the server asks Saferpay (PaymentPage/Assert).
  app.get(
    '/shop/payment/notify/:id',
    {
      schema: {
        tags,
        security: [],
        summary: "Saferpay's notify call: settles the payment from PaymentPage/Assert",
        params: ShopIdParamsSchema,
        querystring: callbackQuery,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await shop.settlePayment(request.params.id, request.query.key);
      return { ok: true as const };
    },
  );

  app.get(
    '/shop/payment/return/:id',
    {
      schema: {
        tags,
        security: [],
        summary: "The payer's return from the payment page: settles, then redirects to My account",
        params: ShopIdParamsSchema,
        querystring: callbackQuery,
      },
    },
    async (request, reply) => {
      const purchase = await shop.settlePayment(request.params.id, request.query.key);
      return reply.redirect(`/account/profile?purchase=${purchase.id}`, 303);
    },
  );

  app.post(
    '/shop/coupon/check',
    {
      schema: {
        tags,
        summary: 'What a coupon code grants, if it is valid for the member',
        body: couponCodeSchema,
        response: { 200: couponCheckSchema },
      },
      preHandler: requireVerified,
      config: couponLimit,
    },
    async (request) => coupons.check(member(request), request.body.code),
  );

  app.post(
    '/shop/coupon/redeem',
    {
      schema: {
        tags,
        summary: 'Redeems a coupon code: grants its roll',
        body: couponCodeSchema,
        response: { 200: couponRedeemedSchema },
      },
      preHandler: requireOwnSession,
      config: couponLimit,
    },
    async (request) => ({ purchase: await coupons.redeem(member(request), request.body.code) }),
  );

  app.get(
    '/account/credits',
    {
      schema: {
        tags: ['account'],
        summary: 'Credit balance: every granted roll',
        response: { 200: creditsSchema },
      },
      preHandler: requireVerified,
    },
    async (request) => ({ rolls: await credits.listRolls(member(request)) }),
  );
};
