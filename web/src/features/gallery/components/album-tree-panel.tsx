import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CollectionsIcon from '@mui/icons-material/Collections';
import CreateNewFolderIcon from '@mui/icons-material/CreateNewFolder';
import DeleteIcon from '@mui/icons-material/Delete';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PhotoAlbumIcon from '@mui/icons-material/PhotoAlbum';
import PublicIcon from '@mui/icons-material/Public';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { MoveType } from '@wiggle/common/enums';
import type { Album } from '@wiggle/common/schemas/gallery';
import { type ReactNode, useMemo } from 'react';
import { type DraggedItems, writeDraggedItems } from '../../../lib/drag-items';
import { buildFolderTree, visibleFolderRows } from '../../../lib/folder-tree';
import { useItemDrop } from '../../../lib/use-item-drop';

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
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, gap: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 600 }}>
          Albums
        </Typography>
        <Tooltip title="New album here">
          <IconButton aria-label="New album" onClick={props.onCreate}>
            <CreateNewFolderIcon />
          </IconButton>
        </Tooltip>
      </Box>
      <List dense aria-label="Album tree" sx={{ flex: 1, overflow: 'auto', py: 0 }}>
        <AlbumRow
          label="Gallery"
          icon={<CollectionsIcon fontSize="small" />}
          depth={0}
          selected={!trashOpen && selectedId === null}
          onClick={() => onSelect(null)}
          onDrop={(items, copy) => onDropItems(null, items, copy)}
        />
        {rows.map(({ folder: album, children, depth }) => {
          const open = openedSet.has(album.id);
          return (
            <AlbumRow
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
                  <IconButton
                    size="small"
                    aria-label={open ? `Collapse ${album.name}` : `Expand ${album.name}`}
                    onClick={() => onToggle(album.id)}
                    sx={{ p: 0.25 }}
                  >
                    {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
                  </IconButton>
                ) : null
              }
            />
          );
        })}
        <AlbumRow
          label="Trash"
          icon={<DeleteIcon fontSize="small" />}
          depth={0}
          selected={trashOpen}
          onClick={props.onOpenTrash}
          sx={{ mt: 1, borderTop: 1, borderColor: 'divider' }}
        />
      </List>
    </Box>
  );
}

interface AlbumRowProps {
  label: string;
  icon: ReactNode;
  depth: number;
  selected: boolean;
  onClick: () => void;
  onDrop?: (items: DraggedItems, copy: boolean) => void;
  /** What dragging this row carries (an album); absent = not draggable. */
  dragged?: DraggedItems;
  toggle?: ReactNode;
  badge?: ReactNode;
  sx?: object;
}

function AlbumRow(props: AlbumRowProps) {
  const { over, handlers } = useItemDrop(props.onDrop);
  const { dragged } = props;
  return (
    <ListItem
      disablePadding
      {...handlers}
      sx={{
        pl: props.depth * 2,
        outline: over ? 2 : 0,
        outlineColor: 'primary.main',
        outlineStyle: 'dashed',
        outlineOffset: -2,
        ...props.sx,
      }}
    >
      <Box sx={{ width: 28, pl: 0.5, flexShrink: 0, display: 'flex' }}>{props.toggle}</Box>
      <ListItemButton
        selected={props.selected}
        onClick={props.onClick}
        draggable={dragged !== undefined}
        onDragStart={dragged ? (event) => writeDraggedItems(event.dataTransfer, dragged) : undefined}
        sx={{ pl: 0.5, borderRadius: 1, minWidth: 0 }}
      >
        <ListItemIcon sx={{ minWidth: 30 }}>{props.icon}</ListItemIcon>
        <ListItemText
          primary={props.label}
          slotProps={{ primary: { noWrap: true, title: props.label } }}
          sx={{ my: 0.25 }}
        />
        {props.badge}
      </ListItemButton>
    </ListItem>
  );
}
