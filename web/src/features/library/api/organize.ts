import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MoveType } from '@wiggle/common/enums';
import type { BulkRenameBody, MoveBody } from '@wiggle/common/schemas/library';
import { api } from '../../../lib/api-client';
import { libraryQueryKey } from './folders';

interface IdsAnswer {
  ids: number[];
}

/** POST /library/move: move or copy (with `copy`) folders, wiggles or originals into a folder. */
export function moveItems(body: MoveBody): Promise<IdsAnswer> {
  return api.post<IdsAnswer>('library/move', body);
}

/** POST /library/delete: to the trash. */
export function trashItems(body: { type: MoveType; ids: number[] }): Promise<IdsAnswer> {
  return api.post<IdsAnswer>('library/delete', body);
}

/** POST /library/restore: back from the trash. */
export function restoreItems(body: { type: MoveType; ids: number[] }): Promise<IdsAnswer> {
  return api.post<IdsAnswer>('library/restore', body);
}

/** POST /library/rename: bulk rename by template. */
export function bulkRename(body: BulkRenameBody): Promise<{ items: Array<{ id: number; name: string }> }> {
  return api.post('library/rename', body);
}

/** PUT /library/{originals|wiggles}/{id}: rename one. */
export function renameItem({ kind, id, name }: { kind: 'originals' | 'wiggles'; id: number; name: string }) {
  return api.put<{ id: number; name: string }>(`library/${kind}/${id}`, { name });
}

/** Every change here can touch folders, lists and the trash, so all library queries are refreshed. */
function useLibraryMutation<Input, Output>(fn: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => client.invalidateQueries({ queryKey: libraryQueryKey }),
  });
}

export const useMoveItems = () => useLibraryMutation(moveItems);
export const useTrashItems = () => useLibraryMutation(trashItems);
export const useRestoreItems = () => useLibraryMutation(restoreItems);
export const useBulkRename = () => useLibraryMutation(bulkRename);
export const useRenameItem = () => useLibraryMutation(renameItem);
