import { type Kysely, sql } from 'kysely';
import type { Cursor } from '../../platform/db/keyset-cursor';
import type { Database } from '../../platform/db/schema';
import { type SortedPageRequest, sortedPage } from '../../platform/db/sorted-page';

/** Coupons for the admin: pages of coupons and codes, who redeemed which code, disabling. */
export function createCouponAdminStore(db: Kysely<Database>) {
  const coupons = () =>
    db
      .selectFrom('coupons')
      .innerJoin('packages', 'packages.id', 'coupons.package_id')
      .select((eb) => [
        'coupons.id as id',
        'coupons.name as name',
        'coupons.status as status',
        'coupons.created_at as created_at',
        'coupons.amount as amount',
        'coupons.amount_left as amount_left',
        'packages.id as package_id',
        'packages.name as package_name',
        'packages.credits as package_credits',
        'packages.max_resolution as package_max_resolution',
        eb
          .selectFrom('coupon_codes')
          .select((c) => c.fn.countAll<number>().as('n'))
          .whereRef('coupon_codes.coupon_id', '=', 'coupons.id')
          .as('codes_total'),
        eb
          .selectFrom('coupon_redemptions')
          .select(sql<number>`count(distinct code_id)`.as('n'))
          .whereRef('coupon_redemptions.coupon_id', '=', 'coupons.id')
          .as('codes_used'),
      ]);
  return {
    list(status: string | undefined, sort: SortedPageRequest, after: Cursor | null, limit: number) {
      let query = coupons();
      if (status) query = query.where('coupons.status', '=', status);
      return sortedPage(query, { sort, after, limit }).execute();
    },

    find(id: number) {
      return coupons().where('coupons.id', '=', id).executeTakeFirst();
    },

    /** Codes of a coupon in id order, after `afterId`. */
    codes(couponId: number, afterId: number, limit: number) {
      return db
        .selectFrom('coupon_codes')
        .select((eb) => [
          'coupon_codes.id as id',
          'coupon_codes.code as code',
          eb
            .selectFrom('coupon_redemptions')
            .select((c) => c.fn.countAll<number>().as('n'))
            .whereRef('coupon_redemptions.code_id', '=', 'coupon_codes.id')
            .as('times_redeemed'),
        ])
        .where('coupon_id', '=', couponId)
        .where('id', '>', afterId)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** The redemptions of these codes, newest first, at most `perCode` of each (all of them when null). */
    redemptionsOf(codeIds: number[], perCode: number | null) {
      if (codeIds.length === 0) return Promise.resolve([]);
      return db
        .selectFrom((eb) =>
          eb
            .selectFrom('coupon_redemptions')
            .innerJoin('users', 'users.id', 'coupon_redemptions.user_id')
            .select([
              'coupon_redemptions.id as id',
              'coupon_redemptions.code_id as code_id',
              'coupon_redemptions.purchase_id as purchase_id',
              'coupon_redemptions.created_at as created_at',
              'users.id as user_id',
              'users.email as user_email',
              'users.name as user_name',
              sql<number>`row_number() over (partition by coupon_redemptions.code_id order by coupon_redemptions.id desc)`.as(
                'rank',
              ),
            ])
            .where('coupon_redemptions.code_id', 'in', codeIds)
            .as('r'),
        )
        .selectAll()
        .$if(perCode !== null, (q) => q.where('rank', '<=', perCode ?? 0))
        .orderBy('code_id')
        .orderBy('id', 'desc')
        .execute();
    },

    async disable(id: number): Promise<boolean> {
      const result = await db
        .updateTable('coupons')
        .set({ status: 'Disabled' })
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
export type CouponAdminStore = ReturnType<typeof createCouponAdminStore>;
export type AdminCouponRow = NonNullable<Awaited<ReturnType<CouponAdminStore['find']>>>;
