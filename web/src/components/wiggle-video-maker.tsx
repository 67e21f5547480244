import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { Messages } from '@wiggle/common/messages';
import type { GalleryWiggle } from '@wiggle/common/schemas/gallery';
import { useCallback, useEffect, useRef, useState } from 'react';
import { VideoEncodingUnsupported } from '../lib/video/encode-wiggle-video';
import {
  makeWiggleVideo,
  storeWiggleVideo,
  type VideoPlayback,
  type VideoProgress,
  videoFileName,
  videoPlan,
} from '../lib/video/make-wiggle-video';

type State =
  | { step: 'idle' }
  | { step: 'working'; progress: VideoProgress }
  | { step: 'unsupported' }
  | { step: 'failed' }
  | { step: 'done'; url: string; stored: 'saving' | 'saved' | 'failed' };

const PHASE_LABEL: Record<VideoProgress['phase'], string> = {
  frames: 'Fetching the frames',
  encoding: 'Encoding the video',
  uploading: 'Saving the video with the wiggle',
};

export interface WiggleVideoMakerProps {
  wiggle: Pick<GalleryWiggle, 'id' | 'name' | 'width' | 'height' | 'hasInBetweens'>;
  playback: VideoPlayback;
  /** Start at once (after an export) instead of waiting for the button. */
  autoStart?: boolean;
  startLabel?: string;
  /** The video is stored with the gallery wiggle. */
  onStored?: (wiggle: GalleryWiggle) => void;
}

/**
 * Makes a gallery wiggle's MP4 in this browser, offers it for download and stores it with the wiggle. A browser
 * without H.264 encoding gets SPEC's message and nothing else changes; a failure gets SPEC's video failure message.
 */
export function WiggleVideoMaker({
  wiggle,
  playback,
  autoStart = false,
  startLabel = 'Make video',
  onStored,
}: WiggleVideoMakerProps) {
  const [state, setState] = useState<State>({ step: 'idle' });
  const urlRef = useRef<string | null>(null);
  const runRef = useRef(0);
  const plan = videoPlan(wiggle, playback);

  const start = useCallback(async () => {
    const run = ++runRef.current;
    const current = () => runRef.current === run;
    setState({ step: 'working', progress: { phase: 'frames', fraction: 0 } });
    let video: Blob;
    try {
      video = await makeWiggleVideo(wiggle, playback, (progress) => {
        if (current()) setState({ step: 'working', progress });
      });
    } catch (error) {
      if (current()) setState({ step: error instanceof VideoEncodingUnsupported ? 'unsupported' : 'failed' });
      return;
    }
    if (!current()) return;
    if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    const url = URL.createObjectURL(video);
    urlRef.current = url;
    setState({ step: 'done', url, stored: 'saving' });
    try {
      const stored = await storeWiggleVideo(wiggle.id, video);
      if (current()) setState({ step: 'done', url, stored: 'saved' });
      onStored?.(stored);
    } catch {
      if (current()) setState({ step: 'done', url, stored: 'failed' });
    }
  }, [wiggle, playback, onStored]);

  const startRef = useRef(start);
  startRef.current = start;
  // Started once on mount; the cleanup abandons that run (React's StrictMode mounts twice and starts it again).
  useEffect(() => {
    if (!autoStart) return;
    void startRef.current();
    return () => {
      runRef.current += 1;
    };
  }, [autoStart]);
  useEffect(
    () => () => {
      runRef.current += 1;
      if (urlRef.current) URL.revokeObjectURL(urlRef.current);
    },
    [],
  );

  const summary = `${plan.width} × ${plan.height}, ${plan.mode === 'enhanced' ? 'Enhanced' : 'Original'}, ${Math.round(plan.seconds * 10) / 10} s loop`;
  return (
    <Box sx={{ display: 'grid', gap: 1 }} data-testid="wiggle-video-maker">
      {state.step === 'idle' ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={() => void start()}>
            {startLabel}
          </Button>
          <Typography variant="body2" color="text.secondary">
            MP4 (H.264), {summary}
          </Typography>
        </Box>
      ) : null}
      {state.step === 'working' ? (
        <Box sx={{ display: 'grid', gap: 0.5 }}>
          <Typography variant="body2">
            {PHASE_LABEL[state.progress.phase]} ({Math.round(state.progress.fraction * 100)} %)
          </Typography>
          <LinearProgress
            variant="determinate"
            value={state.progress.fraction * 100}
            aria-label={PHASE_LABEL[state.progress.phase]}
          />
        </Box>
      ) : null}
      {state.step === 'unsupported' ? (
        <Alert severity="info">{Messages.video.unsupportedBrowser}</Alert>
      ) : null}
      {state.step === 'failed' ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void start()}>
              Try again
            </Button>
          }
        >
          {Messages.video.generationFailed}
        </Alert>
      ) : null}
      {state.step === 'done' ? (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Box
            component="video"
            src={state.url}
            autoPlay
            loop
            muted
            playsInline
            sx={{ maxWidth: '100%', maxHeight: 240, justifySelf: 'start', bgcolor: 'grey.900' }}
          />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
            <Button variant="contained" href={state.url} download={videoFileName(wiggle.name)}>
              Download video
            </Button>
            <Button onClick={() => void start()}>Make again</Button>
            {state.stored === 'saving' ? (
              <Typography variant="body2">{PHASE_LABEL.uploading}…</Typography>
            ) : null}
            {state.stored === 'saved' ? (
              <Typography variant="body2" color="success.main">
                Saved with the wiggle: its public pages show the video.
              </Typography>
            ) : null}
          </Box>
          {state.stored === 'failed' ? <Alert severity="warning">{Messages.video.uploadFailed}</Alert> : null}
        </Box>
      ) : null}
    </Box>
  );
}
