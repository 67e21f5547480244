import type { InfiniteData } from '@tanstack/react-query';
import type { SortOrder, WiggleSort } from '@wiggle/common/enums';
import type { WigglePage } from '@wiggle/common/schemas/library';
import { api } from '../../../lib/api-client';
import { useKeysetPages } from '../../../lib/use-keyset-pages';
import { listQuery } from './list-originals';

export interface WiggleListParams {
  folderId: number | null;
  sort: WiggleSort;
  order: SortOrder;
  search: string;
}

export const wigglesQueryKey = (params: WiggleListParams) => ['library', 'wiggles', params] as const;
export const allWigglesQueryKey = ['library', 'wiggles'] as const;
export type WigglePages = InfiniteData<WigglePage, string | null>;

/** GET /library/wiggles: one keyset page. */
export function getWigglePage(params: WiggleListParams, cursor: string | null): Promise<WigglePage> {
  return api.get<WigglePage>(`library/wiggles?${listQuery(params, cursor)}`);
}

export function useWigglePages(params: WiggleListParams, enabled = true) {
  return useKeysetPages(wigglesQueryKey(params), (cursor) => getWigglePage(params, cursor), enabled);
}
