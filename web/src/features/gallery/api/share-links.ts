import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShareLink } from '@wiggle/common/schemas/gallery';
import { api } from '../../../lib/api-client';

export type ShareTarget = { wiggleId: number } | { albumId: number };

const linksKey = (target: ShareTarget) => ['gallery', 'share-links', target] as const;
const targetQuery = (target: ShareTarget) =>
  'wiggleId' in target ? `wiggleId=${target.wiggleId}` : `albumId=${target.albumId}`;

/** GET /gallery/share-links?wiggleId|albumId */
export function useShareLinks(target: ShareTarget) {
  return useQuery({
    queryKey: linksKey(target),
    queryFn: async () =>
      (await api.get<{ links: ShareLink[] }>(`gallery/share-links?${targetQuery(target)}`)).links,
  });
}

/** POST /gallery/share-links */
export function useCreateShareLink(target: ShareTarget) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; validUntil: string }) =>
      api.post<ShareLink>('gallery/share-links', { ...target, ...body }),
    onSuccess: () => client.invalidateQueries({ queryKey: linksKey(target) }),
  });
}

/** PUT /gallery/share-links/{id}: rename, (de)activate, change validity. */
export function useUpdateShareLink(target: ShareTarget) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number; name?: string; isActive?: boolean; validUntil?: string }) =>
      api.put<ShareLink>(`gallery/share-links/${id}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: linksKey(target) }),
  });
}
