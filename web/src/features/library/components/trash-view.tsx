import FolderIcon from '@mui/icons-material/Folder';
import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { MoveType } from '@wiggle/common/enums';
import { originalMediaUrl, wiggleMediaUrl } from '@wiggle/common/schemas/library';
import type { ReactNode } from 'react';
import { useTrash } from '../api/trash';
import type { DraggedItems } from '../logic/drag-items';

interface TrashEntry {
  key: string;
  type: MoveType;
  id: number;
  name: string;
  deletedAt: string | null;
  avatar: ReactNode;
}

/** What the member put in the trash, with restore per item or all at once. */
export function TrashView({ onRestore }: { onRestore: (groups: DraggedItems[]) => void }) {
  const trash = useTrash(true);
  if (trash.isPending) return <CircularProgress sx={{ m: 3 }} aria-label="Loading trash" />;
  if (trash.isError) return <Typography sx={{ m: 3 }}>The trash could not be loaded.</Typography>;
  const { folders, wiggles, originals } = trash.data;
  const entries: TrashEntry[] = [
    ...folders.map((f) => ({
      key: `f${f.id}`,
      type: MoveType.Folder,
      id: f.id,
      name: f.name,
      deletedAt: f.deletedAt,
      avatar: <FolderIcon />,
    })),
    ...wiggles.map((w) => ({
      key: `w${w.id}`,
      type: MoveType.Wiggle,
      id: w.id,
      name: w.name,
      deletedAt: w.deletedAt,
      avatar: <Avatar variant="rounded" src={wiggleMediaUrl(w.id, 'left', 't')} alt="" />,
    })),
    ...originals.map((o) => ({
      key: `o${o.id}`,
      type: MoveType.Original,
      id: o.id,
      name: o.name,
      deletedAt: o.deletedAt,
      avatar: <Avatar variant="rounded" src={originalMediaUrl(o.id, 't')} alt="" />,
    })),
  ];
  const all: DraggedItems[] = [
    { type: MoveType.Folder, ids: folders.map((f) => f.id) },
    { type: MoveType.Wiggle, ids: wiggles.map((w) => w.id) },
    { type: MoveType.Original, ids: originals.map((o) => o.id) },
  ];
  return (
    <Box sx={{ p: 2, overflow: 'auto', flex: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          Trash
        </Typography>
        <Button
          startIcon={<RestoreFromTrashIcon />}
          disabled={entries.length === 0}
          onClick={() => onRestore(all)}
        >
          Restore all
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary">
        Items stay here until they expire; a folder keeps its contents. Restored items return to their folder,
        or to the library root when that folder is gone.
      </Typography>
      {entries.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 3 }}>
          The trash is empty.
        </Typography>
      ) : (
        <List aria-label="Trashed items">
          {entries.map((entry) => (
            <ListItem
              key={entry.key}
              divider
              secondaryAction={
                <Button size="small" onClick={() => onRestore([{ type: entry.type, ids: [entry.id] }])}>
                  Restore
                </Button>
              }
            >
              <ListItemAvatar>{entry.avatar}</ListItemAvatar>
              <ListItemText
                primary={entry.name}
                secondary={entry.deletedAt ? `Deleted ${new Date(entry.deletedAt).toLocaleString()}` : null}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}
