import type { Original, Wiggle } from '@wiggle/common/schemas/library';
import { useMemo } from 'react';
import { useSetting } from '../../../lib/stores/settings';
import { useOriginalPages } from '../api/list-originals';
import { useWigglePages } from '../api/list-wiggles';
import { useWiggleStatusPolling } from '../api/wiggle-status';
import { pendingWiggleIds } from '../logic/wiggle-status';

/** The folder's two lists with the member's sorts, flattened across pages, and status polling for new wiggles. */
export function useLibraryLists(folderId: number | null, search: string, enabled: boolean) {
  const [originalSort] = useSetting('libraryOriginalSort');
  const [wiggleSort] = useSetting('libraryWiggleSort');
  const originalsQuery = useOriginalPages(
    { folderId, sort: originalSort.by, order: originalSort.order, search },
    enabled,
  );
  const wigglesQuery = useWigglePages(
    { folderId, sort: wiggleSort.by, order: wiggleSort.order, search },
    enabled,
  );

  const originals = useMemo<Original[]>(
    () => originalsQuery.data?.pages.flatMap((p) => p.items) ?? [],
    [originalsQuery.data],
  );
  const wiggles = useMemo<Wiggle[]>(
    () => wigglesQuery.data?.pages.flatMap((p) => p.items) ?? [],
    [wigglesQuery.data],
  );
  const pending = useMemo(() => pendingWiggleIds(wiggles), [wiggles]);
  useWiggleStatusPolling(enabled ? pending : []);

  return { originals, wiggles, originalsQuery, wigglesQuery };
}
