import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import type { WiggleStatus } from '@wiggle/common/schemas/library';
import { useEffect } from 'react';
import { api } from '../../../lib/api-client';
import { mergeWiggleStatuses } from '../logic/wiggle-status';
import { allWigglesQueryKey, type WigglePages } from './list-wiggles';

/** Poll period while some wiggle in view is still being created. */
export const STATUS_POLL_MS = 2000;

/** GET /library/wiggles/status?ids=1,2 */
export function getWiggleStatuses(ids: readonly number[]): Promise<WiggleStatus[]> {
  return api.get<WiggleStatus[]>(`library/wiggles/status?ids=${ids.join(',')}`);
}

/** Writes status answers into every cached wiggle page by id. */
export function applyStatusesToCache(client: QueryClient, statuses: readonly WiggleStatus[]): void {
  client.setQueriesData<WigglePages>({ queryKey: allWigglesQueryKey }, (data) => {
    if (!data) return data;
    let changed = false;
    const pages = data.pages.map((page) => {
      const items = mergeWiggleStatuses(page.items, statuses);
      if (items !== page.items) changed = true;
      return items === page.items ? page : { ...page, items };
    });
    return changed ? { ...data, pages } : data;
  });
}

/** Polls the statuses of `pendingIds` until each is complete (the list stops asking once it is empty). */
export function useWiggleStatusPolling(pendingIds: readonly number[]) {
  const client = useQueryClient();
  const ids = [...pendingIds].sort((a, b) => a - b);
  const query = useQuery({
    queryKey: ['library', 'wiggle-status', ids],
    queryFn: () => getWiggleStatuses(ids),
    enabled: ids.length > 0,
    refetchInterval: STATUS_POLL_MS,
    staleTime: 0,
    gcTime: 0,
  });
  useEffect(() => {
    if (query.data) applyStatusesToCache(client, query.data);
  }, [client, query.data]);
}
