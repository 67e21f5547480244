import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CreateNewFolderIcon from '@mui/icons-material/CreateNewFolder';
import DeleteIcon from '@mui/icons-material/Delete';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FolderIcon from '@mui/icons-material/Folder';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import HomeIcon from '@mui/icons-material/Home';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { MoveType } from '@wiggle/common/enums';
import type { Folder } from '@wiggle/common/schemas/library';
import { type DragEvent, type ReactNode, useMemo, useState } from 'react';
import { type DraggedItems, writeDraggedItems } from '../../../lib/drag-items';
import { buildFolderTree, type FolderNode, visibleFolderRows } from '../../../lib/folder-tree';
import { useItemDrop } from '../../../lib/use-item-drop';

export type FolderAction = 'create' | 'rename' | 'move' | 'copy' | 'delete';

interface FolderTreePanelProps {
  folders: readonly Folder[];
  selectedId: number | null;
  trashOpen: boolean;
  opened: readonly number[];
  onSelect: (folderId: number | null) => void;
  onOpenTrash: () => void;
  onToggle: (folderId: number) => void;
  onDropItems: (targetFolderId: number | null, items: DraggedItems, copy: boolean) => void;
  onAction: (action: FolderAction, folder: Folder | null) => void;
}

/** The member's folder tree: the library root, nested folders (drag targets and draggable), and the trash. */
export function FolderTreePanel(props: FolderTreePanelProps) {
  const { folders, selectedId, trashOpen, opened, onSelect, onToggle } = props;
  const roots = useMemo(() => buildFolderTree(folders), [folders]);
  const openedSet = useMemo(() => new Set(opened), [opened]);
  const rows = useMemo(() => visibleFolderRows(roots, openedSet), [roots, openedSet]);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; folder: Folder } | null>(null);

  const runAction = (action: FolderAction) => {
    const folder = menu?.folder ?? null;
    setMenu(null);
    props.onAction(action, folder);
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, gap: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 600 }}>
          Folders
        </Typography>
        <Tooltip title="New folder here">
          <IconButton aria-label="New folder" onClick={() => props.onAction('create', null)}>
            <CreateNewFolderIcon />
          </IconButton>
        </Tooltip>
      </Box>
      <List dense aria-label="Folder tree" sx={{ flex: 1, overflow: 'auto', py: 0 }}>
        <TreeRow
          label="Library"
          icon={<HomeIcon fontSize="small" />}
          depth={0}
          selected={!trashOpen && selectedId === null}
          onClick={() => onSelect(null)}
          dropTarget={null}
          onDropItems={props.onDropItems}
        />
        {rows.map((node) => (
          <FolderRow
            key={node.folder.id}
            node={node}
            open={openedSet.has(node.folder.id)}
            selected={!trashOpen && selectedId === node.folder.id}
            onSelect={onSelect}
            onToggle={onToggle}
            onDropItems={props.onDropItems}
            onMenu={(anchor) => setMenu({ anchor, folder: node.folder })}
          />
        ))}
        <TreeRow
          label="Trash"
          icon={<DeleteIcon fontSize="small" />}
          depth={0}
          selected={trashOpen}
          onClick={props.onOpenTrash}
          sx={{ mt: 1, borderTop: 1, borderColor: 'divider' }}
        />
      </List>
      <Menu anchorEl={menu?.anchor} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem onClick={() => runAction('create')}>New subfolder</MenuItem>
        <MenuItem onClick={() => runAction('rename')}>Rename</MenuItem>
        <MenuItem onClick={() => runAction('move')}>Move to…</MenuItem>
        <MenuItem onClick={() => runAction('copy')}>Copy to…</MenuItem>
        <MenuItem onClick={() => runAction('delete')}>Move to trash</MenuItem>
      </Menu>
    </Box>
  );
}

interface FolderRowProps {
  node: FolderNode;
  open: boolean;
  selected: boolean;
  onSelect: (folderId: number) => void;
  onToggle: (folderId: number) => void;
  onDropItems: FolderTreePanelProps['onDropItems'];
  onMenu: (anchor: HTMLElement) => void;
}

function FolderRow({ node, open, selected, onSelect, onToggle, onDropItems, onMenu }: FolderRowProps) {
  const { folder } = node;
  const hasChildren = node.children.length > 0;
  return (
    <TreeRow
      label={folder.name}
      depth={node.depth + 1}
      selected={selected}
      onClick={() => onSelect(folder.id)}
      dropTarget={folder.id}
      onDropItems={onDropItems}
      onDragStart={(event) =>
        writeDraggedItems(event.dataTransfer, { type: MoveType.Folder, ids: [folder.id] })
      }
      icon={open ? <FolderOpenIcon fontSize="small" /> : <FolderIcon fontSize="small" />}
      toggle={
        hasChildren ? (
          <IconButton
            size="small"
            aria-label={open ? `Collapse ${folder.name}` : `Expand ${folder.name}`}
            onClick={() => onToggle(folder.id)}
            sx={{ p: 0.25 }}
          >
            {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
          </IconButton>
        ) : null
      }
      action={
        <IconButton
          size="small"
          aria-label={`Actions for ${folder.name}`}
          onClick={(event) => onMenu(event.currentTarget)}
        >
          <MoreVertIcon fontSize="small" />
        </IconButton>
      }
    />
  );
}

interface TreeRowProps {
  label: string;
  icon: ReactNode;
  depth: number;
  selected: boolean;
  onClick: () => void;
  toggle?: ReactNode;
  action?: ReactNode;
  /** The folder a drop lands in (null = root); absent = not a drop target. */
  dropTarget?: number | null;
  onDropItems?: FolderTreePanelProps['onDropItems'];
  onDragStart?: (event: DragEvent) => void;
  sx?: object;
}

function TreeRow(props: TreeRowProps) {
  const { onDropItems, dropTarget } = props;
  const { over, handlers: dropHandlers } = useItemDrop(
    dropTarget !== undefined && onDropItems
      ? (items, copy) => onDropItems(dropTarget, items, copy)
      : undefined,
  );
  // The toggle and the actions sit beside the row's button, not inside it: no nested controls.
  return (
    <ListItem
      disablePadding
      {...dropHandlers}
      sx={{
        pl: props.depth * 2,
        outline: over ? 2 : 0,
        outlineColor: 'primary.main',
        outlineStyle: 'dashed',
        outlineOffset: -2,
        '& .row-action': { visibility: props.selected ? 'visible' : 'hidden' },
        '&:hover .row-action, & .row-action:focus-within': { visibility: 'visible' },
        ...props.sx,
      }}
    >
      <Box sx={{ width: 28, pl: 0.5, flexShrink: 0, display: 'flex' }}>{props.toggle}</Box>
      <ListItemButton
        selected={props.selected}
        onClick={props.onClick}
        draggable={props.onDragStart !== undefined}
        onDragStart={props.onDragStart}
        sx={{ pl: 0.5, pr: 0.5, borderRadius: 1, minWidth: 0 }}
      >
        <ListItemIcon sx={{ minWidth: 30 }}>{props.icon}</ListItemIcon>
        <ListItemText
          primary={props.label}
          slotProps={{ primary: { noWrap: true, title: props.label } }}
          sx={{ my: 0.25 }}
        />
      </ListItemButton>
      <Box className="row-action" sx={{ width: 36, flexShrink: 0 }}>
        {props.action}
      </Box>
    </ListItem>
  );
}
