import {
  everyone,
  type MatrixContext,
  type MatrixRow,
  type MatrixSetup,
  type Role,
  verified,
} from '../authorization-types';
import { listPackages, startPayment } from './shop-test-kit';

/** Shop rows of the authorization matrix: a purchase is its owner's alone; the payment callbacks need their key. */

interface ShopFixtures {
  packageId: number;
  purchaseId: number;
  callbackKey: string;
}

const onlyOwner: Record<Role, number> = { ...verified(), other: 404, admin: 404 };

const fx = (context: MatrixContext) => context.fixtures.shop as ShopFixtures;

export const shopSetup: MatrixSetup = async ({ app, owner }) => {
  const packageId = (await listPackages(app))[0]!.id;
  const { purchaseId } = await startPayment(app, owner.token, packageId);
  const row = await app.platform.db
    .selectFrom('purchases')
    .select('callback_key')
    .where('id', '=', purchaseId)
    .executeTakeFirstOrThrow();
  const shop: ShopFixtures = { packageId, purchaseId, callbackKey: row.callback_key ?? '' };
  return { shop };
};

export const shopRows: MatrixRow[] = [
  { route: 'GET /shop/packages', expect: everyone(200) },
  {
    route: 'POST /shop/payment',
    request: (c) => ({ url: '/api/shop/payment', payload: { packageId: fx(c).packageId, quantity: 1 } }),
    expect: verified(),
  },
  { route: 'GET /shop/purchases', expect: verified() },
  {
    route: 'GET /shop/purchases/:id',
    request: (c) => ({ url: `/api/shop/purchases/${fx(c).purchaseId}` }),
    expect: onlyOwner,
  },
  // The key in the URL is the credential (Saferpay and the payer's browser carry no session); a wrong key is 404.
  {
    route: 'GET /shop/payment/notify/:id',
    request: (c) => ({ url: `/api/shop/payment/notify/${fx(c).purchaseId}?key=${fx(c).callbackKey}` }),
    expect: everyone(200),
  },
  {
    route: 'GET /shop/payment/return/:id',
    request: (c) => ({ url: `/api/shop/payment/return/${fx(c).purchaseId}?key=${fx(c).callbackKey}` }),
    expect: everyone(303),
  },
  {
    route: 'POST /shop/coupon/check',
    request: () => ({ url: '/api/shop/coupon/check', payload: { code: 'NOSUCHCOUPON42' } }),
    expect: verified(400),
  },
  {
    route: 'POST /shop/coupon/redeem',
    request: () => ({ url: '/api/shop/coupon/redeem', payload: { code: 'NOSUCHCOUPON42' } }),
    expect: verified(400),
  },
  { route: 'GET /account/credits', expect: verified() },
  { route: 'GET /account/statistics', expect: verified() },
];
