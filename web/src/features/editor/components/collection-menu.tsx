import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Wiggle } from '@wiggle/common/schemas/library';
import { useState } from 'react';

interface CollectionMenuProps {
  wiggle: Wiggle;
  previousId: number | null;
  nextId: number | null;
  onOpen: (id: number) => void;
  onRename: (name: string) => Promise<void>;
  onDelete: () => void;
}

/** SPEC §2 collection menu: previous and next wiggle of the folder, rename, delete. */
export function CollectionMenu({ wiggle, previousId, nextId, ...props }: CollectionMenuProps) {
  const [editing, setEditing] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const commit = async () => {
    if (editing === null) return;
    try {
      await props.onRename(editing);
      setEditing(null);
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <Stack direction="row" spacing={1} sx={{ px: 1, alignItems: 'center' }}>
      <Tooltip title="Previous wiggle">
        <span>
          <IconButton
            aria-label="Previous wiggle"
            disabled={previousId === null}
            onClick={() => previousId && props.onOpen(previousId)}
          >
            <ChevronLeftIcon />
          </IconButton>
        </span>
      </Tooltip>
      {editing === null ? (
        <Typography variant="h6" sx={{ flex: 1 }} noWrap>
          {wiggle.name}
        </Typography>
      ) : (
        <TextField
          size="small"
          autoFocus
          label="Name"
          value={editing}
          error={Boolean(error)}
          helperText={error}
          onChange={(e) => setEditing(e.target.value)}
          onKeyDown={(e) => e.key === 'Enter' && void commit()}
          sx={{ flex: 1 }}
        />
      )}
      <Tooltip title="Next wiggle">
        <span>
          <IconButton
            aria-label="Next wiggle"
            disabled={nextId === null}
            onClick={() => nextId && props.onOpen(nextId)}
          >
            <ChevronRightIcon />
          </IconButton>
        </span>
      </Tooltip>
      {editing === null ? (
        <Button size="small" onClick={() => setEditing(wiggle.name)}>
          Rename
        </Button>
      ) : (
        <Button size="small" onClick={() => void commit()}>
          Save name
        </Button>
      )}
      <Button size="small" color="error" onClick={props.onDelete}>
        Delete
      </Button>
    </Stack>
  );
}
