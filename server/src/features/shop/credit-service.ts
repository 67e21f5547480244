import { Messages } from '@wiggle/common/messages';
import type { Roll } from '@wiggle/common/schemas/shop';
import type { Kysely, Transaction } from 'kysely';
import type { Config } from '../../config';
import { isUniqueViolation } from '../../platform/db/columns';
import type { Database } from '../../platform/db/schema';
import { PaymentRequired } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import { createCreditStore, type SpendFor, type SpentFrame } from './credit-store';
import { toRoll } from './mappers';
import { createShopStore } from './store';

type WelcomeGiftConfig = Pick<
  Config,
  'WELCOME_GIFT_CREDITS' | 'WELCOME_GIFT_MAX_RESOLUTION' | 'WELCOME_GIFT_VALIDITY_DAYS'
>;

export type { SpendFor, SpentFrame };

/**
 * Credits as other features use them: the export spends a frame before it renders and refunds it when the render
 * fails; account verification grants the welcome gift. Nothing here knows HTTP.
 */
export function createCreditService(db: Kysely<Database>, config: WelcomeGiftConfig, log?: Logger) {
  const credits = createCreditStore(db);
  const shop = createShopStore(db);

  return {
    /**
     * Spends one frame of an available roll whose resolution covers `longSide` (smallest sufficient first, then the
     * one expiring first, then the oldest). Throws 402 with SPEC's message when no roll can pay.
     */
    async spendFrame(userId: number, longSide: number, what: SpendFor): Promise<SpentFrame> {
      const spent = await credits.spend(userId, longSide, what);
      if (!spent) throw new PaymentRequired(Messages.noRollFound, 'no_roll');
      return spent;
    },

    /** Gives the frame of a spend back (the work it paid for failed); a second refund of the same spend does nothing. */
    refundFrame(userId: number, spend: SpentFrame, within?: Transaction<Database>): Promise<boolean> {
      return credits.refund(spend.ledgerId, userId, within);
    },

    async listRolls(userId: number): Promise<Roll[]> {
      await credits.expireDue(userId);
      return (await shop.listRollsOfOwner(userId)).map(toRoll);
    },

    framesSpent: (userId: number) => credits.framesSpent(userId),

    /**
     * Marks every roll past its validity Expired (the hourly job), so balances, the admin's purchase list and the
     * ledger agree without waiting for the member to open the shop; a member's own listing does the same first.
     */
    async expireDueRolls(): Promise<number> {
      const members = await credits.membersWithDueRolls();
      for (const userId of members) await credits.expireDue(userId);
      return members.length;
    },

    /** The welcome gift, granted once per member (a unique index backs the check); off when its credits are 0. */
    async grantWelcomeGift(userId: number): Promise<void> {
      if (config.WELCOME_GIFT_CREDITS <= 0) return;
      try {
        await db.transaction().execute((trx) =>
          credits.insertGrantedRoll(trx, {
            userId,
            type: 'WelcomeGift',
            packageId: null,
            packageName: 'Welcome gift',
            credits: config.WELCOME_GIFT_CREDITS,
            maxResolution: config.WELCOME_GIFT_MAX_RESOLUTION,
            validityDays: config.WELCOME_GIFT_VALIDITY_DAYS || null,
          }),
        );
        log?.info({ userId }, 'welcome gift granted');
      } catch (error) {
        if (!isUniqueViolation(error)) throw error;
      }
    },
  };
}
export type CreditService = ReturnType<typeof createCreditService>;
