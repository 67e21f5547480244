import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import DeselectIcon from '@mui/icons-material/Deselect';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import DriveFileRenameOutlineIcon from '@mui/icons-material/DriveFileRenameOutline';
import SearchIcon from '@mui/icons-material/Search';
import SelectAllIcon from '@mui/icons-material/SelectAll';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { ZOOM_LEVELS } from '@wiggle/common/constants';
import {
  ORIGINAL_SORTS,
  type OriginalSort,
  type SortOrder,
  WIGGLE_SORTS,
  type WiggleSort,
} from '@wiggle/common/enums';
import { useSetting } from '../../../lib/stores/settings';
import { clampZoomIndex, stepZoom, zoomLevel } from '../logic/zoom';

const ORIGINAL_SORT_LABELS: Record<OriginalSort, string> = {
  name: 'Name',
  date: 'Upload date',
  width: 'Width',
  height: 'Height',
  resolution: 'Resolution',
};
const WIGGLE_SORT_LABELS: Record<WiggleSort, string> = {
  name: 'Name',
  created: 'Created',
  lastModified: 'Last modified',
  rating: 'Rating',
};

export type SelectionAction = 'create' | 'rename' | 'move' | 'copy' | 'delete' | 'selectAll' | 'clear';

interface LibraryToolbarProps {
  title: string;
  search: string;
  onSearch: (value: string) => void;
  onUpload: () => void;
  selectedOriginals: number;
  selectedWiggles: number;
  onAction: (action: SelectionAction) => void;
}

/** Search, upload, zoom, the two sorts, and what can be done with the selection. */
export function LibraryToolbar(props: LibraryToolbarProps) {
  const [zoomIndex, setZoomIndex] = useSetting('libraryZoomIndex');
  const [originalSort, setOriginalSort] = useSetting('libraryOriginalSort');
  const [wiggleSort, setWiggleSort] = useSetting('libraryWiggleSort');
  const zoom = clampZoomIndex(zoomIndex);
  const selected = props.selectedOriginals + props.selectedWiggles;

  return (
    <Box sx={{ px: 2, pt: 1.5, pb: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
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
        <Box sx={{ display: 'flex', alignItems: 'center' }}>
          <Tooltip title="Zoom out">
            <span>
              <IconButton
                aria-label="Zoom out"
                disabled={zoom === 0}
                onClick={() => setZoomIndex(stepZoom(zoom, -1))}
              >
                <ZoomOutIcon />
              </IconButton>
            </span>
          </Tooltip>
          <Typography variant="body2" sx={{ width: 40, textAlign: 'center' }} aria-label="Zoom level">
            {zoomLevel(zoom).toFixed(1)}×
          </Typography>
          <Tooltip title="Zoom in">
            <span>
              <IconButton
                aria-label="Zoom in"
                disabled={zoom === ZOOM_LEVELS.length - 1}
                onClick={() => setZoomIndex(stepZoom(zoom, 1))}
              >
                <ZoomInIcon />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
        <Button variant="contained" startIcon={<CloudUploadIcon />} onClick={props.onUpload}>
          Upload
        </Button>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 1 }}>
        <SortControl
          label="Wiggles by"
          options={WIGGLE_SORTS}
          labels={WIGGLE_SORT_LABELS}
          value={wiggleSort}
          onChange={setWiggleSort}
        />
        <SortControl
          label="Originals by"
          options={ORIGINAL_SORTS}
          labels={ORIGINAL_SORT_LABELS}
          value={originalSort}
          onChange={setOriginalSort}
        />
        <Box sx={{ flex: 1 }} />
        <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }}>
          {selected > 0 ? `${selected} selected` : 'Click, Ctrl/⌘-click or Shift-click to select'}
        </Typography>
        <Button
          size="small"
          variant="contained"
          color="secondary"
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
        <IconButton aria-label={props.label} disabled={props.disabled} onClick={props.onClick}>
          {props.icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

interface SortControlProps<By extends string> {
  label: string;
  options: readonly By[];
  labels: Record<By, string>;
  value: { by: By; order: SortOrder };
  onChange: (value: { by: By; order: SortOrder }) => void;
}

function SortControl<By extends string>({ label, options, labels, value, onChange }: SortControlProps<By>) {
  const ascending = value.order === 'asc';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center' }}>
      <TextField
        select
        size="small"
        label={label}
        value={value.by}
        onChange={(event) => onChange({ ...value, by: event.target.value as By })}
        sx={{ minWidth: 150 }}
      >
        {options.map((o) => (
          <MenuItem key={o} value={o}>
            {labels[o]}
          </MenuItem>
        ))}
      </TextField>
      <Tooltip title={ascending ? 'Ascending' : 'Descending'}>
        <IconButton
          aria-label={`${label}: ${ascending ? 'ascending' : 'descending'}, click to reverse`}
          onClick={() => onChange({ ...value, order: ascending ? 'desc' : 'asc' })}
        >
          {ascending ? <ArrowUpwardIcon fontSize="small" /> : <ArrowDownwardIcon fontSize="small" />}
        </IconButton>
      </Tooltip>
    </Box>
  );
}
