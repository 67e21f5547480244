import CreateNewFolderIcon from '@mui/icons-material/CreateNewFolder';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { DraggedItems } from '../lib/drag-items';
import { TreeRow } from './tree-row';

interface TreePanelProps {
  /** The heading ("Folders"). */
  title: string;
  /** The accessible name of the list ("Folder tree"). */
  treeLabel: string;
  /** The new-folder button's name ("New folder"); its tooltip adds "here". */
  newLabel: string;
  onNew: () => void;
  /** The tree's root row ("Library" with its icon): no folder, a drop target. */
  rootLabel: string;
  rootIcon: ReactNode;
  /** The open folder (null: the root), unless the trash is open. */
  selectedId: number | null;
  onSelect: (folderId: number | null) => void;
  /** Items dropped on a folder (null: the root); Ctrl/Alt asks for a copy. */
  onDropItems: (targetId: number | null, items: DraggedItems, copy: boolean) => void;
  trashOpen: boolean;
  onOpenTrash: () => void;
  /** The rows have an action column (TreeRow's `actionColumn`); the trash row keeps it too. */
  actionColumn?: boolean;
  /** The visible rows under the root (TreeRow); the trash follows them. */
  children: ReactNode;
}

/** A member's folder or album tree: a heading with a new-folder button, the root, the rows, and the trash last. */
export function TreePanel(props: TreePanelProps) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, gap: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 600 }}>
          {props.title}
        </Typography>
        <Tooltip title={`${props.newLabel} here`}>
          <IconButton aria-label={props.newLabel} onClick={props.onNew}>
            <CreateNewFolderIcon />
          </IconButton>
        </Tooltip>
      </Box>
      <List dense aria-label={props.treeLabel} sx={{ flex: 1, overflow: 'auto', py: 0 }}>
        <TreeRow
          label={props.rootLabel}
          icon={props.rootIcon}
          depth={0}
          selected={!props.trashOpen && props.selectedId === null}
          onClick={() => props.onSelect(null)}
          onDrop={(items, copy) => props.onDropItems(null, items, copy)}
          actionColumn={props.actionColumn}
        />
        {props.children}
        <TreeRow
          label="Trash"
          icon={<DeleteIcon fontSize="small" />}
          depth={0}
          selected={props.trashOpen}
          onClick={props.onOpenTrash}
          actionColumn={props.actionColumn}
          sx={{ mt: 1, borderTop: 1, borderColor: 'divider' }}
        />
      </List>
    </Box>
  );
}
