import type { Folder } from '@wiggle/common/schemas/library';
import { useCallback } from 'react';
import { folderPath } from '../../../lib/folder-tree';
import { getSetting, useSetting } from '../../../lib/stores/settings';

/**
 * The selected and opened folders, both kept in the user settings (SPEC §3). A remembered folder that no
 * longer exists (trashed on another device) falls back to the library root.
 */
export function useFolderNavigation(folders: readonly Folder[] | undefined) {
  const [selected, setSelected] = useSetting('librarySelectedFolder');
  const [opened, setOpened] = useSetting('libraryOpenedFolders');
  const folderId =
    folders !== undefined && selected !== null && !folders.some((f) => f.id === selected) ? null : selected;

  const toggle = useCallback(
    (id: number) => {
      const current = getSetting('libraryOpenedFolders');
      setOpened(current.includes(id) ? current.filter((o) => o !== id) : [...current, id]);
    },
    [setOpened],
  );

  /** Selects a folder and opens every ancestor so it is visible in the tree. */
  const reveal = useCallback(
    (id: number | null, list: readonly Folder[] = folders ?? []) => {
      setSelected(id);
      const ancestors = folderPath(list, id)
        .slice(0, -1)
        .map((f) => f.id);
      const current = getSetting('libraryOpenedFolders');
      const missing = ancestors.filter((a) => !current.includes(a));
      if (missing.length) setOpened([...current, ...missing]);
    },
    [folders, setSelected, setOpened],
  );

  return { folderId, opened, select: setSelected, toggle, reveal };
}
