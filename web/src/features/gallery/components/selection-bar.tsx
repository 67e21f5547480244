import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import DeselectIcon from '@mui/icons-material/Deselect';
import DriveFileMoveIcon from '@mui/icons-material/DriveFileMove';
import SelectAllIcon from '@mui/icons-material/SelectAll';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export type SelectionAction = 'move' | 'copy' | 'delete' | 'selectAll' | 'clear';

const ACTIONS: [SelectionAction, string, ReactNode, boolean][] = [
  ['move', 'Move to…', <DriveFileMoveIcon key="m" />, true],
  ['copy', 'Copy to…', <ContentCopyIcon key="c" />, true],
  ['delete', 'Move to trash', <DeleteIcon key="d" />, true],
  ['selectAll', 'Select all (Ctrl+A)', <SelectAllIcon key="a" />, false],
  ['clear', 'Clear selection (Esc)', <DeselectIcon key="x" />, true],
];

/** What can be done with the selected gallery wiggles, and how to select. */
export function SelectionBar(props: {
  count: number;
  /** More pages exist: select all covers only the wiggles loaded so far, and says so. */
  partiallyLoaded: boolean;
  onAction: (action: SelectionAction) => void;
  /** More controls at the row's end (the zoom). */
  children?: ReactNode;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
      <Typography variant="body2" color="text.secondary" noWrap sx={{ flex: '1 1 0', minWidth: 0 }}>
        {props.count > 0
          ? `${props.count} selected${props.partiallyLoaded ? ' (of the wiggles loaded so far)' : ''}`
          : 'Click to select; Ctrl/⌘-click adds, Shift-click selects a range. Drag onto an album to move (Ctrl: copy).'}
      </Typography>
      {ACTIONS.map(([action, label, icon, needsSelection]) => (
        <Tooltip key={action} title={label}>
          <span>
            <IconButton
              size="small"
              aria-label={label}
              disabled={needsSelection && props.count === 0}
              onClick={() => props.onAction(action)}
            >
              {icon}
            </IconButton>
          </span>
        </Tooltip>
      ))}
      {props.children}
    </Box>
  );
}
