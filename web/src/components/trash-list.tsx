import RestoreFromTrashIcon from '@mui/icons-material/RestoreFromTrash';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface TrashEntry {
  key: string;
  name: string;
  deletedAt: string | null;
  avatar: ReactNode;
  onRestore: () => void;
}

interface TrashListProps {
  state: 'pending' | 'error' | 'success';
  entries: readonly TrashEntry[];
  /** What happens to trashed items, in the area's own words. */
  note: string;
  /** What the list is called for assistive technology ("Trashed items", "Trashed albums and wiggles"). */
  label: string;
  onRestoreAll: () => void;
}

/** A trash: what the member deleted, newest knowledge first, with restore per item or all at once (library, gallery). */
export function TrashList({ state, entries, note, label, onRestoreAll }: TrashListProps) {
  if (state === 'pending') return <CircularProgress sx={{ m: 3 }} aria-label="Loading trash" />;
  if (state === 'error') return <Typography sx={{ m: 3 }}>The trash could not be loaded.</Typography>;
  return (
    <Box sx={{ p: 2, overflow: 'auto', flex: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flex: 1 }}>
          Trash
        </Typography>
        <Button startIcon={<RestoreFromTrashIcon />} disabled={entries.length === 0} onClick={onRestoreAll}>
          Restore all
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {note}
      </Typography>
      {entries.length === 0 ? (
        <Typography color="text.secondary" sx={{ mt: 3 }}>
          The trash is empty.
        </Typography>
      ) : (
        <List aria-label={label}>
          {entries.map((entry) => (
            <ListItem
              key={entry.key}
              divider
              secondaryAction={
                <Button size="small" onClick={entry.onRestore}>
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
