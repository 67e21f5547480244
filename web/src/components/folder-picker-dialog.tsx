import FolderIcon from '@mui/icons-material/Folder';
import HomeIcon from '@mui/icons-material/Home';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { useMemo, useState } from 'react';
import { buildFolderTree, type TreeItem, visibleFolderRows } from '../lib/folder-tree';

interface FolderPickerDialogProps {
  title: string;
  submitLabel: string;
  folders: readonly TreeItem[];
  /** The tree's root as the list names it ("Library", "Gallery"). */
  rootLabel?: string;
  /** The list's accessible name. */
  listLabel?: string;
  /** The last target used (SPEC move/copy targets setting); undefined = nothing preselected. */
  initialTarget: number | null | undefined;
  /** Folders that cannot receive the items (a moved folder's own subtree). */
  disabledIds: ReadonlySet<number>;
  busy: boolean;
  onSubmit: (targetFolderId: number | null) => void;
  onClose: () => void;
}

/** Picks the destination folder (library) or album (gallery) for a move or copy, the whole tree shown open. */
export function FolderPickerDialog(props: FolderPickerDialogProps) {
  const rows = useMemo(() => {
    const roots = buildFolderTree(props.folders);
    return visibleFolderRows(roots, new Set(props.folders.map((f) => f.id)));
  }, [props.folders]);
  const known = props.initialTarget === null || rows.some((r) => r.folder.id === props.initialTarget);
  const [target, setTarget] = useState<number | null | undefined>(
    known && !(props.initialTarget != null && props.disabledIds.has(props.initialTarget))
      ? props.initialTarget
      : undefined,
  );
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="sm">
      <DialogTitle>{props.title}</DialogTitle>
      <DialogContent dividers sx={{ p: 0, maxHeight: 420 }}>
        <List dense aria-label={props.listLabel ?? 'Destination folder'}>
          <ListItemButton selected={target === null} onClick={() => setTarget(null)}>
            <ListItemIcon sx={{ minWidth: 32 }}>
              <HomeIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary={props.rootLabel ?? 'Library'} />
          </ListItemButton>
          {rows.map((node) => (
            <ListItemButton
              key={node.folder.id}
              selected={target === node.folder.id}
              disabled={props.disabledIds.has(node.folder.id)}
              onClick={() => setTarget(node.folder.id)}
              sx={{ pl: 2 + (node.depth + 1) * 2 }}
            >
              <ListItemIcon sx={{ minWidth: 32 }}>
                <FolderIcon fontSize="small" />
              </ListItemIcon>
              <ListItemText primary={node.folder.name} slotProps={{ primary: { noWrap: true } }} />
            </ListItemButton>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button
          variant="contained"
          disabled={target === undefined || props.busy}
          onClick={() => target !== undefined && props.onSubmit(target)}
        >
          {props.submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
