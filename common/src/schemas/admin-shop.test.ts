import { describe, expect, it } from 'vitest';
import { Messages } from '../messages';
import { couponCreateSchema, discountedCents, packageInputSchema, packageOrderSchema } from './admin-shop';

const pkg = {
  name: ' Beta\u0301 ',
  credits: 10,
  maxResolution: 1920,
  price: 9.99,
  discountPercent: 40,
  isPublic: true,
  isActive: false,
};

const fieldsOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));

describe('package input', () => {
  it('takes a discount up to SPEC 40 % and normalizes the name', () => {
    const parsed = packageInputSchema.parse(pkg);
    expect(parsed).toMatchObject({
      name: 'Beta\u0301'.normalize('NFC'),
      description: '',
      validityDays: null,
    });
  });

  it('refuses 41 % (and fractions or negatives) with the cap in the message', () => {
    for (const discountPercent of [41, 40.5, -1, 100])
      expect(fieldsOf(packageInputSchema.safeParse({ ...pkg, discountPercent }))).toEqual({
        discountPercent: Messages.discountCap(40),
      });
  });

  it('refuses a resolution that is not an export size, fractions of cents and control characters', () => {
    expect(
      Object.keys(
        fieldsOf(
          packageInputSchema.safeParse({ ...pkg, maxResolution: 1000, price: 1.005, name: 'a\u202eb' }),
        ),
      ).sort(),
    ).toEqual(['maxResolution', 'name', 'price']);
  });

  it('derives the current price in whole cents', () => {
    expect(discountedCents(999, 40)).toBe(599);
    expect(discountedCents(1000, 0)).toBe(1000);
  });

  it('orders need distinct ids', () => {
    expect(packageOrderSchema.safeParse({ ids: [1, 2, 1] }).success).toBe(false);
    expect(packageOrderSchema.safeParse({ ids: [2, 1] }).success).toBe(true);
  });
});

describe('coupon creation (issue 13 contract)', () => {
  it('takes name, amount, codes and packageId as whole numbers', () => {
    expect(couponCreateSchema.parse({ name: 'Spring', amount: 100, codes: 3, packageId: 2 })).toEqual({
      name: 'Spring',
      amount: 100,
      codes: 3,
      packageId: 2,
    });
    expect(
      Object.keys(
        fieldsOf(couponCreateSchema.safeParse({ name: '', amount: 0, codes: 10_001, packageId: '2' })),
      ).sort(),
    ).toEqual(['amount', 'codes', 'name', 'packageId']);
  });
});
