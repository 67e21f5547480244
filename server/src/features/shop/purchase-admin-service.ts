import type { SortOrder } from '@wiggle/common/schemas/admin';
import type {
  AdminPurchase,
  AdminPurchaseDetail,
  AdminPurchaseSort,
} from '@wiggle/common/schemas/admin-shop';
import type { CreditStatus, PurchaseStatus, PurchaseType } from '@wiggle/common/schemas/shop';
import type { Kysely } from 'kysely';
import { pageFromRows } from '../../platform/db/keyset-cursor';
import type { Database } from '../../platform/db/schema';
import { decodeSortCursor, type SortColumn, sortTag } from '../../platform/db/sorted-page';
import { NotFound } from '../../platform/errors';
import { toMajor } from './mappers';
import { type AdminPurchaseRow, createPurchaseAdminStore, type PurchaseFilter } from './purchase-admin-store';

/** Whitelisted sorts, each on a (column, id) index (migration 0045); id is the purchase's age. */
const PURCHASE_SORTS: Record<AdminPurchaseSort, SortColumn & { value: (row: AdminPurchaseRow) => number }> = {
  id: { column: 'purchases.id', kind: 'number', value: (row) => row.id },
  price: { column: 'purchases.price', kind: 'number', value: (row) => row.price },
  creditsLeft: { column: 'purchases.credits_left', kind: 'number', value: (row) => row.credits_left },
};

function toAdminPurchase(row: AdminPurchaseRow): AdminPurchase {
  return {
    id: row.id,
    user: { id: row.user_id, email: row.user_email, name: row.user_name },
    type: row.type as PurchaseType,
    status: row.status as PurchaseStatus,
    creditStatus: row.credit_status as CreditStatus,
    packageName: row.package_name,
    quantity: row.quantity,
    credits: row.credits,
    creditsLeft: row.credits_left,
    maxResolution: row.max_resolution,
    price: toMajor(row.price),
    currency: row.currency,
    initDate: row.init_at,
    completeDate: row.completed_at,
    expiresAt: row.expires_at,
  };
}

/** Every member's purchases for the admin: filtered pages and one purchase with its ledger. */
export function createPurchaseAdminService(db: Kysely<Database>) {
  const store = createPurchaseAdminStore(db);
  return {
    async list(
      query: PurchaseFilter & {
        sort: AdminPurchaseSort;
        order: SortOrder;
        cursor?: string | undefined;
        limit: number;
      },
    ) {
      const column = PURCHASE_SORTS[query.sort];
      const after = decodeSortCursor(query.cursor, column, query.order);
      const sort = { column, idColumn: 'purchases.id', order: query.order };
      const rows = await store.list(query, sort, after, query.limit);
      const { rows: page, nextCursor } = pageFromRows(
        rows,
        query.limit,
        column.value,
        sortTag(column, query.order),
      );
      return { items: page.map(toAdminPurchase), nextCursor };
    },

    async get(id: number): Promise<AdminPurchaseDetail> {
      const row = await store.find(id);
      if (!row) throw new NotFound();
      const coupon = row.coupon_id === null ? undefined : await store.couponName(row.coupon_id);
      const ledger = await store.ledgerOf(id);
      return {
        ...toAdminPurchase(row),
        packageId: row.package_id,
        validityDays: row.validity_days,
        coupon: coupon ? { id: coupon.id, name: coupon.name } : null,
        saferpayTransactionId: row.saferpay_transaction_id,
        failure: row.failure_name ? { name: row.failure_name, behavior: row.failure_behavior } : null,
        ledger: ledger.map((entry) => ({
          id: entry.id,
          delta: entry.delta,
          reason: entry.reason,
          entityType: entry.entity_type,
          entityId: entry.entity_id === null ? null : Number(entry.entity_id),
          created: entry.created_at,
        })),
      };
    },
  };
}
