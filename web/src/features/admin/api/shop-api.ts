import type {
  AdminCoupon,
  AdminCouponCode,
  AdminPackage,
  AdminPurchase,
  AdminPurchaseDetail,
  CouponCreated,
  CouponCreateInput,
  PackageInput,
} from '@wiggle/common/schemas/admin-shop';
import { api } from '../../../lib/api-client';
import type { Page } from './admin-api';

const query = (params: Record<string, string | number | null | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};

export interface PurchaseFilter {
  type: string;
  status: string;
  creditStatus: string;
  userId: string;
  sort: string;
  order: string;
}

/** The admin shop calls (/api/admin/{packages,purchases,coupons}); the only place that knows their URLs. */
export const shopAdminApi = {
  packages: () => api.get<{ items: AdminPackage[] }>('admin/packages'),
  createPackage: (input: PackageInput) => api.post<AdminPackage>('admin/packages', input),
  updatePackage: (id: number, input: PackageInput) => api.put<AdminPackage>(`admin/packages/${id}`, input),
  reorderPackages: (ids: number[]) => api.put<{ items: AdminPackage[] }>('admin/packages/order', { ids }),

  purchases: (filter: PurchaseFilter, cursor: string | null) =>
    api.get<Page<AdminPurchase>>(`admin/purchases${query({ ...filter, cursor })}`),
  purchase: (id: number) => api.get<AdminPurchaseDetail>(`admin/purchases/${id}`),

  coupons: (filter: { status: string; sort: string; order: string }, cursor: string | null) =>
    api.get<Page<AdminCoupon>>(`admin/coupons${query({ ...filter, cursor })}`),
  createCoupon: (input: CouponCreateInput) => api.post<CouponCreated>('admin/coupons', input),
  couponCodes: (id: number, cursor: string | null) =>
    api.get<Page<AdminCouponCode>>(`admin/coupons/${id}/codes${query({ cursor })}`),
  disableCoupon: (id: number) => api.post<AdminCoupon>(`admin/coupons/${id}/disable`),
  couponCodesCsv: (id: number) => api.getBlob(`admin/coupons/${id}/codes.csv`),
};

/** Saves a Blob as a file the browser downloads. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
