import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Messages } from '@wiggle/common/messages';
import type { Album } from '@wiggle/common/schemas/gallery';
import { useEffect } from 'react';
import { buildFolderTree, type FolderNode, folderPath } from '../../../lib/folder-tree';
import { useExportAlbums } from '../api/export-api';

const ROOT = 'root';

/** Every album in tree order (parents before children, names sorted), each with its whole path. */
function albumsWithPaths(albums: readonly Album[]): Array<{ id: number; path: string }> {
  const rows: Array<{ id: number; path: string }> = [];
  const walk = (nodes: readonly FolderNode<Album>[]) => {
    for (const node of nodes) {
      const path = folderPath(albums, node.folder.id).map((a) => a.name);
      rows.push({ id: node.folder.id, path: path.join(' / ') });
      walk(node.children);
    }
  };
  walk(buildFolderTree(albums));
  return rows;
}

interface ExportAlbumFieldProps {
  value: number | null;
  onChange: (albumId: number | null) => void;
  disabled?: boolean;
}

/** The gallery album an export lands in (null = the gallery's root); SPEC §8's album loading failure with a retry. */
export function ExportAlbumField({ value, onChange, disabled }: ExportAlbumFieldProps) {
  const albums = useExportAlbums();
  const rows = albumsWithPaths(albums.data ?? []);
  const gone = albums.isSuccess && value !== null && !rows.some((r) => r.id === value);
  useEffect(() => {
    // A remembered album that is gone (trashed since) falls back to the gallery's root.
    if (gone) onChange(null);
  }, [gone, onChange]);
  if (albums.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void albums.refetch()}>
            Retry
          </Button>
        }
      >
        {Messages.albumsLoadFailed}
      </Alert>
    );
  }
  const current = value !== null && !gone ? String(value) : ROOT;
  return (
    <TextField
      select
      size="small"
      label="Target album"
      value={albums.isPending ? ROOT : current}
      disabled={disabled || albums.isPending}
      onChange={(e) => onChange(e.target.value === ROOT ? null : Number(e.target.value))}
    >
      <MenuItem value={ROOT}>Gallery (no album)</MenuItem>
      {rows.map((row) => (
        <MenuItem key={row.id} value={String(row.id)}>
          {row.path}
        </MenuItem>
      ))}
    </TextField>
  );
}
