import { useQueryClient } from '@tanstack/react-query';
import { MoveType } from '@wiggle/common/enums';
import { useCallback } from 'react';
import { errorMessage } from '../../../lib/api-client';
import type { DraggedItems } from '../../../lib/drag-items';
import { showSnackbar } from '../../../lib/stores/notification';
import { setSetting } from '../../../lib/stores/settings';
import { galleryQueryKey } from '../api/albums';
import { moveGalleryItems, restoreGalleryItems, trashGalleryItems } from '../api/organize';

/** Albums and wiggles are what the gallery moves; a drag from elsewhere (library originals) is ignored. */
type GalleryType = typeof MoveType.Folder | typeof MoveType.Wiggle;
const isGalleryGroup = (g: DraggedItems): g is DraggedItems & { type: GalleryType } =>
  (g.type === MoveType.Folder || g.type === MoveType.Wiggle) && g.ids.length > 0;

export function describeGalleryItems(groups: readonly DraggedItems[]): string {
  return groups
    .filter(isGalleryGroup)
    .map((g) => {
      const [one, many] = g.type === MoveType.Folder ? ['album', 'albums'] : ['wiggle', 'wiggles'];
      return `${g.ids.length} ${g.ids.length === 1 ? one : many}`;
    })
    .join(' and ');
}

/**
 * Move, copy, trash and restore for albums and gallery wiggles: one call per kind, one refresh of everything the
 * gallery shows, and one message saying what happened (as the library's actions do).
 */
export function useGalleryActions() {
  const client = useQueryClient();

  const run = useCallback(
    async (
      groups: readonly DraggedItems[],
      call: (g: DraggedItems & { type: GalleryType }) => Promise<unknown>,
      done: string,
      failed: string,
    ) => {
      const nonEmpty = groups.filter(isGalleryGroup);
      if (nonEmpty.length === 0) return false;
      try {
        for (const group of nonEmpty) await call(group);
        showSnackbar(`${describeGalleryItems(nonEmpty)} ${done}.`, 'success');
        return true;
      } catch (error) {
        showSnackbar(errorMessage(error, failed), 'error');
        return false;
      } finally {
        await client.invalidateQueries({ queryKey: galleryQueryKey });
      }
    },
    [client],
  );

  const moveOrCopy = useCallback(
    (groups: readonly DraggedItems[], targetAlbumId: number | null, copy: boolean) => {
      setSetting(copy ? 'galleryCopyTarget' : 'galleryMoveTarget', targetAlbumId);
      // Albums are only moved; a copy applies to wiggles.
      const applicable = copy ? groups.filter((g) => g.type === MoveType.Wiggle) : groups;
      return run(
        applicable,
        (g) => moveGalleryItems({ type: g.type, ids: g.ids, targetAlbumId, copy }),
        copy ? 'copied' : 'moved',
        copy ? 'Copying failed.' : 'Moving failed.',
      );
    },
    [run],
  );

  const trash = useCallback(
    (groups: readonly DraggedItems[]) =>
      run(
        groups,
        (g) => trashGalleryItems({ type: g.type, ids: g.ids }),
        'moved to the trash',
        'Deleting failed.',
      ),
    [run],
  );

  const restore = useCallback(
    (groups: readonly DraggedItems[]) =>
      run(groups, (g) => restoreGalleryItems({ type: g.type, ids: g.ids }), 'restored', 'Restoring failed.'),
    [run],
  );

  return { moveOrCopy, trash, restore };
}
