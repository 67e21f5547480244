import type { MatrixContext, MatrixRow, MatrixSetup, Role } from './authorization-types';
import { createTestCoupon } from './shop/shop-test-kit';

/**
 * Admin shop rows of the authorization matrix (/api/admin/{packages,purchases,coupons}): 401 for visitors, 403 for
 * every member, verified or not; only the admin gets 200.
 */
const adminOnly: Record<Role, number> = {
  visitor: 401,
  unverified: 403,
  verified: 403,
  other: 403,
  admin: 200,
};

interface AdminShopFixtures {
  packageId: number;
  packageIds: number[];
  couponId: number;
  purchaseId: number;
}

const packageBody = {
  name: 'Matrix pack',
  description: '',
  credits: 5,
  maxResolution: 800,
  price: 1,
  discountPercent: 10,
  isPublic: false,
  isActive: false,
};

export const adminShopSetup: MatrixSetup = async ({ app, owner }) => {
  const packages = await app.platform.db.selectFrom('packages').select('id').orderBy('position').execute();
  const packageId = packages[0]?.id as number;
  const coupon = await createTestCoupon(app, { name: 'Matrix', amount: 10, numberOfCodes: 2, packageId });
  const redeemed = await app.inject({
    method: 'POST',
    url: '/api/shop/coupon/redeem',
    headers: { authorization: `Bearer ${owner.token}` },
    payload: { code: coupon.codes[0] },
  });
  if (redeemed.statusCode !== 200) throw new Error(`matrix setup: redeem failed ${redeemed.body}`);
  return {
    adminShop: {
      packageId,
      packageIds: packages.map((p) => p.id),
      couponId: coupon.id,
      purchaseId: redeemed.json<{ purchase: { id: number } }>().purchase.id,
    } satisfies AdminShopFixtures,
  };
};

const fixtures = (context: MatrixContext) => context.fixtures.adminShop as AdminShopFixtures;

export const adminShopRows: MatrixRow[] = [
  { route: 'GET /admin/packages', expect: adminOnly },
  {
    route: 'POST /admin/packages',
    request: () => ({ url: '/api/admin/packages', payload: packageBody }),
    expect: adminOnly,
  },
  {
    route: 'PUT /admin/packages/:id',
    request: (context) => ({
      url: `/api/admin/packages/${fixtures(context).packageId}`,
      payload: packageBody,
    }),
    expect: adminOnly,
  },
  {
    // Every package, in the order they are: a new one (from the POST row) joins the list when it exists.
    route: 'PUT /admin/packages/order',
    request: async (context) => {
      const rows = await context.app.platform.db
        .selectFrom('packages')
        .select('id')
        .orderBy('position')
        .orderBy('id')
        .execute();
      return { url: '/api/admin/packages/order', payload: { ids: rows.map((row) => row.id) } };
    },
    expect: adminOnly,
  },
  {
    route: 'GET /admin/purchases',
    request: (context) => ({ url: `/api/admin/purchases?type=Coupon&userId=${context.owner.id}` }),
    expect: adminOnly,
  },
  {
    route: 'GET /admin/purchases/:id',
    request: (context) => ({ url: `/api/admin/purchases/${fixtures(context).purchaseId}` }),
    expect: adminOnly,
  },
  {
    route: 'GET /admin/coupons',
    request: () => ({ url: '/api/admin/coupons?status=Active' }),
    expect: adminOnly,
  },
  {
    route: 'POST /admin/coupons',
    request: (context) => ({
      url: '/api/admin/coupons',
      payload: { name: 'Matrix made', amount: 1, codes: 1, packageId: fixtures(context).packageId },
    }),
    expect: adminOnly,
  },
  {
    route: 'GET /admin/coupons/:id',
    request: (context) => ({ url: `/api/admin/coupons/${fixtures(context).couponId}` }),
    expect: adminOnly,
  },
  {
    route: 'GET /admin/coupons/:id/codes',
    request: (context) => ({ url: `/api/admin/coupons/${fixtures(context).couponId}/codes` }),
    expect: adminOnly,
  },
  {
    route: 'GET /admin/coupons/:id/codes.csv',
    request: (context) => ({ url: `/api/admin/coupons/${fixtures(context).couponId}/codes.csv` }),
    expect: adminOnly,
  },
  {
    route: 'POST /admin/coupons/:id/disable',
    request: (context) => ({ url: `/api/admin/coupons/${fixtures(context).couponId}/disable` }),
    expect: adminOnly,
  },
];
