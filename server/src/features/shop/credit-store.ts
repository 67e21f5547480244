import { CURRENCY } from '@wiggle/common/constants';
import { type PayingRollCandidate, rollThatPays } from '@wiggle/common/roll-choice';
import { type Kysely, sql, type Transaction } from 'kysely';
import { isoNow } from '../../platform/db/columns';
import type { Database } from '../../platform/db/schema';
import type { PurchaseRow } from './store';

type Trx = Transaction<Database>;

/** What a spent frame paid for, kept on its ledger row (e.g. `export` 42). */
export interface SpendFor {
  entityType: string;
  entityId: number | null;
}

/** A roll given without payment: a coupon's or the welcome gift. */
export interface GrantedRoll {
  userId: number;
  type: 'WelcomeGift' | 'Coupon';
  packageId: number | null;
  packageName: string;
  credits: number;
  maxResolution: number;
  validityDays: number | null;
  couponId?: number;
  /** Defaults to now. */
  initAt?: string;
}

export interface SpentFrame {
  ledgerId: number;
  purchaseId: number;
}

const expiryOf = (validityDays: number | null, from: Date): string | null =>
  validityDays ? new Date(from.getTime() + validityDays * 86_400_000).toISOString() : null;

/** The member's rolls that still have frames, as common's roll choice reads them. */
async function rollsWithFrames(db: Kysely<Database>, userId: number): Promise<PayingRollCandidate[]> {
  const rows = await db
    .selectFrom('purchases')
    .select(['id', 'max_resolution', 'credits_left', 'credit_status', 'expires_at', 'init_at'])
    .where('user_id', '=', userId)
    .where('credit_status', '=', 'Available')
    .where('credits_left', '>', 0)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    maxResolution: row.max_resolution,
    creditsLeft: row.credits_left,
    creditStatus: row.credit_status,
    expiresAt: row.expires_at,
    initAt: row.init_at,
  }));
}

/**
 * The movements of credits. Each one changes a roll and writes its ledger row in one transaction; the spend is one
 * conditional UPDATE (`credits_left > 0` re-checked on the row it locks), so concurrent spends cannot overspend on
 * PostgreSQL (row lock, re-evaluated condition) or on SQLite (one writer at a time), and the CHECK constraint on
 * `credits_left >= 0` stands behind both.
 */
export function createCreditStore(db: Kysely<Database>) {
  async function ledger(
    trx: Trx,
    row: {
      userId: number;
      purchaseId: number;
      delta: number;
      reason: string;
      refundOf?: number;
    } & Partial<SpendFor>,
  ): Promise<number> {
    const inserted = await trx
      .insertInto('credit_ledger')
      .values({
        user_id: row.userId,
        purchase_id: row.purchaseId,
        delta: row.delta,
        reason: row.reason,
        entity_type: row.entityType ?? null,
        entity_id: row.entityId ?? null,
        refund_of: row.refundOf ?? null,
        created_at: isoNow(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  }

  /** One attempt: the best roll at this moment loses a frame, or nothing happens. */
  function spendOnce(userId: number, longSide: number, what: SpendFor): Promise<SpentFrame | null> {
    return db.transaction().execute(async (trx) => {
      // The choice is common's rule (the export tab shows the same roll); the UPDATE re-checks the roll it locks.
      const best = rollThatPays(await rollsWithFrames(trx, userId), longSide);
      if (!best) return null;
      const spent = await trx
        .updateTable('purchases')
        .set({
          credits_left: sql`credits_left - 1`,
          credit_status: sql`case when credits_left = 1 then 'Drained' else credit_status end`,
        })
        .where('id', '=', best.id)
        .where('user_id', '=', userId)
        .where('credits_left', '>', 0)
        .where('credit_status', '=', 'Available')
        .returning('id')
        .executeTakeFirst();
      if (!spent) return null;
      const ledgerId = await ledger(trx, {
        userId,
        purchaseId: spent.id,
        delta: -1,
        reason: 'spend',
        ...what,
      });
      return { ledgerId, purchaseId: spent.id };
    });
  }

  async function hasSpendableRoll(userId: number, longSide: number): Promise<boolean> {
    return rollThatPays(await rollsWithFrames(db, userId), longSide) !== undefined;
  }

  return {
    /**
     * Spends one frame; null when no roll can pay. A concurrent spend may empty the chosen roll between the choice and
     * the lock (PostgreSQL does not re-run the choice), so an attempt that found nothing is repeated while a roll
     * with frames is still there.
     */
    async spend(userId: number, longSide: number, what: SpendFor): Promise<SpentFrame | null> {
      for (;;) {
        const spent = await spendOnce(userId, longSide, what);
        if (spent) return spent;
        if (!(await hasSpendableRoll(userId, longSide))) return null;
      }
    },

    /**
     * Gives a spent frame back once (the unique `refund_of` makes a second refund a no-op); false if not refundable.
     * Inside `within`, the caller's transaction, when the refund must land with another change (an export's end).
     */
    refund(ledgerId: number, userId: number, within?: Transaction<Database>): Promise<boolean> {
      const inTransaction = <T>(work: (trx: Transaction<Database>) => Promise<T>) =>
        within ? work(within) : db.transaction().execute(work);
      return inTransaction(async (trx) => {
        const spend = await trx
          .selectFrom('credit_ledger')
          .selectAll()
          .where('id', '=', ledgerId)
          .where('user_id', '=', userId)
          .where('reason', '=', 'spend')
          .executeTakeFirst();
        if (!spend) return false;
        const refund = await trx
          .insertInto('credit_ledger')
          .values({
            user_id: userId,
            purchase_id: spend.purchase_id,
            delta: 1,
            reason: 'refund',
            entity_type: spend.entity_type,
            entity_id: spend.entity_id,
            refund_of: spend.id,
            created_at: isoNow(),
          })
          .onConflict((oc) => oc.column('refund_of').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!refund) return false;
        await trx
          .updateTable('purchases')
          .set({
            credits_left: sql`credits_left + 1`,
            credit_status: sql`case when credit_status = 'Drained' then 'Available' else credit_status end`,
          })
          .where('id', '=', spend.purchase_id)
          .execute();
        return true;
      });
    },

    /** Turns a pending purchase into an available roll, once: false when another call settled it first. */
    grantPending(purchase: PurchaseRow): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const now = new Date();
        const result = await trx
          .updateTable('purchases')
          .set({
            status: 'Success',
            credit_status: 'Available',
            credits_left: purchase.credits,
            completed_at: now.toISOString(),
            expires_at: expiryOf(purchase.validity_days, now),
          })
          .where('id', '=', purchase.id)
          .where('status', '=', 'Pending')
          .executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return false;
        await ledger(trx, {
          userId: purchase.user_id,
          purchaseId: purchase.id,
          delta: purchase.credits,
          reason: 'grant',
        });
        return true;
      });
    },

    /** Inserts a roll that is granted at once (coupon, welcome gift) with its ledger row, inside `trx`. */
    async insertGrantedRoll(trx: Trx, roll: GrantedRoll): Promise<number> {
      const initAt = roll.initAt ?? isoNow();
      const inserted = await trx
        .insertInto('purchases')
        .values({
          user_id: roll.userId,
          package_id: roll.packageId,
          package_name: roll.packageName,
          type: roll.type,
          status: 'Success',
          credit_status: 'Available',
          quantity: 1,
          credits: roll.credits,
          credits_left: roll.credits,
          max_resolution: roll.maxResolution,
          price: 0,
          currency: CURRENCY,
          validity_days: roll.validityDays,
          init_at: initAt,
          completed_at: initAt,
          expires_at: expiryOf(roll.validityDays, new Date(initAt)),
          coupon_id: roll.couponId ?? null,
          callback_key: null,
          saferpay_token: null,
          saferpay_transaction_id: null,
          failure_name: null,
          failure_behavior: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await ledger(trx, {
        userId: roll.userId,
        purchaseId: inserted.id,
        delta: roll.credits,
        reason: 'grant',
      });
      return inserted.id;
    },

    /** Marks the member's rolls past their validity Expired; the frames they still had leave through the ledger. */
    async expireDue(userId: number): Promise<void> {
      const due = await db
        .selectFrom('purchases')
        .select(['id', 'credits_left'])
        .where('user_id', '=', userId)
        .where('credit_status', '=', 'Available')
        .where('expires_at', '<=', isoNow())
        .execute();
      for (const roll of due) {
        await db.transaction().execute(async (trx) => {
          const result = await trx
            .updateTable('purchases')
            .set({ credit_status: 'Expired' })
            .where('id', '=', roll.id)
            .where('credit_status', '=', 'Available')
            .where('credits_left', '=', roll.credits_left)
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) === 1 && roll.credits_left > 0)
            await ledger(trx, { userId, purchaseId: roll.id, delta: -roll.credits_left, reason: 'expire' });
        });
      }
    },

    /** Members with an Available roll past its validity (the hourly expiry job's work list). */
    async membersWithDueRolls(): Promise<number[]> {
      const rows = await db
        .selectFrom('purchases')
        .select('user_id')
        .distinct()
        .where('credit_status', '=', 'Available')
        .where('expires_at', '<=', isoNow())
        .execute();
      return rows.map((row) => row.user_id);
    },

    /** Frames spent and not refunded. */
    async framesSpent(userId: number): Promise<number> {
      const row = await db
        .selectFrom('credit_ledger')
        .select(
          sql<
            string | number
          >`coalesce(sum(case when reason = 'spend' then 1 when reason = 'refund' then -1 else 0 end), 0)`.as(
            'spent',
          ),
        )
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.spent);
    },

    ledgerOf(userId: number) {
      return db.selectFrom('credit_ledger').selectAll().where('user_id', '=', userId).orderBy('id').execute();
    },
  };
}
export type CreditStore = ReturnType<typeof createCreditStore>;
