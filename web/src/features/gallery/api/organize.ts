import { useQuery } from '@tanstack/react-query';
import type { Album, GalleryMoveBody, GalleryTrashBody, GalleryWiggle } from '@wiggle/common/schemas/gallery';
import { api } from '../../../lib/api-client';

interface IdsAnswer {
  ids: number[];
}

/** POST /gallery/move: albums (type 1) into an album, or wiggles (type 2) moved or copied (`copy`). */
export const moveGalleryItems = (body: GalleryMoveBody) => api.post<IdsAnswer>('gallery/move', body);

/** POST /gallery/delete: to the trash (an album takes its sub-albums and wiggles along). */
export const trashGalleryItems = (body: GalleryTrashBody) => api.post<IdsAnswer>('gallery/delete', body);

/** POST /gallery/restore: back from the trash. */
export const restoreGalleryItems = (body: GalleryTrashBody) => api.post<IdsAnswer>('gallery/restore', body);

export const galleryTrashKey = ['gallery', 'trash'] as const;

/** GET /gallery/trash: top-level trashed albums and wiggles. */
export function useGalleryTrash(enabled: boolean) {
  return useQuery({
    queryKey: galleryTrashKey,
    queryFn: () => api.get<{ albums: Album[]; wiggles: GalleryWiggle[] }>('gallery/trash'),
    enabled,
    staleTime: 0,
  });
}
