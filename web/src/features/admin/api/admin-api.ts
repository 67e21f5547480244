import type { AdminInquiry, AdminUser, ProcessLog } from '@wiggle/common/schemas/admin';
import { api } from '../../../lib/api-client';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

const query = (params: Record<string, string | number | null | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};

export type UserAction = 'block' | 'unblock' | 'delete' | 'undelete';

export const adminApi = {
  users: (filter: { search: string; status: string; sort: string; order: string }, cursor: string | null) =>
    api.get<Page<AdminUser>>(`admin/users${query({ ...filter, cursor })}`),
  userAction: (id: number, action: UserAction) => api.post<AdminUser>(`admin/users/${id}/${action}`),
  logs: (
    filter: { result: string; name: string; entityType: string; entityId: string },
    cursor: string | null,
  ) => api.get<Page<ProcessLog>>(`admin/logs${query({ ...filter, cursor })}`),
  inquiries: (filter: { unread: string }, cursor: string | null) =>
    api.get<Page<AdminInquiry>>(`admin/support${query({ ...filter, cursor })}`),
  markRead: (id: number) => api.post<AdminInquiry>(`admin/support/${id}/read`),
};
