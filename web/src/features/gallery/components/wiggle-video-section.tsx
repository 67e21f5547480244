import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { GalleryWiggle } from '@wiggle/common/schemas/gallery';
import { useMemo, useState } from 'react';
import { WiggleVideoMaker } from '../../../components/wiggle-video-maker';
import { PLAYBACK_SPEEDS } from '../../../lib/playback';
import { galleryWigglesKey } from '../api/wiggles';

const SPEED_LABELS = ['Slowest', 'Slow', 'Medium', 'Fast', 'Fastest'];

/** "Make video" in a gallery wiggle's details: the owner (re)makes its MP4 at a playback mode and speed. */
export function WiggleVideoSection({
  wiggle,
  onStored,
}: {
  wiggle: GalleryWiggle;
  onStored?: (wiggle: GalleryWiggle) => void;
}) {
  const [mode, setMode] = useState<'original' | 'enhanced'>(wiggle.hasInBetweens ? 'enhanced' : 'original');
  const [speedIndex, setSpeedIndex] = useState(1);
  const [superSpeed, setSuperSpeed] = useState(false);
  const playback = useMemo(() => ({ mode, speedIndex, superSpeed }), [mode, speedIndex, superSpeed]);
  const client = useQueryClient();
  const stored = (saved: GalleryWiggle) => {
    void client.invalidateQueries({ queryKey: galleryWigglesKey });
    onStored?.(saved);
  };
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="subtitle2">
        Video{wiggle.hasVideo ? ' (one is saved; making a new one replaces it)' : ''}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label="Playback"
          value={mode}
          onChange={(event) => setMode(event.target.value as 'original' | 'enhanced')}
          sx={{ minWidth: 160 }}
        >
          <MenuItem value="original">Original (2 frames)</MenuItem>
          <MenuItem value="enhanced" disabled={!wiggle.hasInBetweens}>
            Enhanced (5 frames)
          </MenuItem>
        </TextField>
        <TextField
          select
          size="small"
          label="Speed"
          value={speedIndex}
          disabled={superSpeed}
          onChange={(event) => setSpeedIndex(Number(event.target.value))}
          sx={{ minWidth: 160 }}
        >
          {PLAYBACK_SPEEDS.map((ms, index) => (
            <MenuItem key={ms} value={index}>
              {SPEED_LABELS[index]} ({ms} ms)
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          label="Super speed"
          control={<Switch checked={superSpeed} onChange={(event) => setSuperSpeed(event.target.checked)} />}
        />
      </Box>
      <WiggleVideoMaker wiggle={wiggle} playback={playback} onStored={stored} />
    </Box>
  );
}
