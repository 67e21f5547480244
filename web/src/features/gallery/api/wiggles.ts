import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SortOrder } from '@wiggle/common/enums';
import type {
  GallerySort,
  GalleryWiggle,
  GalleryWigglePage,
  UpdateGalleryWiggleBody,
} from '@wiggle/common/schemas/gallery';
import { api } from '../../../lib/api-client';
import { useKeysetPages } from '../../../lib/use-keyset-pages';

export interface GalleryListParams {
  albumId: number | null;
  sort: GallerySort;
  order: SortOrder;
  search: string;
}

export const galleryWigglesKey = ['gallery', 'wiggles'] as const;

/** GET /gallery/albums/{id}/wiggles (or /gallery/wiggles at the root): one keyset page. */
export function getGalleryWigglePage(params: GalleryListParams, cursor: string | null) {
  const query = new URLSearchParams({ sort: params.sort, order: params.order });
  if (params.search) query.set('search', params.search);
  if (cursor) query.set('cursor', cursor);
  const path = params.albumId === null ? 'gallery/wiggles' : `gallery/albums/${params.albumId}/wiggles`;
  return api.get<GalleryWigglePage>(`${path}?${query}`);
}

export function useGalleryWigglePages(params: GalleryListParams, enabled = true) {
  return useKeysetPages(
    [...galleryWigglesKey, params],
    (cursor) => getGalleryWigglePage(params, cursor),
    enabled,
  );
}

/** GET /gallery/wiggles/{id}: one of the member's gallery wiggles. */
export const getGalleryWiggle = (id: number) => api.get<GalleryWiggle>(`gallery/wiggles/${id}`);

/** PUT /gallery/wiggles/{id}: name, description, sharing and feed choices, watermarks. */
export function useUpdateGalleryWiggle() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number } & UpdateGalleryWiggleBody) =>
      api.put<GalleryWiggle>(`gallery/wiggles/${id}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: galleryWigglesKey }),
  });
}
