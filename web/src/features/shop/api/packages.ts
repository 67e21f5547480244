import { useQuery } from '@tanstack/react-query';
import type { ShopPackage } from '@wiggle/common/schemas/shop';
import { api } from '../../../lib/api-client';

/** GET /shop/packages: the public, active packages by position. */
export function getPackages(): Promise<ShopPackage[]> {
  return api.get<ShopPackage[]>('shop/packages');
}

export function usePackages() {
  return useQuery({ queryKey: ['shop', 'packages'], queryFn: getPackages });
}
