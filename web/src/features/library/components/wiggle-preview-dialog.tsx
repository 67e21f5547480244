import CloseIcon from '@mui/icons-material/Close';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { PlaybackMode } from '@wiggle/common/enums';
import { Messages } from '@wiggle/common/messages';
import type { Wiggle } from '@wiggle/common/schemas/library';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import {
  DEFAULT_PREVIEW_SPEED_INDEX,
  frameDelay,
  PREVIEW_SPEEDS,
  previewFrames,
} from '../logic/preview-frames';
import { canPlayEnhanced, enhancedUnavailableReason } from '../logic/wiggle-status';

/**
 * The animated wiggle: Original mode alternates the left and right views, Enhanced mode (once the
 * interpolated frames exist) plays all five ping-pong. Frames are preloaded so the first cycle does not stutter.
 */
export function WigglePreviewDialog({ wiggle, onClose }: { wiggle: Wiggle; onClose: () => void }) {
  const enhancedAvailable = canPlayEnhanced(wiggle);
  const [mode, setMode] = useState<PlaybackMode>(
    enhancedAvailable ? PlaybackMode.Enhanced : PlaybackMode.Original,
  );
  const [speed, setSpeed] = useState(DEFAULT_PREVIEW_SPEED_INDEX);
  const [playing, setPlaying] = useState(true);
  const [frame, setFrame] = useState(0);
  const frames = useMemo(() => previewFrames(wiggle.id, mode, 'f'), [wiggle.id, mode]);

  useEffect(() => {
    for (const url of frames) new Image().src = url;
    setFrame(0);
  }, [frames]);

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setFrame((f) => (f + 1) % frames.length), frameDelay(mode, speed));
    return () => clearInterval(timer);
  }, [playing, frames.length, mode, speed]);

  return (
    <Dialog open onClose={onClose} maxWidth="lg" fullWidth aria-label={`Preview of ${wiggle.name}`}>
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box component="span" sx={{ flex: 1, overflow: 'hidden', textOverflow: 'ellipsis' }}>
          {wiggle.name}
        </Box>
        {/* The editor's address (features/editor); a reload there keeps the wiggle open. */}
        <Button component={Link} to={`/editor/${wiggle.id}`} variant="contained" size="small">
          Open in editor
        </Button>
        <IconButton aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <Box
          sx={{ display: 'grid', placeItems: 'center', bgcolor: 'grey.900', borderRadius: 1, minHeight: 300 }}
        >
          <Box
            component="img"
            src={frames[frame]}
            alt={`${wiggle.name}, frame ${frame + 1} of ${frames.length}`}
            sx={{ maxWidth: '100%', maxHeight: '65vh', display: 'block' }}
          />
        </Box>
        <Stack direction="row" spacing={3} sx={{ mt: 2, flexWrap: 'wrap', alignItems: 'center' }}>
          <IconButton aria-label={playing ? 'Pause' : 'Play'} onClick={() => setPlaying(!playing)}>
            {playing ? <PauseIcon /> : <PlayArrowIcon />}
          </IconButton>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={mode}
            onChange={(_, value: PlaybackMode | null) => value !== null && setMode(value)}
            aria-label="Playback mode"
            sx={{ '& .MuiToggleButton-root': { textTransform: 'none' } }}
          >
            <ToggleButton value={PlaybackMode.Original}>Original (2 frames)</ToggleButton>
            <ToggleButton value={PlaybackMode.Enhanced} disabled={!enhancedAvailable}>
              Enhanced (5 frames)
            </ToggleButton>
          </ToggleButtonGroup>
          <Box sx={{ width: 220 }}>
            <Typography variant="caption" id="preview-speed">
              Speed
            </Typography>
            <Slider
              aria-labelledby="preview-speed"
              min={0}
              max={PREVIEW_SPEEDS.length - 1}
              step={1}
              marks
              value={speed}
              onChange={(_, value) => setSpeed(value as number)}
              valueLabelDisplay="auto"
              valueLabelFormat={() => `${frameDelay(mode, speed)} ms/frame`}
            />
          </Box>
        </Stack>
        {!enhancedAvailable ? (
          <Typography variant="caption" color="text.secondary" component="p">
            {wiggle.iStatus === 'InProgress'
              ? 'The in-between frames are still being made; Enhanced playback becomes available when they are ready.'
              : (enhancedUnavailableReason(wiggle) ??
                'Enhanced playback needs the interpolated frames, which this wiggle does not have.')}
          </Typography>
        ) : null}
        {wiggle.autoAlignStatus === 'Error' ? (
          <Typography variant="caption" color="warning.main" component="p">
            {Messages.autoAlignFailed}
          </Typography>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
