/**
 * Admin shop contract (SPEC §3 Package, Purchase, Coupon; issue 13 "Shop"): packages, purchases and coupons as the
 * admin pages and /api/admin/{packages,purchases,coupons} see them. Prices are US dollars (major units) here.
 */
import { z } from 'zod';
import { MAX_BETA_DISCOUNT_PERCENT, ROLL_RESOLUTIONS } from '../constants';
import { COUPON_STATUSES, CREDIT_STATUSES, PURCHASE_STATUSES, PURCHASE_TYPES } from '../enums';
import { Messages } from '../messages';
import { adminPageLimit, adminSortFields } from './admin';
import { idNumber, idText } from './ids';
import { optionalTextField, textField } from './text';

const cursor = z.string().max(200).optional();
const queryId = idText();

// ---- Packages ----

/** Largest price a package may have, US$ (a typo guard: 100,000 dollars). */
export const PACKAGE_MAX_PRICE = 100_000;
/** Largest roll a package may sell. */
export const PACKAGE_MAX_CREDITS = 100_000;

const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number from ${min} to ${max}.` })
    .int({ error: `${label} must be a whole number from ${min} to ${max}.` })
    .min(min, { error: `${label} must be a whole number from ${min} to ${max}.` })
    .max(max, { error: `${label} must be a whole number from ${min} to ${max}.` });

/**
 * Create and edit a package. The admin sets the full price and a discount; the current price follows from them. The
 * discount is capped at SPEC §9's "up to 40%", here and on the server (which validates with this same schema).
 */
export const packageInputSchema = z.object({
  name: textField({ label: 'Name' }),
  description: optionalTextField({ label: 'Description', max: 1000, multiline: true }),
  credits: wholeNumber('Frames', 1, PACKAGE_MAX_CREDITS),
  maxResolution: z.union(
    ROLL_RESOLUTIONS.map((size) => z.literal(size)),
    { error: Messages.maxResolutionChoice },
  ),
  price: z
    .number({ error: Messages.priceRange(PACKAGE_MAX_PRICE) })
    .min(0, { error: Messages.priceRange(PACKAGE_MAX_PRICE) })
    .max(PACKAGE_MAX_PRICE, { error: Messages.priceRange(PACKAGE_MAX_PRICE) })
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: Messages.priceCents }),
  discountPercent: z
    .number({ error: Messages.discountCap(MAX_BETA_DISCOUNT_PERCENT) })
    .int({ error: Messages.discountCap(MAX_BETA_DISCOUNT_PERCENT) })
    .min(0, { error: Messages.discountCap(MAX_BETA_DISCOUNT_PERCENT) })
    .max(MAX_BETA_DISCOUNT_PERCENT, { error: Messages.discountCap(MAX_BETA_DISCOUNT_PERCENT) }),
  /** Days a bought roll stays spendable; null: it never expires. */
  validityDays: wholeNumber('Validity', 1, 3650).nullable().default(null),
  isPublic: z.boolean(),
  isActive: z.boolean(),
});
export type PackageInput = z.input<typeof packageInputSchema>;

/** The current price (cents) a full price (cents) and a discount give. */
export const discountedCents = (fullCents: number, discountPercent: number) =>
  Math.round((fullCents * (100 - discountPercent)) / 100);

export const adminPackageSchema = z.object({
  id: z.number(),
  position: z.number(),
  name: z.string(),
  description: z.string(),
  credits: z.number(),
  maxResolution: z.number(),
  currentPrice: z.number(),
  fullPrice: z.number(),
  discountPercent: z.number(),
  currency: z.string(),
  validityDays: z.number().nullable(),
  isPublic: z.boolean(),
  isActive: z.boolean(),
  created: z.string(),
});
export type AdminPackage = z.infer<typeof adminPackageSchema>;
export const adminPackageListSchema = z.object({ items: z.array(adminPackageSchema) });

/** The new order of every package, first to last (drag and drop or move up/down). */
export const packageOrderSchema = z.object({
  ids: z
    .array(z.number().int().positive(), { error: Messages.packageOrder })
    .min(1, { error: Messages.packageOrder })
    .max(1000, { error: Messages.packageOrder })
    .refine((ids) => new Set(ids).size === ids.length, { error: Messages.packageOrder }),
});

// ---- Purchases ----

export const ADMIN_PURCHASE_SORTS = ['id', 'price', 'creditsLeft'] as const;
export type AdminPurchaseSort = (typeof ADMIN_PURCHASE_SORTS)[number];

export const adminPurchasesQuerySchema = z.object({
  ...adminSortFields(ADMIN_PURCHASE_SORTS, 'id'),
  type: z.enum(PURCHASE_TYPES).optional(),
  status: z.enum(PURCHASE_STATUSES).optional(),
  creditStatus: z.enum(CREDIT_STATUSES).optional(),
  /** One member's history. */
  userId: queryId.optional(),
  cursor,
  limit: adminPageLimit,
});

const memberRef = z.object({ id: z.number(), email: z.string(), name: z.string() });

export const adminPurchaseSchema = z.object({
  id: z.number(),
  user: memberRef,
  type: z.enum(PURCHASE_TYPES),
  status: z.enum(PURCHASE_STATUSES),
  creditStatus: z.enum(CREDIT_STATUSES),
  packageName: z.string(),
  quantity: z.number(),
  credits: z.number(),
  creditsLeft: z.number(),
  maxResolution: z.number(),
  price: z.number(),
  currency: z.string(),
  initDate: z.string(),
  completeDate: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type AdminPurchase = z.infer<typeof adminPurchaseSchema>;
export const adminPurchasesPageSchema = z.object({
  items: z.array(adminPurchaseSchema),
  nextCursor: z.string().nullable(),
});

/** One purchase in full: where it came from and every movement of its credits. */
export const adminPurchaseDetailSchema = adminPurchaseSchema.extend({
  packageId: z.number().nullable(),
  validityDays: z.number().nullable(),
  coupon: z.object({ id: z.number(), name: z.string() }).nullable(),
  saferpayTransactionId: z.string().nullable(),
  failure: z.object({ name: z.string(), behavior: z.string().nullable() }).nullable(),
  ledger: z.array(
    z.object({
      id: z.number(),
      delta: z.number(),
      reason: z.string(),
      entityType: z.string().nullable(),
      entityId: z.number().nullable(),
      created: z.string(),
    }),
  ),
});
export type AdminPurchaseDetail = z.infer<typeof adminPurchaseDetailSchema>;

// ---- Coupons ----

export const COUPON_MAX_AMOUNT = 100_000;
export const COUPON_MAX_CODES = 10_000;

/** POST /admin/coupons (issue 13's contract): `amount` redemptions in total, `codes` codes, granting `packageId`. */
export const couponCreateSchema = z.object({
  name: textField({ label: 'Name' }),
  amount: wholeNumber('The amount', 1, COUPON_MAX_AMOUNT),
  codes: wholeNumber('The number of codes', 1, COUPON_MAX_CODES),
  packageId: idNumber('The package'),
});
export type CouponCreateInput = z.input<typeof couponCreateSchema>;
export const couponCreatedSchema = z.object({ id: z.number(), codes: z.array(z.string()) });
export type CouponCreated = z.infer<typeof couponCreatedSchema>;

export const ADMIN_COUPON_SORTS = ['id', 'name', 'amountLeft'] as const;
export type AdminCouponSort = (typeof ADMIN_COUPON_SORTS)[number];

export const adminCouponsQuerySchema = z.object({
  ...adminSortFields(ADMIN_COUPON_SORTS, 'id'),
  status: z.enum(COUPON_STATUSES).optional(),
  cursor,
  limit: adminPageLimit,
});

export const adminCouponSchema = z.object({
  id: z.number(),
  name: z.string(),
  status: z.enum(COUPON_STATUSES),
  created: z.string(),
  amount: z.number(),
  amountLeft: z.number(),
  amountUsed: z.number(),
  /** SPEC "contents": the package a redemption grants. */
  package: z.object({ id: z.number(), name: z.string(), credits: z.number(), maxResolution: z.number() }),
  codesTotal: z.number(),
  codesUsed: z.number(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;
export const adminCouponsPageSchema = z.object({
  items: z.array(adminCouponSchema),
  nextCursor: z.string().nullable(),
});

export const COUPON_CODE_REDEMPTIONS_SHOWN = 20;
export const couponCodesQuerySchema = z.object({ cursor, limit: adminPageLimit });

/** A code with who redeemed it and when (a code serves until the coupon's amount is used up, once per member). */
export const adminCouponCodeSchema = z.object({
  id: z.number(),
  code: z.string(),
  timesRedeemed: z.number(),
  /** The latest redemptions of the code (at most COUPON_CODE_REDEMPTIONS_SHOWN; the CSV has them all). */
  redemptions: z.array(z.object({ user: memberRef, redeemed: z.string(), purchaseId: z.number() })),
});
export type AdminCouponCode = z.infer<typeof adminCouponCodeSchema>;
export const adminCouponCodesPageSchema = z.object({
  items: z.array(adminCouponCodeSchema),
  nextCursor: z.string().nullable(),
});
