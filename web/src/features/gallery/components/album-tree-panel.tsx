import CollectionsIcon from '@mui/icons-material/Collections';
import PhotoAlbumIcon from '@mui/icons-material/PhotoAlbum';
import PublicIcon from '@mui/icons-material/Public';
import { MoveType } from '@wiggle/common/enums';
import type { Album } from '@wiggle/common/schemas/gallery';
import { useMemo } from 'react';
import { TreePanel } from '../../../components/tree-panel';
import { TreeRow, TreeToggle } from '../../../components/tree-row';
import type { DraggedItems } from '../../../lib/drag-items';
import { buildFolderTree, visibleFolderRows } from '../../../lib/folder-tree';

interface AlbumTreePanelProps {
  albums: readonly Album[];
  selectedId: number | null;
  trashOpen: boolean;
  opened: readonly number[];
  onSelect: (albumId: number | null) => void;
  onOpenTrash: () => void;
  onToggle: (albumId: number) => void;
  onCreate: () => void;
  /** Wiggles or albums dropped on an album (null = the gallery root); Ctrl/Alt asks for a copy. */
  onDropItems: (targetAlbumId: number | null, items: DraggedItems, copy: boolean) => void;
}

/**
 * The member's album tree: the gallery root and nested albums (drop targets for wiggles and albums, albums
 * draggable), public ones (or inside one) with a globe, and the trash.
 */
export function AlbumTreePanel(props: AlbumTreePanelProps) {
  const { albums, selectedId, trashOpen, opened, onSelect, onToggle, onDropItems } = props;
  const openedSet = useMemo(() => new Set(opened), [opened]);
  const rows = useMemo(() => visibleFolderRows(buildFolderTree(albums), openedSet), [albums, openedSet]);
  return (
    <TreePanel
      title="Albums"
      treeLabel="Album tree"
      newLabel="New album"
      onNew={props.onCreate}
      rootLabel="Gallery"
      rootIcon={<CollectionsIcon fontSize="small" />}
      selectedId={selectedId}
      onSelect={onSelect}
      onDropItems={onDropItems}
      trashOpen={trashOpen}
      onOpenTrash={props.onOpenTrash}
    >
      {rows.map(({ folder: album, children, depth }) => {
        const open = openedSet.has(album.id);
        return (
          <TreeRow
            key={album.id}
            label={album.name}
            depth={depth + 1}
            selected={!trashOpen && selectedId === album.id}
            onClick={() => onSelect(album.id)}
            onDrop={(items, copy) => onDropItems(album.id, items, copy)}
            dragged={{ type: MoveType.Folder, ids: [album.id] }}
            icon={<PhotoAlbumIcon fontSize="small" />}
            badge={
              album.public || album.hasPublicParent ? (
                <PublicIcon fontSize="small" color="action" titleAccess="Public" />
              ) : null
            }
            toggle={
              children.length > 0 ? (
                <TreeToggle name={album.name} open={open} onToggle={() => onToggle(album.id)} />
              ) : null
            }
          />
        );
      })}
    </TreePanel>
  );
}
