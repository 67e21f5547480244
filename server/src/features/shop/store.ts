import type { Kysely, Selectable, Transaction } from 'kysely';
import { isoNow } from '../../platform/db/columns';
import type { Database } from '../../platform/db/schema';
import type { PackagesTable, PurchasesTable } from './tables';

export type PackageRow = Selectable<PackagesTable>;
export type PurchaseRow = Selectable<PurchasesTable>;
export type NewPurchase = Omit<PurchasesTable, 'id'>;
type Db = Kysely<Database> | Transaction<Database>;

/** Packages and purchases; every purchase query of a member has `user_id` in its where. */
export function createShopStore(db: Kysely<Database>) {
  return {
    listPublicPackages(): Promise<PackageRow[]> {
      return db
        .selectFrom('packages')
        .selectAll()
        .where('is_public', '=', 1)
        .where('is_active', '=', 1)
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    findPackage(id: number): Promise<PackageRow | undefined> {
      return db.selectFrom('packages').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async insertPurchase(purchase: NewPurchase, trx: Db = db): Promise<number> {
      const row = await trx
        .insertInto('purchases')
        .values(purchase)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    findPurchaseOfOwner(userId: number, id: number): Promise<PurchaseRow | undefined> {
      return db
        .selectFrom('purchases')
        .selectAll()
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    /** For the notify and return calls, which carry the purchase's callback key instead of a session. */
    findPurchaseByCallback(id: number, callbackKey: string): Promise<PurchaseRow | undefined> {
      return db
        .selectFrom('purchases')
        .selectAll()
        .where('id', '=', id)
        .where('callback_key', '=', callbackKey)
        .where('type', '=', 'SaferpayPayment')
        .executeTakeFirst();
    },

    listPurchasesOfOwner(userId: number): Promise<PurchaseRow[]> {
      return db
        .selectFrom('purchases')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('init_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** Rolls that were granted (paid, redeemed or gifted), spendable ones first in spending order. */
    listRollsOfOwner(userId: number): Promise<PurchaseRow[]> {
      return db
        .selectFrom('purchases')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', '=', 'Success')
        .orderBy('max_resolution')
        .orderBy('init_at')
        .orderBy('id')
        .execute();
    },

    async setPaymentToken(id: number, token: string): Promise<void> {
      await db.updateTable('purchases').set({ saferpay_token: token }).where('id', '=', id).execute();
    },

    /** Ends a pending payment as failed; false when it was settled already (by a concurrent call). */
    async failPendingPurchase(id: number, failureName: string, behavior: string | null): Promise<boolean> {
      const result = await db
        .updateTable('purchases')
        .set({
          status: 'Failed',
          failure_name: failureName,
          failure_behavior: behavior,
          completed_at: isoNow(),
        })
        .where('id', '=', id)
        .where('status', '=', 'Pending')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async setTransactionId(id: number, transactionId: string): Promise<void> {
      await db
        .updateTable('purchases')
        .set({ saferpay_transaction_id: transactionId })
        .where('id', '=', id)
        .execute();
    },
  };
}
export type ShopStore = ReturnType<typeof createShopStore>;
