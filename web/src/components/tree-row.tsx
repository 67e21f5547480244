import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import type { ReactNode } from 'react';
import { type DraggedItems, writeDraggedItems } from '../lib/drag-items';
import { useItemDrop } from '../lib/use-item-drop';

interface TreeRowProps {
  label: string;
  icon: ReactNode;
  depth: number;
  selected: boolean;
  onClick: () => void;
  /** Before the row: its TreeToggle, if it has children. */
  toggle?: ReactNode;
  /** After the label, inside the row's button (a public album's globe). */
  badge?: ReactNode;
  /**
   * The rows of this tree have actions: a column after the row's button (on every row, so the labels line up),
   * shown on hover, on focus and on the selected row.
   */
  actionColumn?: boolean;
  /** This row's action (in the action column). */
  action?: ReactNode;
  /** Items dropped on the row (Ctrl/Alt asks for a copy); absent: not a drop target. */
  onDrop?: (items: DraggedItems, copy: boolean) => void;
  /** What dragging this row carries; absent: not draggable. */
  dragged?: DraggedItems;
  sx?: object;
}

/** One row of a folder or album tree: indented by depth, a drop target and draggable where asked. */
export function TreeRow(props: TreeRowProps) {
  const { over, handlers } = useItemDrop(props.onDrop);
  const { dragged, actionColumn } = props;
  // The toggle and the action sit beside the row's button, not inside it: no nested controls.
  return (
    <ListItem
      disablePadding
      {...handlers}
      sx={{
        pl: props.depth * 2,
        outline: over ? 2 : 0,
        outlineColor: 'primary.main',
        outlineStyle: 'dashed',
        outlineOffset: -2,
        ...(actionColumn && {
          '& .row-action': { visibility: props.selected ? 'visible' : 'hidden' },
          '&:hover .row-action, & .row-action:focus-within': { visibility: 'visible' },
        }),
        ...props.sx,
      }}
    >
      <Box sx={{ width: 28, pl: 0.5, flexShrink: 0, display: 'flex' }}>{props.toggle}</Box>
      <ListItemButton
        selected={props.selected}
        onClick={props.onClick}
        draggable={dragged !== undefined}
        onDragStart={dragged ? (event) => writeDraggedItems(event.dataTransfer, dragged) : undefined}
        sx={{ pl: 0.5, ...(actionColumn && { pr: 0.5 }), borderRadius: 1, minWidth: 0 }}
      >
        <ListItemIcon sx={{ minWidth: 30 }}>{props.icon}</ListItemIcon>
        <ListItemText
          primary={props.label}
          slotProps={{ primary: { noWrap: true, title: props.label } }}
          sx={{ my: 0.25 }}
        />
        {props.badge}
      </ListItemButton>
      {actionColumn && (
        <Box className="row-action" sx={{ width: 36, flexShrink: 0 }}>
          {props.action}
        </Box>
      )}
    </ListItem>
  );
}

/** The expand/collapse button of a tree row with children. */
export function TreeToggle({ name, open, onToggle }: { name: string; open: boolean; onToggle: () => void }) {
  return (
    <IconButton
      size="small"
      aria-label={open ? `Collapse ${name}` : `Expand ${name}`}
      onClick={onToggle}
      sx={{ p: 0.25 }}
    >
      {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
    </IconButton>
  );
}
