import { useQuery } from '@tanstack/react-query';
import { MoveType } from '@wiggle/common/enums';
import { PAGE_SIZE_MAX, type Wiggle, type WigglePage } from '@wiggle/common/schemas/library';
import type { TuneInput } from '@wiggle/common/schemas/render-description';
import type { WiggleTuneResponse } from '@wiggle/common/schemas/tune-api';
import { api } from '../../../lib/api-client';

/** The editor's calls: the wiggle, its tune (GET/PUT /library/wiggles/{id}/tune) and its folder's wiggles. */

export const editorWiggleKey = (id: number) => ['editor', 'wiggle', id] as const;

/**
 * Polls while the wiggle is still being created (SPEC §4: the editor waits and updates), and while its in-betweens
 * are computed (the export's Enhanced mode waits for them).
 */
export function useEditorWiggle(id: number) {
  return useQuery({
    queryKey: editorWiggleKey(id),
    queryFn: () => api.get<Wiggle>(`library/wiggles/${id}`),
    refetchInterval: (query) => {
      const status = query.state.data?.createStatus;
      const creating = status === 'New' || status === 'InProgress';
      return creating || query.state.data?.iStatus === 'InProgress' ? 2000 : false;
    },
  });
}

export function useWiggleTune(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['editor', 'tune', id],
    queryFn: () => api.get<WiggleTuneResponse>(`library/wiggles/${id}/tune`),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export const saveTune = (id: number, tune: TuneInput) =>
  api.put<WiggleTuneResponse>(`library/wiggles/${id}/tune`, tune);

/** The wiggles of the folder in the library's default order, for previous / next. */
export function useFolderWiggles(folderId: number | null | undefined) {
  return useQuery({
    queryKey: ['editor', 'folder', folderId],
    queryFn: () =>
      api.get<WigglePage>(
        `library/wiggles?${folderId == null ? '' : `folderId=${folderId}&`}limit=${PAGE_SIZE_MAX}`,
      ),
    enabled: folderId !== undefined,
  });
}

/** PUT /library/wiggles/{id}: answers the stored (trimmed, normalised) name. */
export const renameWiggle = (id: number, name: string) =>
  api.put<{ id: number; name: string }>(`library/wiggles/${id}`, { name });
export const deleteWiggle = (id: number) => api.post('library/delete', { type: MoveType.Wiggle, ids: [id] });
