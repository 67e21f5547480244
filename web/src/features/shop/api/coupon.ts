import { useMutation } from '@tanstack/react-query';
import type { CouponCheck, CouponCodeInput, CouponRedeemed } from '@wiggle/common/schemas/shop';
import { api } from '../../../lib/api-client';

/** POST /shop/coupon/check: what a code grants, or 400 "not valid" / 409 "already redeemed". */
export function checkCoupon(input: CouponCodeInput): Promise<CouponCheck> {
  return api.post<CouponCheck>('shop/coupon/check', input);
}

/** POST /shop/coupon/redeem: grants the coupon's roll. */
export function redeemCoupon(input: CouponCodeInput): Promise<CouponRedeemed> {
  return api.post<CouponRedeemed>('shop/coupon/redeem', input);
}

export function useCheckCoupon() {
  return useMutation({ mutationFn: checkCoupon });
}

export function useRedeemCoupon() {
  return useMutation({ mutationFn: redeemCoupon });
}
