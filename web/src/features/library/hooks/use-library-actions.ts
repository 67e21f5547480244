import { useQueryClient } from '@tanstack/react-query';
import { MoveType } from '@wiggle/common/enums';
import { useCallback } from 'react';
import { errorMessage } from '../../../lib/api-client';
import type { DraggedItems } from '../../../lib/drag-items';
import { showSnackbar } from '../../../lib/stores/notification';
import { setSetting } from '../../../lib/stores/settings';
import { libraryQueryKey } from '../api/folders';
import { moveItems, restoreItems, trashItems } from '../api/organize';

const NOUNS: Record<MoveType, [string, string]> = {
  [MoveType.Folder]: ['folder', 'folders'],
  [MoveType.Wiggle]: ['wiggle', 'wiggles'],
  [MoveType.Original]: ['original', 'originals'],
};

export function describeItems(groups: readonly DraggedItems[]): string {
  return groups
    .filter((g) => g.ids.length > 0)
    .map((g) => `${g.ids.length} ${NOUNS[g.type][g.ids.length === 1 ? 0 : 1]}`)
    .join(' and ');
}

/**
 * Move, copy, trash and restore for any mix of folders, wiggles and originals: one call per kind, then
 * one refresh of everything the library shows, and one message saying what happened.
 */
export function useLibraryActions() {
  const client = useQueryClient();

  const run = useCallback(
    async (
      groups: readonly DraggedItems[],
      call: (g: DraggedItems) => Promise<unknown>,
      done: string,
      failed: string,
    ) => {
      const nonEmpty = groups.filter((g) => g.ids.length > 0);
      if (nonEmpty.length === 0) return false;
      try {
        for (const group of nonEmpty) await call(group);
        showSnackbar(`${describeItems(nonEmpty)} ${done}.`, 'success');
        return true;
      } catch (error) {
        showSnackbar(errorMessage(error, failed), 'error');
        return false;
      } finally {
        await client.invalidateQueries({ queryKey: libraryQueryKey });
      }
    },
    [client],
  );

  const moveOrCopy = useCallback(
    (groups: readonly DraggedItems[], targetFolderId: number | null, copy: boolean) => {
      setSetting(copy ? 'copyTarget' : 'moveTarget', targetFolderId);
      return run(
        groups,
        (g) => moveItems({ type: g.type, ids: g.ids, targetFolderId, copy }),
        copy ? 'copied' : 'moved',
        copy ? 'Copying failed.' : 'Moving failed.',
      );
    },
    [run],
  );

  const trash = useCallback(
    (groups: readonly DraggedItems[]) =>
      run(groups, (g) => trashItems({ type: g.type, ids: g.ids }), 'moved to the trash', 'Deleting failed.'),
    [run],
  );

  const restore = useCallback(
    (groups: readonly DraggedItems[]) =>
      run(groups, (g) => restoreItems({ type: g.type, ids: g.ids }), 'restored', 'Restoring failed.'),
    [run],
  );

  return { moveOrCopy, trash, restore };
}
