import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EXPORT_SIZES, UPLOAD_RESOLUTION_LIMITS, type UploadResolutionLimit } from '@wiggle/common/constants';
import type { Folder } from '@wiggle/common/schemas/library';
import { useMemo, useRef } from 'react';
import { buildFolderTree, visibleFolderRows } from '../../../lib/folder-tree';
import { useSetting } from '../../../lib/stores/settings';
import { enqueueUploads } from '../stores/upload-queue';
import { UploadProgressList } from './upload-progress-list';

export const ACCEPTED_UPLOADS =
  'image/jpeg,image/png,image/webp,image/tiff,.mpo,.jps,.jpg,.jpeg,.png,.webp,.tif,.tiff';

/** Where uploads go: the upload-target setting, "current" meaning the folder on screen. */
export function resolveUploadFolder(
  target: 'current' | number,
  currentFolderId: number | null,
  folders: readonly Folder[],
) {
  if (target === 'current') return currentFolderId;
  return folders.some((f) => f.id === target) ? target : currentFolderId;
}

interface UploadDialogProps {
  currentFolderId: number | null;
  folders: readonly Folder[];
  onClose: () => void;
}

/** Upload options (target, resolution limit, force re-encode; all remembered) and the per-file progress. */
export function UploadDialog({ currentFolderId, folders, onClose }: UploadDialogProps) {
  const [target, setTarget] = useSetting('uploadTarget');
  const [limit, setLimit] = useSetting('uploadResolutionLimit');
  const [reencode, setReencode] = useSetting('uploadForceReencode');
  const input = useRef<HTMLInputElement>(null);
  const folderRows = useMemo(
    () => visibleFolderRows(buildFolderTree(folders), new Set(folders.map((f) => f.id))),
    [folders],
  );

  const start = (files: FileList | null) => {
    if (!files || files.length === 0) return;
    enqueueUploads([...files], {
      folderId: resolveUploadFolder(target, currentFolderId, folders),
      resolutionLimit: limit,
      reencode,
    });
    if (input.current) input.current.value = '';
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Upload stereo photos</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            label="Upload to"
            value={typeof target === 'number' ? String(target) : 'current'}
            onChange={(event) =>
              setTarget(event.target.value === 'current' ? 'current' : Number(event.target.value))
            }
          >
            <MenuItem value="current">The current folder</MenuItem>
            {folderRows.map((node) => (
              <MenuItem key={node.folder.id} value={String(node.folder.id)} sx={{ pl: 2 + node.depth * 2 }}>
                {node.folder.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Resolution limit (long side)"
            value={limit}
            onChange={(event) => setLimit(Number(event.target.value) as UploadResolutionLimit)}
          >
            {UPLOAD_RESOLUTION_LIMITS.map((l, i) => (
              <MenuItem key={l} value={l}>
                {l} px (exports up to about {EXPORT_SIZES[i]} px)
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={<Switch checked={reencode} onChange={(event) => setReencode(event.target.checked)} />}
            label="Force re-encode (recommended: strips metadata and fixes odd encodings)"
          />
          <Box
            sx={{
              border: 2,
              borderStyle: 'dashed',
              borderColor: 'divider',
              borderRadius: 2,
              p: 3,
              textAlign: 'center',
            }}
          >
            <Typography color="text.secondary" gutterBottom>
              Pairs of photos, side-by-side images or MPO files. You can also drop files onto the library.
            </Typography>
            <Button
              variant="contained"
              startIcon={<CloudUploadIcon />}
              onClick={() => input.current?.click()}
            >
              Choose files
            </Button>
            <input
              ref={input}
              type="file"
              multiple
              hidden
              accept={ACCEPTED_UPLOADS}
              aria-label="Files to upload"
              onChange={(event) => start(event.target.files)}
            />
          </Box>
          <UploadProgressList />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
