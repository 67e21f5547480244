import { Readable } from 'node:stream';
import { adminIdParamsSchema } from '@wiggle/common/schemas/admin';
import {
  adminCouponCodesPageSchema,
  adminCouponSchema,
  adminCouponsPageSchema,
  adminCouponsQuerySchema,
  adminPackageListSchema,
  adminPackageSchema,
  adminPurchaseDetailSchema,
  adminPurchasesPageSchema,
  adminPurchasesQuerySchema,
  couponCodesQuerySchema,
  couponCreatedSchema,
  couponCreateSchema,
  packageInputSchema,
  packageOrderSchema,
} from '@wiggle/common/schemas/admin-shop';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentMember, requireAdmin } from '../../platform/auth/guards';
import type { FeaturePluginOptions } from '../../platform/http/plugin-options';
import { createCouponAdminService } from '../shop/coupon-admin-service';
import { createCouponService } from '../shop/coupon-service';
import { createPackageAdminService } from '../shop/package-admin-service';
import { createPurchaseAdminService } from '../shop/purchase-admin-service';
import { logAdminAction } from './action-log';

/** /api/admin/{packages,purchases,coupons}: the shop as the admin runs it (issue 13 "Shop"); admin tokens only. */
export const adminShopRoutes: FastifyPluginAsyncZod<FeaturePluginOptions> = async (app, { platform }) => {
  const { db } = platform;
  const packages = createPackageAdminService(db);
  const purchases = createPurchaseAdminService(db);
  const coupons = createCouponService(db);
  const couponAdmin = createCouponAdminService(db);
  const tags = ['admin'];
  app.addHook('preHandler', requireAdmin);
  const packageEntity = (id: number) => ({ group: 'shop', type: 'package', id });
  const couponEntity = (id: number) => ({ group: 'shop', type: 'coupon', id });

  app.get(
    '/admin/packages',
    {
      schema: {
        tags,
        summary: 'Every package (inactive and non-public too) by position',
        response: { 200: adminPackageListSchema },
      },
    },
    async () => ({ items: await packages.list() }),
  );

  app.post(
    '/admin/packages',
    {
      schema: {
        tags,
        summary: 'Creates a package (it goes last); the discount is at most 40 %',
        body: packageInputSchema,
        response: { 200: adminPackageSchema },
      },
    },
    async (request) => {
      const created = await packages.create(request.body);
      await logAdminAction(
        db,
        currentMember(request),
        'create-package',
        packageEntity(created.id),
        `created the package "${created.name}"`,
      );
      return created;
    },
  );

  app.put(
    '/admin/packages/order',
    {
      schema: {
        tags,
        summary: 'Sets the order of the packages: every package id, first to last',
        body: packageOrderSchema,
        response: { 200: adminPackageListSchema },
      },
    },
    async (request) => {
      const items = await packages.reorder(request.body.ids);
      await logAdminAction(
        db,
        currentMember(request),
        'reorder-packages',
        { group: 'shop', type: 'package', id: request.body.ids[0] ?? 0 },
        `reordered the packages: ${request.body.ids.join(', ')}`,
      );
      return { items };
    },
  );

  app.put(
    '/admin/packages/:id',
    {
      schema: {
        tags,
        summary: 'Edits a package (name, frames, resolution, price, discount up to 40 %, public, active)',
        params: adminIdParamsSchema,
        body: packageInputSchema,
        response: { 200: adminPackageSchema },
      },
    },
    async (request) => {
      const updated = await packages.update(request.params.id, request.body);
      await logAdminAction(
        db,
        currentMember(request),
        'edit-package',
        packageEntity(updated.id),
        `edited the package "${updated.name}" (${updated.isActive ? 'active' : 'inactive'}, ${updated.isPublic ? 'public' : 'not public'}, ${updated.currentPrice} of ${updated.fullPrice} ${updated.currency})`,
      );
      return updated;
    },
  );

  app.get(
    '/admin/purchases',
    {
      schema: {
        tags,
        summary: "Purchases, newest first; by type, status, credit status or one member's history",
        querystring: adminPurchasesQuerySchema,
        response: { 200: adminPurchasesPageSchema },
      },
    },
    async (request) => purchases.list(request.query),
  );

  app.get(
    '/admin/purchases/:id',
    {
      schema: {
        tags,
        summary: 'One purchase with its coupon, payment and every movement of its credits',
        params: adminIdParamsSchema,
        response: { 200: adminPurchaseDetailSchema },
      },
    },
    async (request) => purchases.get(request.params.id),
  );

  app.get(
    '/admin/coupons',
    {
      schema: {
        tags,
        summary: 'Coupons, newest first, with amounts and codes used of all',
        querystring: adminCouponsQuerySchema,
        response: { 200: adminCouponsPageSchema },
      },
    },
    async (request) => couponAdmin.list(request.query),
  );

  app.post(
    '/admin/coupons',
    {
      schema: {
        tags,
        summary:
          'Creates a coupon: `amount` redemptions in total (once per member), `codes` codes, granting `packageId`',
        body: couponCreateSchema,
        response: { 200: couponCreatedSchema },
      },
    },
    async (request) => {
      const { name, amount, codes, packageId } = request.body;
      const created = await coupons.createCoupon({ name, amount, numberOfCodes: codes, packageId });
      await logAdminAction(
        db,
        currentMember(request),
        'create-coupon',
        couponEntity(created.id),
        `created the coupon "${name}" (${amount} redemptions, ${codes} codes, package ${packageId})`,
      );
      return created;
    },
  );

  app.get(
    '/admin/coupons/:id',
    {
      schema: {
        tags,
        summary: 'One coupon',
        params: adminIdParamsSchema,
        response: { 200: adminCouponSchema },
      },
    },
    async (request) => couponAdmin.get(request.params.id),
  );

  app.get(
    '/admin/coupons/:id/codes',
    {
      schema: {
        tags,
        summary: 'The codes of a coupon with who redeemed each and when',
        params: adminIdParamsSchema,
        querystring: couponCodesQuerySchema,
        response: { 200: adminCouponCodesPageSchema },
      },
    },
    async (request) => couponAdmin.codes(request.params.id, request.query),
  );

  app.get(
    '/admin/coupons/:id/codes.csv',
    {
      schema: {
        tags,
        summary: 'Every code of a coupon as CSV, one line per redemption (spreadsheet-safe)',
        params: adminIdParamsSchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const lines = await couponAdmin.csv(request.params.id);
      await logAdminAction(
        db,
        currentMember(request),
        'export-coupon-codes',
        couponEntity(request.params.id),
        'exported the codes as CSV',
      );
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="coupon-${request.params.id}-codes.csv"`)
        .send(Readable.from(lines));
    },
  );

  app.post(
    '/admin/coupons/:id/disable',
    {
      schema: {
        tags,
        summary: 'Disables a coupon: its codes stop redeeming at once',
        params: adminIdParamsSchema,
        response: { 200: adminCouponSchema },
      },
    },
    async (request) => {
      const coupon = await couponAdmin.disable(request.params.id);
      await logAdminAction(
        db,
        currentMember(request),
        'disable-coupon',
        couponEntity(coupon.id),
        `disabled the coupon "${coupon.name}"`,
      );
      return coupon;
    },
  );
};
