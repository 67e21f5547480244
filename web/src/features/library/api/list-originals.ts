import type { OriginalSort, SortOrder } from '@wiggle/common/enums';
import type { OriginalPage } from '@wiggle/common/schemas/library';
import { api } from '../../../lib/api-client';
import { useKeysetPages } from '../../../lib/use-keyset-pages';

export interface OriginalListParams {
  folderId: number | null;
  sort: OriginalSort;
  order: SortOrder;
  search: string;
}

/** Large pages: fewer round trips while scrolling a 10,000-item folder; the grid renders only what shows. */
export const ORIGINAL_PAGE_SIZE = 300;

export const originalsQueryKey = (params: OriginalListParams) => ['library', 'originals', params] as const;

/** The query string shared by both list calls. */
export function listQuery(
  params: { folderId: number | null; sort: string; order: string; search: string },
  cursor: string | null,
) {
  const query = new URLSearchParams({
    sort: params.sort,
    order: params.order,
    limit: String(ORIGINAL_PAGE_SIZE),
  });
  if (params.folderId !== null) query.set('folderId', String(params.folderId));
  if (params.search) query.set('search', params.search);
  if (cursor) query.set('cursor', cursor);
  return query.toString();
}

/** GET /library/originals: one keyset page; `cursor` is the previous page's `nextCursor`. */
export function getOriginalPage(params: OriginalListParams, cursor: string | null): Promise<OriginalPage> {
  return api.get<OriginalPage>(`library/originals?${listQuery(params, cursor)}`);
}

export function useOriginalPages(params: OriginalListParams, enabled = true) {
  return useKeysetPages(originalsQueryKey(params), (cursor) => getOriginalPage(params, cursor), enabled);
}
