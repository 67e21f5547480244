import { randomInt } from 'node:crypto';
import { Messages } from '@wiggle/common/messages';
import type { CouponCheck, Purchase } from '@wiggle/common/schemas/shop';
import type { Kysely } from 'kysely';
import { isoNow, isUniqueViolation } from '../../platform/db/columns';
import type { Database } from '../../platform/db/schema';
import { BadRequest, Conflict } from '../../platform/errors';
import { createCouponStore } from './coupon-store';
import { createCreditStore } from './credit-store';
import { toPurchase } from './mappers';
import { createShopStore } from './store';

/** No 0/O, 1/I/L: a code read aloud or typed from paper survives. 32 symbols × 16 = 80 random bits. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const COUPON_CODE_LENGTH = 16;

export function newCouponCode(): string {
  let code = '';
  for (let i = 0; i < COUPON_CODE_LENGTH; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

export interface NewCoupon {
  name: string;
  /** Redemptions in total (SPEC "amount"). */
  amount: number;
  numberOfCodes: number;
  /** The package granted (SPEC "content"). */
  packageId: number;
}

/**
 * A disabled coupon says so (its codes were real; telling that leaks nothing, codes being 80 random bits); an unknown
 * or used-up code answers the same "not valid".
 */
const invalid = () =>
  new BadRequest(Messages.couponInvalid, { code: Messages.couponInvalid }, 'coupon_invalid');

/**
 * Coupons: a member redeems a coupon once; a code that is unknown or used up answers the same "not valid",
 * so it never tells whether other members used it.
 */
export function createCouponService(db: Kysely<Database>) {
  const coupons = createCouponStore(db);
  const credits = createCreditStore(db);
  const shop = createShopStore(db);

  async function usable(userId: number, code: string) {
    const coupon = await coupons.findByCode(code);
    if (coupon?.status === 'Disabled')
      throw new BadRequest(Messages.couponDisabled, { code: Messages.couponDisabled }, 'coupon_disabled');
    if (coupon?.status !== 'Active' || coupon.amountLeft <= 0) throw invalid();
    if (await coupons.hasRedeemed(coupon.couponId, userId))
      throw new Conflict(
        Messages.couponAlreadyRedeemed,
        { code: Messages.couponAlreadyRedeemed },
        'coupon_redeemed',
      );
    return coupon;
  }

  return {
    /** Creates a coupon with its codes: POST /api/admin/coupons and `npm run coupon:create` both come here. */
    async createCoupon(input: NewCoupon): Promise<{ id: number; codes: string[] }> {
      const pkg = await shop.findPackage(input.packageId);
      if (!pkg) throw new BadRequest(Messages.packageUnavailable, { packageId: Messages.packageUnavailable });
      const codes = new Set<string>();
      while (codes.size < input.numberOfCodes) codes.add(newCouponCode());
      const id = await coupons.insertCoupon(
        { name: input.name, amount: input.amount, packageId: pkg.id, createdAt: isoNow() },
        [...codes],
      );
      return { id, codes: [...codes] };
    },

    async check(userId: number, code: string): Promise<CouponCheck> {
      const coupon = await usable(userId, code);
      return {
        valid: true,
        couponName: coupon.couponName,
        packageName: coupon.packageName,
        credits: coupon.credits,
        maxResolution: coupon.maxResolution,
      };
    },

    /** Takes a redemption, records it and grants the package's roll, all or nothing. */
    async redeem(userId: number, code: string): Promise<Purchase> {
      const coupon = await usable(userId, code);
      let purchaseId: number;
      try {
        purchaseId = await db.transaction().execute(async (trx) => {
          if (!(await coupons.takeRedemption(trx, coupon.couponId))) throw invalid();
          const now = isoNow();
          const id = await credits.insertGrantedRoll(trx, {
            userId,
            type: 'Coupon',
            packageId: coupon.packageId,
            packageName: coupon.packageName,
            credits: coupon.credits,
            maxResolution: coupon.maxResolution,
            validityDays: coupon.validityDays,
            couponId: coupon.couponId,
            initAt: now,
          });
          await coupons.insertRedemption(trx, {
            couponId: coupon.couponId,
            userId,
            codeId: coupon.codeId,
            purchaseId: id,
            createdAt: now,
          });
          return id;
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw new Conflict(
            Messages.couponAlreadyRedeemed,
            { code: Messages.couponAlreadyRedeemed },
            'coupon_redeemed',
          );
        throw error;
      }
      const row = await shop.findPurchaseOfOwner(userId, purchaseId);
      if (!row) throw invalid();
      return toPurchase(row);
    },
  };
}
