import { closeShopDialog, useShopDialogStore } from '../../lib/stores/shop-dialogs';
import { BuyRollsDialog } from './components/buy-rolls-dialog';
import { CouponDialog } from './components/coupon-dialog';

/** The shop's dialogs, mounted once by the app shell and opened from any page through the shop-dialog store. */
export function ShopDialogs() {
  const open = useShopDialogStore((state) => state.open);
  if (open === 'buy') return <BuyRollsDialog onClose={closeShopDialog} />;
  if (open === 'coupon') return <CouponDialog onClose={closeShopDialog} />;
  return null;
}
