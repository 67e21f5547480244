import { create } from 'zustand';

/**
 * Which shop dialog is open. The dialogs live in features/shop and are mounted once by the app shell, so any page
 * (My account, later the export's "buy additional frames") opens them without importing the shop feature.
 */
export type ShopDialog = 'buy' | 'coupon' | null;

export const useShopDialogStore = create<{ open: ShopDialog }>()(() => ({ open: null }));

export const openShopDialog = (dialog: Exclude<ShopDialog, null>) =>
  useShopDialogStore.setState({ open: dialog });
export const closeShopDialog = () => useShopDialogStore.setState({ open: null });

/** Query keys other features refresh when credits change (a paid or redeemed roll). */
export const CREDITS_QUERY_PREFIXES = [['account'], ['shop']] as const;
