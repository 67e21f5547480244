import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  Album,
  AlbumListResponse,
  CreateAlbumBody,
  UpdateAlbumBody,
} from '@wiggle/common/schemas/gallery';
import { api } from '../../../lib/api-client';

export const galleryQueryKey = ['gallery'] as const;
export const albumsQueryKey = ['gallery', 'albums'] as const;

/** GET /gallery/albums: the member's active albums, flat. */
export function useAlbums() {
  return useQuery({
    queryKey: albumsQueryKey,
    queryFn: async () => (await api.get<AlbumListResponse>('gallery/albums')).albums,
  });
}

/** POST /gallery/albums */
export function useCreateAlbum() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Pick<CreateAlbumBody, 'name' | 'parentId'> & Partial<CreateAlbumBody>) =>
      api.post<Album>('gallery/albums', body),
    onSuccess: () => client.invalidateQueries({ queryKey: albumsQueryKey }),
  });
}

/** PUT /gallery/albums/{id}: name, parent, public, preventPublicListing. */
export function useUpdateAlbum() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: { id: number } & UpdateAlbumBody) =>
      api.put<Album>(`gallery/albums/${id}`, body),
    onSuccess: () => client.invalidateQueries({ queryKey: albumsQueryKey }),
  });
}
