import { z } from 'zod';
import {
  COUPON_CODE_MAX_LENGTH,
  COUPON_CODE_MIN_LENGTH,
  CURRENCY,
  SHOP_MAX_PACKAGES_PER_PURCHASE,
} from '../constants';
import { COUPON_STATUSES, CREDIT_STATUSES, PURCHASE_STATUSES, PURCHASE_TYPES } from '../enums';
import { Messages } from '../messages';
import { isIdText } from './ids';

/**
 * A strict decimal positive integer id (no signs, exponents, spaces or leading zeros, nothing beyond the id
 * columns), from a path or a body.
 */
export const strictIdField = z
  .union([z.number(), z.string()])
  .refine((v) => isIdText(String(v)), { error: 'Not a valid id.' })
  .transform((v) => Number(v));
export const ShopIdParamsSchema = z.object({ id: strictIdField });

/** GET /shop/packages: public, active packages by position. Prices in US dollars (major units). */
export const packageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  credits: z.number().int(),
  maxResolution: z.number().int(),
  currentPrice: z.number(),
  fullPrice: z.number(),
  currency: z.literal(CURRENCY),
});
export type ShopPackage = z.infer<typeof packageSchema>;
export const packageListSchema = z.array(packageSchema);

/** The struck-through full price's discount, whole percent (0 when there is none). */
export function discountPercent(currentPrice: number, fullPrice: number): number {
  if (fullPrice <= currentPrice || fullPrice <= 0) return 0;
  return Math.round(((fullPrice - currentPrice) / fullPrice) * 100);
}

/**
 * POST /shop/payment. Strict: a client cannot send an amount, a price or credits (a tampered body is refused whole);
 * the server prices the purchase from the package.
 */
export const paymentRequestSchema = z.strictObject({
  packageId: strictIdField,
  quantity: z
    .number({ error: Messages.quantityRange(SHOP_MAX_PACKAGES_PER_PURCHASE) })
    .int({ error: Messages.quantityRange(SHOP_MAX_PACKAGES_PER_PURCHASE) })
    .min(1, { error: Messages.quantityRange(SHOP_MAX_PACKAGES_PER_PURCHASE) })
    .max(SHOP_MAX_PACKAGES_PER_PURCHASE, { error: Messages.quantityRange(SHOP_MAX_PACKAGES_PER_PURCHASE) }),
});
export type PaymentRequest = z.input<typeof paymentRequestSchema>;
export const paymentStartedSchema = z.object({ purchaseId: z.number().int(), redirectUrl: z.string() });
export type PaymentStarted = z.infer<typeof paymentStartedSchema>;

export const purchaseTypeSchema = z.enum(PURCHASE_TYPES);
export const purchaseStatusSchema = z.enum(PURCHASE_STATUSES);
export const creditStatusSchema = z.enum(CREDIT_STATUSES);
export type PurchaseType = z.infer<typeof purchaseTypeSchema>;
export type PurchaseStatus = z.infer<typeof purchaseStatusSchema>;
export type CreditStatus = z.infer<typeof creditStatusSchema>;

/** Why a card payment failed: Saferpay's error name and behaviour, and a message safe to show. */
export const paymentFailureSchema = z.object({
  name: z.string(),
  behavior: z.string().nullable(),
  message: z.string(),
  cancelled: z.boolean(),
});

/** GET /shop/purchases/{id} and the purchase history (SPEC §3 "Purchase"). */
export const purchaseSchema = z.object({
  id: z.number().int(),
  type: purchaseTypeSchema,
  status: purchaseStatusSchema,
  creditStatus: creditStatusSchema,
  packageName: z.string(),
  credits: z.number().int(),
  creditsLeft: z.number().int(),
  maxResolution: z.number().int(),
  price: z.number(),
  currency: z.string(),
  initDate: z.string(),
  completeDate: z.string().nullable(),
  expiresAt: z.string().nullable(),
  failure: paymentFailureSchema.nullable(),
});
export type Purchase = z.infer<typeof purchaseSchema>;
export const purchaseListSchema = z.object({ purchases: z.array(purchaseSchema) });

/** GET /account/credits: one entry per roll that was ever granted. */
export const rollSchema = z.object({
  purchaseId: z.number().int(),
  type: purchaseTypeSchema,
  maxResolution: z.number().int(),
  credits: z.number().int(),
  creditsLeft: z.number().int(),
  creditStatus: creditStatusSchema,
  expiresAt: z.string().nullable(),
  /** When the roll was started (the oldest pays first among equals; see common/roll-choice). */
  initDate: z.string(),
});
export type Roll = z.infer<typeof rollSchema>;
export const creditsSchema = z.object({ rolls: z.array(rollSchema) });
export type Credits = z.infer<typeof creditsSchema>;

/** GET /account/statistics (SPEC "usage statistics"; sizes in bytes). */
export const usageStatisticsSchema = z.object({
  originalsCount: z.number().int(),
  originalsSize: z.number().int(),
  wigglesInLibrary: z.number().int(),
  wigglesInGallery: z.number().int(),
  framesSpent: z.number().int(),
});
export type UsageStatistics = z.infer<typeof usageStatisticsSchema>;

/** Coupon codes compare case-insensitively and without the dashes or spaces a person may type. */
export const couponCodeField = z
  .string({ error: Messages.mandatory })
  .transform((v) => v.replace(/[\s-]/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .min(1, { error: Messages.mandatory })
      .min(COUPON_CODE_MIN_LENGTH, { error: Messages.couponCodeLength(COUPON_CODE_MIN_LENGTH) })
      .max(COUPON_CODE_MAX_LENGTH, { error: Messages.couponInvalid }),
  );
export const couponCodeSchema = z.object({ code: couponCodeField });
export type CouponCodeInput = z.input<typeof couponCodeSchema>;

/** What a valid code grants (POST /shop/coupon/check). */
export const couponCheckSchema = z.object({
  valid: z.literal(true),
  couponName: z.string(),
  packageName: z.string(),
  credits: z.number().int(),
  maxResolution: z.number().int(),
});
export type CouponCheck = z.infer<typeof couponCheckSchema>;
export const couponRedeemedSchema = z.object({ purchase: purchaseSchema });
export type CouponRedeemed = z.infer<typeof couponRedeemedSchema>;

export const couponStatusSchema = z.enum(COUPON_STATUSES);
