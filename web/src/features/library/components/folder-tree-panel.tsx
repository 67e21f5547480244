import FolderIcon from '@mui/icons-material/Folder';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import HomeIcon from '@mui/icons-material/Home';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { MoveType } from '@wiggle/common/enums';
import type { Folder } from '@wiggle/common/schemas/library';
import { useMemo, useState } from 'react';
import { TreePanel } from '../../../components/tree-panel';
import { TreeRow, TreeToggle } from '../../../components/tree-row';
import type { DraggedItems } from '../../../lib/drag-items';
import { buildFolderTree, type FolderNode, visibleFolderRows } from '../../../lib/folder-tree';

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
    <>
      <TreePanel
        title="Folders"
        treeLabel="Folder tree"
        newLabel="New folder"
        onNew={() => props.onAction('create', null)}
        rootLabel="Library"
        rootIcon={<HomeIcon fontSize="small" />}
        selectedId={selectedId}
        onSelect={onSelect}
        onDropItems={props.onDropItems}
        trashOpen={trashOpen}
        onOpenTrash={props.onOpenTrash}
        actionColumn
      >
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
      </TreePanel>
      <Menu anchorEl={menu?.anchor} open={menu !== null} onClose={() => setMenu(null)}>
        <MenuItem onClick={() => runAction('create')}>New subfolder</MenuItem>
        <MenuItem onClick={() => runAction('rename')}>Rename</MenuItem>
        <MenuItem onClick={() => runAction('move')}>Move to…</MenuItem>
        <MenuItem onClick={() => runAction('copy')}>Copy to…</MenuItem>
        <MenuItem onClick={() => runAction('delete')}>Move to trash</MenuItem>
      </Menu>
    </>
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
  return (
    <TreeRow
      label={folder.name}
      depth={node.depth + 1}
      selected={selected}
      onClick={() => onSelect(folder.id)}
      onDrop={(items, copy) => onDropItems(folder.id, items, copy)}
      dragged={{ type: MoveType.Folder, ids: [folder.id] }}
      icon={open ? <FolderOpenIcon fontSize="small" /> : <FolderIcon fontSize="small" />}
      toggle={
        node.children.length > 0 ? (
          <TreeToggle name={folder.name} open={open} onToggle={() => onToggle(folder.id)} />
        ) : null
      }
      actionColumn
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
