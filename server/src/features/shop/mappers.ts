import { Messages } from '@wiggle/common/messages';
import type {
  CreditStatus,
  Purchase,
  PurchaseStatus,
  PurchaseType,
  Roll,
  ShopPackage,
} from '@wiggle/common/schemas/shop';
import type { PackageRow, PurchaseRow } from './store';

/** Cents to the API's major units. */
export const toMajor = (minor: number): number => Math.round(minor) / 100;

export function toPackage(row: PackageRow): ShopPackage {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    credits: row.credits,
    maxResolution: row.max_resolution,
    currentPrice: toMajor(row.current_price),
    fullPrice: toMajor(Math.max(row.full_price, row.current_price)),
    currency: 'USD',
  };
}

/** Saferpay ended the payer's attempt: the payer aborted it (cancelled) or it failed (declined or refused). */
export const CANCELLED_ERROR = 'TRANSACTION_ABORTED';

function failureOf(row: PurchaseRow): Purchase['failure'] {
  if (row.status !== 'Failed' || !row.failure_name) return null;
  const cancelled = row.failure_name === CANCELLED_ERROR;
  return {
    name: row.failure_name,
    behavior: row.failure_behavior,
    message: cancelled ? Messages.paymentCancelled : Messages.paymentFailed,
    cancelled,
  };
}

export function toPurchase(row: PurchaseRow): Purchase {
  return {
    id: row.id,
    type: row.type as PurchaseType,
    status: row.status as PurchaseStatus,
    creditStatus: row.credit_status as CreditStatus,
    packageName: row.package_name,
    credits: row.credits,
    creditsLeft: row.credits_left,
    maxResolution: row.max_resolution,
    price: toMajor(row.price),
    currency: row.currency,
    initDate: row.init_at,
    completeDate: row.completed_at,
    expiresAt: row.expires_at,
    failure: failureOf(row),
  };
}

export function toRoll(row: PurchaseRow): Roll {
  return {
    purchaseId: row.id,
    type: row.type as PurchaseType,
    maxResolution: row.max_resolution,
    credits: row.credits,
    creditsLeft: row.credits_left,
    creditStatus: row.credit_status as CreditStatus,
    expiresAt: row.expires_at,
    initDate: row.init_at,
  };
}
