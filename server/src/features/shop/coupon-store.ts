import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema';

type Trx = Transaction<Database>;

/** Coupons, their codes and redemptions. Codes are stored upper-case; lookups normalise the same way. */
export function createCouponStore(db: Kysely<Database>) {
  return {
    async insertCoupon(
      coupon: { name: string; amount: number; packageId: number; createdAt: string },
      codes: string[],
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('coupons')
          .values({
            name: coupon.name,
            status: 'Active',
            amount: coupon.amount,
            amount_left: coupon.amount,
            package_id: coupon.packageId,
            created_at: coupon.createdAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('coupon_codes')
          .values(codes.map((code) => ({ coupon_id: row.id, code })))
          .execute();
        return row.id;
      });
    },

    /** The coupon behind a code, with the package it grants. */
    findByCode(code: string) {
      return db
        .selectFrom('coupon_codes')
        .innerJoin('coupons', 'coupons.id', 'coupon_codes.coupon_id')
        .innerJoin('packages', 'packages.id', 'coupons.package_id')
        .select([
          'coupon_codes.id as codeId',
          'coupons.id as couponId',
          'coupons.name as couponName',
          'coupons.status as status',
          'coupons.amount_left as amountLeft',
          'packages.id as packageId',
          'packages.name as packageName',
          'packages.credits as credits',
          'packages.max_resolution as maxResolution',
          'packages.validity_days as validityDays',
        ])
        .where('coupon_codes.code', '=', code)
        .executeTakeFirst();
    },

    async hasRedeemed(couponId: number, userId: number): Promise<boolean> {
      const row = await db
        .selectFrom('coupon_redemptions')
        .select('id')
        .where('coupon_id', '=', couponId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Takes one redemption off an active coupon (Empty at zero); false when none is left or it is not active. */
    async takeRedemption(trx: Trx, couponId: number): Promise<boolean> {
      const result = await trx
        .updateTable('coupons')
        .set((eb) => ({
          amount_left: eb('amount_left', '-', 1),
          status: eb.case().when('amount_left', '=', 1).then('Empty').else(eb.ref('status')).end(),
        }))
        .where('id', '=', couponId)
        .where('status', '=', 'Active')
        .where('amount_left', '>', 0)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** Unique per coupon and member: a second redemption by the same member fails here and rolls back. */
    async insertRedemption(
      trx: Trx,
      row: { couponId: number; userId: number; codeId: number; purchaseId: number; createdAt: string },
    ): Promise<void> {
      await trx
        .insertInto('coupon_redemptions')
        .values({
          coupon_id: row.couponId,
          user_id: row.userId,
          code_id: row.codeId,
          purchase_id: row.purchaseId,
          created_at: row.createdAt,
        })
        .execute();
    },
  };
}
