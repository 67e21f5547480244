import { randomBytes } from 'node:crypto';
import { CURRENCY } from '@wiggle/common/constants';
import { Messages } from '@wiggle/common/messages';
import type { PaymentStarted, Purchase, ShopPackage } from '@wiggle/common/schemas/shop';
import type { Kysely } from 'kysely';
import { isoNow } from '../../platform/db/columns';
import type { Database } from '../../platform/db/schema';
import { AppError, BadRequest, NotFound } from '../../platform/errors';
import { withTimedProcessLog } from '../../platform/jobs/process-log';
import type { Logger } from '../../platform/logger';
import type { SaferpayClient } from '../../platform/payments/saferpay-client';
import { type AssertResponse, SaferpayError } from '../../platform/payments/saferpay-protocol';
import { createCreditStore } from './credit-store';
import { toPackage, toPurchase } from './mappers';
import { createShopStore, type PurchaseRow } from './store';

/** Saferpay's answer ends the attempt for good (the payer must start a new payment). */
const isFinal = (error: SaferpayError) =>
  error.behavior === 'DO_NOT_RETRY' || error.behavior === 'OTHER_MEANS';

/**
 * Packages, purchases and card payments through Saferpay's Payment Page. The result of a payment comes only from
 * PaymentPage/Assert (never from the browser); the notify call and the payer's return both settle the purchase, in
 * any order and any number of times, and the roll is granted exactly once (a conditional update on `Pending`).
 */
export function createShopService(
  db: Kysely<Database>,
  saferpay: SaferpayClient,
  publicUrl: string,
  log: Logger,
) {
  const shop = createShopStore(db);
  const credits = createCreditStore(db);
  /** Each call to Saferpay writes a process log row (issue 13: payment assert and capture). */
  const logged = <T>(step: string, purchaseId: number, run: () => Promise<T>) =>
    withTimedProcessLog(
      db,
      log,
      {
        name: `shop.payment-${step}`,
        description: `Saferpay ${step} for purchase ${purchaseId}`,
        entity: { group: 'shop', type: 'purchase', id: purchaseId },
      },
      run,
    );

  async function reload(row: PurchaseRow): Promise<PurchaseRow> {
    return (await shop.findPurchaseOfOwner(row.user_id, row.id)) ?? row;
  }

  /** Ends the purchase as failed when Saferpay says so; leaves it pending when it says "retry" (a later call settles). */
  async function settleFailure(purchase: PurchaseRow, error: unknown): Promise<void> {
    if (!(error instanceof SaferpayError)) throw error;
    if (isFinal(error)) {
      await shop.failPendingPurchase(purchase.id, error.errorName, error.behavior);
      log.info({ purchaseId: purchase.id, error: error.errorName }, 'payment failed');
    } else {
      log.warn(
        { purchaseId: purchase.id, error: error.errorName, behavior: error.behavior },
        'payment still open',
      );
    }
  }

  /** Captures an authorized transaction; true once the money is captured (now or by an earlier call). */
  async function capture(
    purchase: PurchaseRow,
    transaction: AssertResponse['Transaction'],
  ): Promise<boolean> {
    if (transaction.Status === 'CAPTURED') return true;
    if (transaction.Status !== 'AUTHORIZED') return false;
    try {
      const captured = await logged('capture', purchase.id, () => saferpay.capture(transaction.Id));
      return captured.Status === 'CAPTURED';
    } catch (error) {
      if (error instanceof SaferpayError && error.errorName === 'TRANSACTION_ALREADY_CAPTURED') return true;
      await settleFailure(purchase, error);
      return false;
    }
  }

  return {
    async listPackages(): Promise<ShopPackage[]> {
      return (await shop.listPublicPackages()).map(toPackage);
    },

    /** Prices the purchase from the package (never from the client) and opens Saferpay's payment page for it. */
    async startPayment(userId: number, packageId: number, quantity: number): Promise<PaymentStarted> {
      const pkg = await shop.findPackage(packageId);
      if (pkg?.is_active !== 1 || pkg.is_public !== 1)
        throw new BadRequest(
          Messages.packageUnavailable,
          { packageId: Messages.packageUnavailable },
          'package_unavailable',
        );
      const callbackKey = randomBytes(24).toString('base64url');
      const price = pkg.current_price * quantity;
      const id = await shop.insertPurchase({
        user_id: userId,
        package_id: pkg.id,
        package_name: pkg.name,
        type: 'SaferpayPayment',
        status: 'Pending',
        credit_status: 'NotAvailable',
        quantity,
        credits: pkg.credits * quantity,
        credits_left: 0,
        max_resolution: pkg.max_resolution,
        price,
        currency: CURRENCY,
        validity_days: pkg.validity_days,
        init_at: isoNow(),
        completed_at: null,
        expires_at: null,
        coupon_id: null,
        callback_key: callbackKey,
        saferpay_token: null,
        saferpay_transaction_id: null,
        failure_name: null,
        failure_behavior: null,
      });
      const callback = (kind: 'return' | 'notify') =>
        `${publicUrl}/api/shop/payment/${kind}/${id}?key=${encodeURIComponent(callbackKey)}`;
      try {
        const page = await logged('initialize', id, () =>
          saferpay.initialize({
            amountMinor: price,
            currency: CURRENCY,
            orderId: `wiggle-${id}`,
            description: `${quantity} × ${pkg.name}: ${pkg.credits * quantity} frames up to ${pkg.max_resolution} px`,
            returnUrl: callback('return'),
            notifyUrl: callback('notify'),
          }),
        );
        await shop.setPaymentToken(id, page.Token);
        return { purchaseId: id, redirectUrl: page.RedirectUrl };
      } catch (error) {
        const name = error instanceof SaferpayError ? error.errorName : 'INTERNAL_ERROR';
        const behavior = error instanceof SaferpayError ? error.behavior : null;
        await shop.failPendingPurchase(id, name, behavior);
        log.error({ err: error, purchaseId: id }, 'Saferpay PaymentPage/Initialize failed');
        throw new AppError(502, 'payment_init_failed', Messages.paymentInitFailed);
      }
    },

    /** The notify call and the payer's return: asks Saferpay (Assert), captures, grants once. */
    async settlePayment(purchaseId: number, callbackKey: string): Promise<Purchase> {
      const purchase = await shop.findPurchaseByCallback(purchaseId, callbackKey);
      if (!purchase) throw new NotFound();
      if (purchase.status !== 'Pending' || !purchase.saferpay_token) return toPurchase(purchase);
      let assertion: AssertResponse;
      try {
        const token = purchase.saferpay_token;
        assertion = await logged('assert', purchase.id, () => saferpay.assert(token));
      } catch (error) {
        await settleFailure(purchase, error);
        return toPurchase(await reload(purchase));
      }
      const transaction = assertion.Transaction;
      if (
        transaction.Amount.Value !== String(purchase.price) ||
        transaction.Amount.CurrencyCode !== purchase.currency
      ) {
        // Never grant for an amount other than the one asked (a tampered or mixed-up transaction).
        await shop.failPendingPurchase(purchase.id, 'AMOUNT_INVALID', 'DO_NOT_RETRY');
        log.error({ purchaseId, amount: transaction.Amount }, 'Saferpay asserted another amount');
        return toPurchase(await reload(purchase));
      }
      await shop.setTransactionId(purchase.id, transaction.Id);
      if (transaction.Status === 'CANCELED') {
        await shop.failPendingPurchase(purchase.id, 'TRANSACTION_CANCELED', 'DO_NOT_RETRY');
      } else if (await capture(purchase, transaction)) {
        if (await credits.grantPending(purchase)) log.info({ purchaseId }, 'payment captured, roll granted');
      }
      return toPurchase(await reload(purchase));
    },

    async getPurchase(userId: number, id: number): Promise<Purchase> {
      const row = await shop.findPurchaseOfOwner(userId, id);
      if (!row) throw new NotFound();
      return toPurchase(row);
    },

    async listPurchases(userId: number): Promise<Purchase[]> {
      await credits.expireDue(userId);
      return (await shop.listPurchasesOfOwner(userId)).map(toPurchase);
    },
  };
}
export type ShopService = ReturnType<typeof createShopService>;
