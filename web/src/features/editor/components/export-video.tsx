import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { Messages } from '@wiggle/common/messages';
import { useMemo } from 'react';
import { WiggleVideoMaker } from '../../../components/wiggle-video-maker';
import { errorMessage } from '../../../lib/api-client';
import { useExportedGalleryWiggle } from '../api/gallery-wiggle';

export interface ExportVideoProps {
  /** The gallery wiggle the export created (GET /api/exports/{id} → galleryWiggleId). */
  galleryWiggleId: number;
  /** The export's playback mode; Enhanced falls back to Original when the wiggle has no in-betweens. */
  mode: 'original' | 'enhanced';
  /** Index into PLAYBACK_SPEEDS (the editor's speed), and SPEC §9's super-speed. */
  speedIndex?: number;
  superSpeed?: boolean;
  /** Encode at once (right after a successful export) rather than on the button. */
  autoStart?: boolean;
}

/**
 * The export's video (issue 12 part 3): after an export succeeds, the browser makes the wiggle's MP4 at the chosen
 * speed and mode, offers it for download and stores it with the gallery wiggle. Self-contained: give it the id.
 * A browser without video encoding shows SPEC's message; the export itself has already succeeded.
 */
export function ExportVideo({
  galleryWiggleId,
  mode,
  speedIndex = 1,
  superSpeed = false,
  autoStart = true,
}: ExportVideoProps) {
  const wiggle = useExportedGalleryWiggle(galleryWiggleId);
  const playback = useMemo(() => ({ mode, speedIndex, superSpeed }), [mode, speedIndex, superSpeed]);
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="subtitle2">Video</Typography>
      {wiggle.isPending ? <CircularProgress size={24} aria-label="Loading the exported wiggle" /> : null}
      {wiggle.isError ? (
        <Typography color="error">{errorMessage(wiggle.error, Messages.video.generationFailed)}</Typography>
      ) : null}
      {wiggle.data ? (
        <WiggleVideoMaker wiggle={wiggle.data} playback={playback} autoStart={autoStart} />
      ) : null}
    </Box>
  );
}
