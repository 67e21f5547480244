import type { Generated } from 'kysely';

/**
 * SPEC §3 "Package": a roll of `credits` frames at `max_resolution` (a long side among the export sizes). Prices are
 * minor units (cents) so sums never round; `validity_days` null means the roll never expires.
 */
export interface PackagesTable {
  id: Generated<number>;
  position: number;
  name: string;
  description: string;
  credits: number;
  max_resolution: number;
  current_price: number;
  full_price: number;
  currency: string;
  is_public: number;
  is_active: number;
  validity_days: number | null;
  created_at: string;
}

/**
 * SPEC §3 "Purchase": one roll. `credits_left` never goes below zero (CHECK); only the spend statement lowers it.
 * Card payments keep Saferpay's token and transaction id, and `callback_key` makes the notify and return URLs
 * unguessable. A failed payment keeps Saferpay's error name and behaviour.
 */
export interface PurchasesTable {
  id: Generated<number>;
  user_id: number;
  package_id: number | null;
  package_name: string;
  type: string;
  status: string;
  credit_status: string;
  quantity: number;
  credits: number;
  credits_left: number;
  max_resolution: number;
  price: number;
  currency: string;
  validity_days: number | null;
  init_at: string;
  completed_at: string | null;
  expires_at: string | null;
  coupon_id: number | null;
  callback_key: string | null;
  saferpay_token: string | null;
  saferpay_transaction_id: string | null;
  failure_name: string | null;
  failure_behavior: string | null;
}

/**
 * Every movement of credits: +credits when a roll is granted, -1 per frame spent, +1 when a spend is refunded
 * (`refund_of` points at the spend, unique so a spend is refunded once), -left when a roll expires.
 */
export interface CreditLedgerTable {
  id: Generated<number>;
  user_id: number;
  purchase_id: number;
  delta: number;
  reason: string;
  entity_type: string | null;
  entity_id: number | null;
  refund_of: number | null;
  created_at: string;
}

/** SPEC §3 "Coupon": `amount` redemptions in total, `amount_left` of them still open; grants `package_id`. */
export interface CouponsTable {
  id: Generated<number>;
  name: string;
  status: string;
  amount: number;
  amount_left: number;
  package_id: number;
  created_at: string;
}

/** The codes of a coupon, stored upper-case (codes compare case-insensitively). */
export interface CouponCodesTable {
  id: Generated<number>;
  coupon_id: number;
  code: string;
}

/** One redemption per member and coupon (unique), pointing at the roll it granted. */
export interface CouponRedemptionsTable {
  id: Generated<number>;
  coupon_id: number;
  user_id: number;
  code_id: number;
  purchase_id: number;
  created_at: string;
}

export interface ShopTables {
  packages: PackagesTable;
  purchases: PurchasesTable;
  credit_ledger: CreditLedgerTable;
  coupons: CouponsTable;
  coupon_codes: CouponCodesTable;
  coupon_redemptions: CouponRedemptionsTable;
}
