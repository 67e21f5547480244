import { useQuery } from '@tanstack/react-query';
import type { TrashListResponse } from '@wiggle/common/schemas/library';
import { api } from '../../../lib/api-client';

export const trashQueryKey = ['library', 'trash'] as const;

/** GET /library/trash: top-level trashed folders, originals and wiggles. */
export function getTrash(): Promise<TrashListResponse> {
  return api.get<TrashListResponse>('library/trash');
}

export function useTrash(enabled: boolean) {
  return useQuery({ queryKey: trashQueryKey, queryFn: getTrash, enabled, staleTime: 0 });
}
