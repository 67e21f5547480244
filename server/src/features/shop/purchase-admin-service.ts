import type { AdminPurchase, AdminPurchaseDetail } from '@wiggle/common/schemas/admin-shop';
import type { CreditStatus, PurchaseStatus, PurchaseType } from '@wiggle/common/schemas/shop';
import type { Kysely } from 'kysely';
import { decodeCursor, pageFromRows } from '../../platform/db/keyset-cursor';
import type { Database } from '../../platform/db/schema';
import { NotFound } from '../../platform/errors';
import { toMajor } from './mappers';
import { type AdminPurchaseRow, createPurchaseAdminStore, type PurchaseFilter } from './purchase-admin-store';

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
    async list(query: PurchaseFilter & { cursor?: string | undefined; limit: number }) {
      const after = decodeCursor(query.cursor);
      const rows = await store.list(query, after?.id ?? null, query.limit);
      const { rows: page, nextCursor } = pageFromRows(rows, query.limit, (row) => row.id);
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
