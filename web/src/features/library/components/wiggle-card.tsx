import DeleteIcon from '@mui/icons-material/Delete';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { PlaybackMode } from '@wiggle/common/enums';
import { Messages } from '@wiggle/common/messages';
import type { Wiggle } from '@wiggle/common/schemas/library';
import { type DragEvent, type MouseEvent, memo, useEffect, useState } from 'react';
import { previewFrames } from '../logic/preview-frames';
import { canPlayEnhanced, wiggleDisplayState } from '../logic/wiggle-status';
import { Caption, SelectableCard } from './original-card';

interface WiggleCardProps {
  wiggle: Wiggle;
  thumbWidth: number;
  thumbHeight: number;
  selected: boolean;
  onClick: (id: number, event: MouseEvent) => void;
  onOpen: (wiggle: Wiggle) => void;
  onDelete: (wiggle: Wiggle) => void;
  onDragStart: (id: number, event: DragEvent) => void;
}

const HOVER_FRAME_MS = 140;

/** A wiggle thumbnail that animates while hovered, with its creation status over it. */
export const WiggleCard = memo(function WiggleCard(props: WiggleCardProps) {
  const { wiggle, thumbWidth, thumbHeight, selected } = props;
  const state = wiggleDisplayState(wiggle);
  const [hovered, setHovered] = useState(false);
  const frames = previewFrames(
    wiggle.id,
    canPlayEnhanced(wiggle) ? PlaybackMode.Enhanced : PlaybackMode.Original,
    't',
  );
  const [frame, setFrame] = useState(0);
  useEffect(() => {
    if (!hovered || state !== 'ready') {
      setFrame(0);
      return;
    }
    const timer = setInterval(
      () => setFrame((f) => (f + 1) % frames.length),
      frames.length > 2 ? HOVER_FRAME_MS / 2 : HOVER_FRAME_MS,
    );
    return () => clearInterval(timer);
  }, [hovered, state, frames.length]);

  const created = new Date(wiggle.createdAt);
  return (
    <SelectableCard
      label={wiggle.name}
      selected={selected}
      width={thumbWidth}
      onClick={(event) => props.onClick(wiggle.id, event)}
      onDoubleClick={() => state === 'ready' && props.onOpen(wiggle)}
      onDragStart={(event) => props.onDragStart(wiggle.id, event)}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
    >
      <Box sx={{ position: 'relative', width: thumbWidth, height: thumbHeight, bgcolor: 'grey.200' }}>
        {state === 'ready' ? (
          <Box
            component="img"
            src={frames[frame] ?? frames[0]}
            alt={wiggle.name}
            loading="lazy"
            draggable={false}
            sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
          />
        ) : null}
        {state === 'pending' ? <PendingOverlay status={wiggle.createStatus} /> : null}
        {state === 'error' ? <ErrorOverlay onDelete={() => props.onDelete(wiggle)} /> : null}
        {state === 'ready' ? (
          <Tooltip title="Play">
            <IconButton
              aria-label={`Play ${wiggle.name}`}
              size="small"
              onClick={(event) => {
                event.stopPropagation();
                props.onOpen(wiggle);
              }}
              sx={{
                position: 'absolute',
                right: 4,
                bottom: 4,
                bgcolor: 'rgba(255,255,255,0.85)',
                '&:hover': { bgcolor: 'white' },
              }}
            >
              <PlayArrowIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : null}
        <Box sx={{ position: 'absolute', left: 4, bottom: 4, display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          {wiggle.autoAlignStatus === 'Error' ? (
            <Tooltip title={Messages.autoAlignFailed}>
              <Chip size="small" color="warning" icon={<WarningAmberIcon />} label="Auto-align failed" />
            </Tooltip>
          ) : null}
          {state === 'ready' && wiggle.iStatus === 'InProgress' ? (
            <Chip size="small" label="Interpolating…" sx={{ bgcolor: 'rgba(255,255,255,0.85)' }} />
          ) : null}
        </Box>
      </Box>
      <Caption primary={wiggle.name} secondary={created.toLocaleString()} />
    </SelectableCard>
  );
});

function PendingOverlay({ status }: { status: Wiggle['createStatus'] }) {
  return (
    <Box
      sx={{
        position: 'absolute',
        inset: 0,
        display: 'grid',
        placeItems: 'center',
        textAlign: 'center',
        px: 1,
      }}
    >
      <Box>
        <CircularProgress size={28} aria-label="Creating wiggle" />
        <Typography variant="caption" component="div" color="text.secondary">
          {status === 'New' ? 'Waiting…' : 'Creating…'}
        </Typography>
      </Box>
    </Box>
  );
}

function ErrorOverlay({ onDelete }: { onDelete: () => void }) {
  return (
    <Box
      role="alert"
      sx={{
        position: 'absolute',
        inset: 0,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 0.5,
        px: 1,
        textAlign: 'center',
        bgcolor: 'rgba(211, 47, 47, 0.08)',
      }}
    >
      <ErrorOutlineIcon color="error" fontSize="small" />
      <Typography variant="caption" color="error" sx={{ lineHeight: 1.2 }}>
        {Messages.wiggleCreationFailed}
      </Typography>
      <Button
        size="small"
        color="error"
        startIcon={<DeleteIcon />}
        onClick={(event) => {
          event.stopPropagation();
          onDelete();
        }}
      >
        Delete
      </Button>
    </Box>
  );
}
