import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type Original, originalMediaUrl } from '@wiggle/common/schemas/library';
import { type DragEvent, type MouseEvent, memo } from 'react';

interface OriginalCardProps {
  original: Original;
  thumbWidth: number;
  thumbHeight: number;
  selected: boolean;
  onClick: (id: number, event: MouseEvent) => void;
  onOpen: (original: Original) => void;
  onDragStart: (id: number, event: DragEvent) => void;
}

export const CARD_PADDING = 6;
export const CARD_CAPTION_HEIGHT = 40;

export const OriginalCard = memo(function OriginalCard(props: OriginalCardProps) {
  const { original, thumbWidth, thumbHeight, selected } = props;
  return (
    <SelectableCard
      label={original.name}
      selected={selected}
      width={thumbWidth}
      onClick={(event) => props.onClick(original.id, event)}
      onDoubleClick={() => props.onOpen(original)}
      onDragStart={(event) => props.onDragStart(original.id, event)}
    >
      <Box
        component="img"
        src={originalMediaUrl(original.id, 't')}
        alt={original.name}
        loading="lazy"
        draggable={false}
        sx={{
          width: thumbWidth,
          height: thumbHeight,
          objectFit: 'contain',
          display: 'block',
          bgcolor: 'grey.200',
        }}
      />
      <Caption primary={original.name} secondary={`${original.width} × ${original.height}`} />
    </SelectableCard>
  );
});

interface SelectableCardProps {
  label: string;
  selected: boolean;
  width: number;
  onClick: (event: MouseEvent) => void;
  onDoubleClick: () => void;
  onDragStart: (event: DragEvent) => void;
  onMouseEnter?: () => void;
  onMouseLeave?: () => void;
  children: React.ReactNode;
}

/** The frame every library card shares: selection outline, check mark, drag source. */
export function SelectableCard(props: SelectableCardProps) {
  return (
    <Box
      role="option"
      aria-selected={props.selected}
      aria-label={props.label}
      tabIndex={-1}
      draggable
      onDragStart={props.onDragStart}
      onClick={props.onClick}
      onDoubleClick={props.onDoubleClick}
      onMouseEnter={props.onMouseEnter}
      onMouseLeave={props.onMouseLeave}
      sx={{
        position: 'relative',
        width: props.width + CARD_PADDING * 2,
        p: `${CARD_PADDING}px`,
        borderRadius: 1,
        cursor: 'pointer',
        userSelect: 'none',
        bgcolor: props.selected ? 'rgba(45, 162, 200, 0.14)' : 'background.paper',
        outline: props.selected ? 2 : 1,
        outlineStyle: 'solid',
        outlineColor: props.selected ? 'primary.main' : 'divider',
        '&:hover': { boxShadow: 2 },
      }}
    >
      {props.children}
      {props.selected ? (
        <CheckCircleIcon
          color="primary"
          sx={{ position: 'absolute', top: 10, left: 10, bgcolor: 'white', borderRadius: '50%' }}
        />
      ) : null}
    </Box>
  );
}

export function Caption({ primary, secondary }: { primary: string; secondary: string }) {
  return (
    <Box sx={{ height: CARD_CAPTION_HEIGHT, pt: 0.5, overflow: 'hidden' }}>
      <Typography variant="body2" noWrap title={primary} sx={{ lineHeight: 1.3 }}>
        {primary}
      </Typography>
      <Typography variant="caption" color="text.secondary" noWrap component="div" sx={{ lineHeight: 1.3 }}>
        {secondary}
      </Typography>
    </Box>
  );
}
