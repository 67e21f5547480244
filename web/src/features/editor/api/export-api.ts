import { useQuery } from '@tanstack/react-query';
import type { ExportBody, ExportStatus } from '@wiggle/common/schemas/exports';
import type { AlbumListResponse } from '@wiggle/common/schemas/gallery';
import type { Credits } from '@wiggle/common/schemas/shop';
import { api } from '../../../lib/api-client';

/** The export tab's calls: the member's albums and rolls, the export itself and its progress. */

/** GET /gallery/albums: the member's active albums, flat (the tab shows them with their paths). */
export function useExportAlbums() {
  return useQuery({
    queryKey: ['editor', 'albums'],
    queryFn: async () => (await api.get<AlbumListResponse>('gallery/albums')).albums,
  });
}

/** GET /account/credits, under the key the shop dialogs refresh after a purchase or a coupon. */
export function useExportRolls() {
  return useQuery({
    queryKey: ['account', 'credits'],
    queryFn: async () => (await api.get<Credits>('account/credits')).rolls,
  });
}

/** POST /library/wiggles/{id}/export: 202 with the export's id, or 402 when no roll can pay. */
export const startExport = (wiggleId: number, body: ExportBody) =>
  api.post<{ exportId: number; galleryWiggleId: number | null }>(`library/wiggles/${wiggleId}/export`, body);

const EXPORT_POLL_MS = 1000;

/** GET /exports/{id}, polled while the job renders. */
export function useExportStatus(exportId: number | null) {
  return useQuery({
    queryKey: ['editor', 'export', exportId],
    queryFn: () => api.get<ExportStatus>(`exports/${exportId}`),
    enabled: exportId !== null,
    refetchInterval: (query) =>
      query.state.data?.status === 'Success' || query.state.data?.status === 'Error' ? false : EXPORT_POLL_MS,
  });
}
