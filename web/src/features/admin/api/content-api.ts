import type { AdminUser } from '@wiggle/common/schemas/admin';
import type {
  AdminAlbum,
  AdminOriginal,
  AdminRequest,
  AdminWiggle,
  AdminWiggleAction,
} from '@wiggle/common/schemas/admin-content';
import { api, apiUrl } from '../../../lib/api-client';
import type { Page } from './admin-api';

const query = (params: Record<string, string | null>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) if (value) search.set(key, value);
  const text = search.toString();
  return text ? `?${text}` : '';
};

/** The admin's calls about members' content (/api/admin/{wiggles,albums,originals}) and second-admin requests. */
export const contentApi = {
  wiggles: (filter: Record<string, string>, cursor: string | null) =>
    api.get<Page<AdminWiggle>>(`admin/wiggles${query({ ...filter, cursor })}`),
  wiggleAction: (id: number, action: AdminWiggleAction) =>
    api.post<AdminWiggle>(`admin/wiggles/${id}/${action}`),
  rateWiggle: (id: number, rating: number) => api.put<AdminWiggle>(`admin/wiggles/${id}/rating`, { rating }),
  /** An <img src>: media take the session cookie. */
  wiggleFrameUrl: (id: number, frame: 'left-f' | 'right-f' | 'left-t') =>
    apiUrl(`admin/wiggles/${id}/frames/${frame}`),
  albums: (filter: Record<string, string>, cursor: string | null) =>
    api.get<Page<AdminAlbum>>(`admin/albums${query({ ...filter, cursor })}`),
  originals: (filter: Record<string, string>, cursor: string | null) =>
    api.get<Page<AdminOriginal>>(`admin/originals${query({ ...filter, cursor })}`),
  originalViewUrl: (id: number, size: 'o' | 'p' | 't') => apiUrl(`admin/originals/${id}/view/${size}`),
  requests: () => api.get<{ items: AdminRequest[] }>('admin/requests'),
  askSecondAdmin: (userId: number, action: 'block' | 'delete') =>
    api.post<AdminRequest>('admin/requests', { userId, action }),
  confirmRequest: (id: number) => api.post<AdminUser>(`admin/requests/${id}/confirm`),
};
