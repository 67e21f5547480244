import type { Kysely } from 'kysely';
import type { Cursor } from '../../platform/db/keyset-cursor';
import type { Database } from '../../platform/db/schema';
import { type SortedPageRequest, sortedPage } from '../../platform/db/sorted-page';

export interface PurchaseFilter {
  type?: string | undefined;
  status?: string | undefined;
  creditStatus?: string | undefined;
  userId?: number | undefined;
}

const PURCHASE_COLUMNS = [
  'purchases.id as id',
  'purchases.user_id as user_id',
  'users.email as user_email',
  'users.name as user_name',
  'purchases.package_id as package_id',
  'purchases.package_name as package_name',
  'purchases.type as type',
  'purchases.status as status',
  'purchases.credit_status as credit_status',
  'purchases.quantity as quantity',
  'purchases.credits as credits',
  'purchases.credits_left as credits_left',
  'purchases.max_resolution as max_resolution',
  'purchases.price as price',
  'purchases.currency as currency',
  'purchases.validity_days as validity_days',
  'purchases.init_at as init_at',
  'purchases.completed_at as completed_at',
  'purchases.expires_at as expires_at',
  'purchases.coupon_id as coupon_id',
  'purchases.saferpay_transaction_id as saferpay_transaction_id',
  'purchases.failure_name as failure_name',
  'purchases.failure_behavior as failure_behavior',
] as const;

/** Purchases of every member for the admin in sorted keyset pages (each filter and sort has an (x, id) index). */
export function createPurchaseAdminStore(db: Kysely<Database>) {
  const base = () =>
    db.selectFrom('purchases').innerJoin('users', 'users.id', 'purchases.user_id').select(PURCHASE_COLUMNS);
  return {
    list(filter: PurchaseFilter, sort: SortedPageRequest, after: Cursor | null, limit: number) {
      let query = base();
      if (filter.type) query = query.where('purchases.type', '=', filter.type);
      if (filter.status) query = query.where('purchases.status', '=', filter.status);
      if (filter.creditStatus) query = query.where('purchases.credit_status', '=', filter.creditStatus);
      if (filter.userId) query = query.where('purchases.user_id', '=', filter.userId);
      return sortedPage(query, { sort, after, limit }).execute();
    },

    find(id: number) {
      return base().where('purchases.id', '=', id).executeTakeFirst();
    },

    couponName(id: number) {
      return db.selectFrom('coupons').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
    },

    ledgerOf(purchaseId: number) {
      return db
        .selectFrom('credit_ledger')
        .select(['id', 'delta', 'reason', 'entity_type', 'entity_id', 'created_at'])
        .where('purchase_id', '=', purchaseId)
        .orderBy('id')
        .limit(1000)
        .execute();
    },
  };
}
export type AdminPurchaseRow = NonNullable<
  Awaited<ReturnType<ReturnType<typeof createPurchaseAdminStore>['find']>>
>;
