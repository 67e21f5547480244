import FolderIcon from '@mui/icons-material/Folder';
import Avatar from '@mui/material/Avatar';
import { MoveType } from '@wiggle/common/enums';
import { originalMediaUrl, wiggleMediaUrl } from '@wiggle/common/schemas/library';
import { type TrashEntry, TrashList } from '../../../components/trash-list';
import type { DraggedItems } from '../../../lib/drag-items';
import { useTrash } from '../api/trash';

/** What the member put in the library's trash, with restore per item or all at once. */
export function TrashView({ onRestore }: { onRestore: (groups: DraggedItems[]) => void }) {
  const trash = useTrash(true);
  const { folders = [], wiggles = [], originals = [] } = trash.data ?? {};
  const entry = (type: MoveType, item: { id: number; name: string; deletedAt: string | null }) => ({
    name: item.name,
    deletedAt: item.deletedAt,
    onRestore: () => onRestore([{ type, ids: [item.id] }]),
  });
  const entries: TrashEntry[] = [
    ...folders.map((f) => ({ key: `f${f.id}`, ...entry(MoveType.Folder, f), avatar: <FolderIcon /> })),
    ...wiggles.map((w) => ({
      key: `w${w.id}`,
      ...entry(MoveType.Wiggle, w),
      avatar: <Avatar variant="rounded" src={wiggleMediaUrl(w.id, 'left', 't')} alt="" />,
    })),
    ...originals.map((o) => ({
      key: `o${o.id}`,
      ...entry(MoveType.Original, o),
      avatar: <Avatar variant="rounded" src={originalMediaUrl(o.id, 't')} alt="" />,
    })),
  ];
  return (
    <TrashList
      state={trash.status}
      entries={entries}
      label="Trashed items"
      note="Items stay here until they expire; a folder keeps its contents. Restored items return to their folder, or to the library root when that folder is gone."
      onRestoreAll={() =>
        onRestore([
          { type: MoveType.Folder, ids: folders.map((f) => f.id) },
          { type: MoveType.Wiggle, ids: wiggles.map((w) => w.id) },
          { type: MoveType.Original, ids: originals.map((o) => o.id) },
        ])
      }
    />
  );
}
