import { useQuery } from '@tanstack/react-query';
import type { GalleryWiggle } from '@wiggle/common/schemas/gallery';
import { api } from '../../../lib/api-client';

/** GET /gallery/wiggles/{id}: the exported wiggle (its size and frames decide its video). */
export function useExportedGalleryWiggle(id: number) {
  return useQuery({
    queryKey: ['editor', 'gallery-wiggle', id],
    queryFn: () => api.get<GalleryWiggle>(`gallery/wiggles/${id}`),
  });
}
