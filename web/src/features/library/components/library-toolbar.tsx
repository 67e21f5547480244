import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import DeselectIcon from '@mui/icons-material/Deselect';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import SearchIcon from '@mui/icons-material/Search';
import SelectAllIcon from '@mui/icons-material/SelectAll';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { ZoomControl } from '../../../components/zoom-control';
import { useSetting } from '../../../lib/stores/settings';

export type SelectionAction = 'create' | 'rename' | 'move' | 'copy' | 'delete' | 'selectAll' | 'clear';

interface LibraryToolbarProps {
  title: string;
  search: string;
  onSearch: (value: string) => void;
  onUpload: () => void;
  /** Opens the folder tree where it is not shown beside the lists (narrow screens). */
  onOpenFolders: () => void;
  selectedOriginals: number;
  selectedWiggles: number;
  /** More pages exist: select all covers only the items loaded so far, and says so. */
  partiallyLoaded: boolean;
  onAction: (action: SelectionAction) => void;
}

/** Search, upload, zoom, and what can be done with the selection. */
export function LibraryToolbar(props: LibraryToolbarProps) {
  const [zoomIndex, setZoomIndex] = useSetting('libraryZoomIndex');
  const selected = props.selectedOriginals + props.selectedWiggles;

  return (
    <Box sx={{ px: 2, pt: 1.5, pb: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <IconButton aria-label="Folders" onClick={props.onOpenFolders} sx={{ display: { md: 'none' } }}>
          <FolderOpenIcon />
        </IconButton>
        <Typography
          variant="h6"
          component="h1"
          noWrap
          sx={{ flex: '1 1 160px', minWidth: 0 }}
          title={props.title}
        >
          {props.title}
        </Typography>
        <TextField
          size="small"
          placeholder="Search by name"
          value={props.search}
          onChange={(event) => props.onSearch(event.target.value)}
          slotProps={{
            htmlInput: { 'aria-label': 'Search by name', maxLength: 255 },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ width: 240 }}
        />
        <ZoomControl index={zoomIndex} onChange={setZoomIndex} />
        <Button variant="contained" startIcon={<CloudUploadIcon />} onClick={props.onUpload}>
          Upload
        </Button>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 1 }}>
        <Typography
          variant="body2"
          color="text.secondary"
          noWrap
          sx={{ flex: '1 1 0', minWidth: 0, display: selected > 0 ? 'block' : { xs: 'none', xl: 'block' } }}
        >
          {selected > 0
            ? `${selected} selected${props.partiallyLoaded ? ' (of the items loaded so far)' : ''}`
            : 'Click to select; Ctrl/⌘-click adds, Shift-click selects a range. Drag onto a folder to move.'}
        </Typography>
        <Button
          size="small"
          variant="contained"
          startIcon={<AutoAwesomeIcon />}
          disabled={props.selectedOriginals === 0}
          onClick={() => props.onAction('create')}
        >
          Create wiggle
        </Button>
        <ActionButton
          label="Rename"
          icon={<DriveFileRenameOutlineIcon />}
          disabled={selected === 0}
          onClick={() => props.onAction('rename')}
        />
        <ActionButton
          label="Move to…"
          icon={<DriveFileMoveIcon />}
          disabled={selected === 0}
          onClick={() => props.onAction('move')}
        />
        <ActionButton
          label="Copy to…"
          icon={<ContentCopyIcon />}
          disabled={selected === 0}
          onClick={() => props.onAction('copy')}
        />
        <ActionButton
          label="Move to trash"
          icon={<DeleteIcon />}
          disabled={selected === 0}
          onClick={() => props.onAction('delete')}
        />
        <ActionButton
          label="Select all (Ctrl+A)"
          icon={<SelectAllIcon />}
          onClick={() => props.onAction('selectAll')}
        />
        <ActionButton
          label="Clear selection (Esc)"
          icon={<DeselectIcon />}
          disabled={selected === 0}
          onClick={() => props.onAction('clear')}
        />
      </Box>
    </Box>
  );
}

function ActionButton(props: {
  label: string;
  icon: React.ReactNode;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <Tooltip title={props.label}>
      <span>
        <IconButton aria-label={props.label} disabled={props.disabled} onClick={props.onClick} size="small">
          {props.icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}
