import PhotoAlbumIcon from '@mui/icons-material/PhotoAlbum';
import Avatar from '@mui/material/Avatar';
import { MoveType } from '@wiggle/common/enums';
import { galleryImageUrl } from '@wiggle/common/schemas/gallery';
import { type TrashEntry, TrashList } from '../../../components/trash-list';
import { apiUrl } from '../../../lib/api-client';
import type { DraggedItems } from '../../../lib/drag-items';
import { useGalleryTrash } from '../api/organize';

/** The gallery's trash: albums (with their contents) and wiggles, restored one by one or all at once. */
export function GalleryTrashView({ onRestore }: { onRestore: (groups: DraggedItems[]) => void }) {
  const trash = useGalleryTrash(true);
  const { albums = [], wiggles = [] } = trash.data ?? {};
  const entries: TrashEntry[] = [
    ...albums.map((a) => ({
      key: `a${a.id}`,
      name: a.name,
      deletedAt: a.deletedAt,
      avatar: <PhotoAlbumIcon />,
      onRestore: () => onRestore([{ type: MoveType.Folder, ids: [a.id] }]),
    })),
    ...wiggles.map((w) => ({
      key: `w${w.id}`,
      name: w.name,
      deletedAt: w.deletedAt,
      avatar: <Avatar variant="rounded" src={apiUrl(galleryImageUrl(w.id, 'left', 't'))} alt="" />,
      onRestore: () => onRestore([{ type: MoveType.Wiggle, ids: [w.id] }]),
    })),
  ];
  return (
    <TrashList
      state={trash.status}
      entries={entries}
      label="Trashed albums and wiggles"
      note="Albums and wiggles stay here until they expire; an album keeps its sub-albums and wiggles. Nothing in the trash is public or shared."
      onRestoreAll={() =>
        onRestore([
          { type: MoveType.Folder, ids: albums.map((a) => a.id) },
          { type: MoveType.Wiggle, ids: wiggles.map((w) => w.id) },
        ])
      }
    />
  );
}
