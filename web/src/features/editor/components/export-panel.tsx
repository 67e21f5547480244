import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { FINE_TUNE_LIMITS } from '@wiggle/common/constants';
import { ORIENTATIONS } from '@wiggle/common/enums';
import { Messages } from '@wiggle/common/messages';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useSetting } from '../../../lib/stores/settings';
import { openShopDialog } from '../../../lib/stores/shop-dialogs';
import { startExport, useExportRolls, useExportStatus } from '../api/export-api';
import {
  type ExportSizeOption,
  exportSizeOptions,
  preferredExportSize,
  rollLabel,
} from '../logic/export-sizes';
import { ExportAlbumField } from './export-album-field';

interface ExportPanelProps {
  wiggleId: number;
  /** The originals' long side (source px of the tune's canvas): no export above it. */
  originalLongSide: number;
  /** The wiggle has its in-between frames: Enhanced (5 frames) can be exported. */
  hasInBetweens: boolean;
  /** A tune change is not saved yet: the export renders the saved tune, so it waits for it. */
  tuneSaving?: boolean;
  /** Called once when the gallery wiggle exists (the video step starts from here). */
  onExported?: (galleryWiggleId: number) => void;
}

type Run =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'running'; exportId: number; albumId: number | null }
  | { phase: 'no-roll' }
  | { phase: 'refused'; message: string };

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Stack spacing={0.5}>
    <Typography variant="overline">{title}</Typography>
    {children}
  </Stack>
);

function sizeCaption(option: ExportSizeOption, originalLongSide: number): string {
  if (!option.fitsOriginals) return `Above the originals (${originalLongSide} px)`;
  return option.payingRoll ? `Paid by ${rollLabel(option.payingRoll)}` : 'No roll of this size';
}

import { ExportVideo } from './export-video';

/**
 * The editor's export tab: album, size (each with the roll that pays for it), orientation, padding and playback mode,
 * remembered in the user settings; Export spends a frame and follows the render until the gallery wiggle exists.
 */
export function ExportPanel(props: ExportPanelProps) {
  const { wiggleId, originalLongSide, hasInBetweens, onExported } = props;
  const client = useQueryClient();
  const rolls = useExportRolls();
  const [albumId, setAlbumId] = useSetting('exportTarget');
  const [rememberedSize, setSize] = useSetting('exportSize');
  const [orientation, setOrientation] = useSetting('exportOrientation');
  const [padding, setPadding] = useSetting('exportPadding');
  const [rememberedMode, setMode] = useSetting('exportMode');
  const [editorPrefs] = useSetting('editorPreferences');
  const [paddingText, setPaddingText] = useState(String(padding));
  const [run, setRun] = useState<Run>({ phase: 'idle' });
  const status = useExportStatus(run.phase === 'running' ? run.exportId : null);
  const options = exportSizeOptions(originalLongSide, rolls.data ?? []);
  const size = preferredExportSize(options, rememberedSize);
  const mode = hasInBetweens ? rememberedMode : 'original';
  const paddingValue = Number(paddingText);
  const paddingValid =
    /^\d+$/.test(paddingText) && paddingValue >= 0 && paddingValue <= FINE_TUNE_LIMITS.padding;
  const exported = status.data?.status === 'Success' ? status.data.galleryWiggleId : null;
  const renderFailed = status.data?.status === 'Error';
  const busy = run.phase === 'starting' || (run.phase === 'running' && !exported && !renderFailed);

  // The tab scrolls on its own: bring the progress and the outcome into view as they change.
  const outcome = useRef<HTMLDivElement>(null);
  const shown = `${run.phase}:${exported}:${renderFailed}`;
  useEffect(() => {
    if (shown !== 'idle:null:false')
      outcome.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [shown]);
  useEffect(() => {
    if (exported !== null) onExported?.(exported);
  }, [exported, onExported]);
  useEffect(() => {
    // A refunded frame is back on its roll: show the rolls as they are now.
    if (renderFailed) void client.invalidateQueries({ queryKey: ['account', 'credits'] });
  }, [renderFailed, client]);

  const exportNow = async () => {
    if (size === null || !paddingValid) return;
    setRun({ phase: 'starting' });
    try {
      const started = await startExport(wiggleId, {
        albumId,
        size,
        mode,
        orientation,
        padding: paddingValue,
      });
      setRun({ phase: 'running', exportId: started.exportId, albumId });
    } catch (error) {
      setRun(
        error instanceof ApiError && error.status === 402
          ? { phase: 'no-roll' }
          : { phase: 'refused', message: errorMessage(error, Messages.generic) },
      );
    }
    void client.invalidateQueries({ queryKey: ['account', 'credits'] });
  };

  return (
    <Stack spacing={2} sx={{ width: 300, p: 1 }} data-testid="export-panel">
      <Section title="Album">
        <ExportAlbumField value={albumId} onChange={setAlbumId} disabled={busy} />
      </Section>
      <Section title="Size">
        {rolls.isError ? <Alert severity="error">{Messages.creditsLoadFailed}</Alert> : null}
        {size === null ? (
          <Typography variant="body2">The originals are too small for an export.</Typography>
        ) : (
          <RadioGroup
            aria-label="Export size"
            value={String(size)}
            onChange={(e) => setSize(Number(e.target.value))}
          >
            {options.map((option) => (
              <FormControlLabel
                key={option.size}
                value={String(option.size)}
                disabled={!option.fitsOriginals || busy}
                control={<Radio size="small" />}
                label={
                  <Stack>
                    <Typography variant="body2">{option.size} px</Typography>
                    <Typography
                      variant="caption"
                      color={option.fitsOriginals && !option.payingRoll ? 'warning.main' : 'text.secondary'}
                      data-testid={`size-${option.size}-roll`}
                    >
                      {sizeCaption(option, originalLongSide)}
                    </Typography>
                  </Stack>
                }
              />
            ))}
          </RadioGroup>
        )}
      </Section>
      <Section title="Orientation">
        <ToggleButtonGroup
          exclusive
          size="small"
          value={orientation}
          disabled={busy}
          onChange={(_e, v) => v && setOrientation(v)}
          aria-label="Orientation"
        >
          {ORIENTATIONS.map((o) => (
            <ToggleButton key={o} value={o}>
              {o === 'landscape' ? 'Landscape' : 'Portrait'}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Section>
      <Section title="Padding">
        <TextField
          size="small"
          label="Padding (px)"
          value={paddingText}
          disabled={busy}
          error={!paddingValid}
          helperText={paddingValid ? ' ' : Messages.tune.paddingRange}
          onChange={(e) => {
            setPaddingText(e.target.value);
            const next = Number(e.target.value);
            if (/^\d+$/.test(e.target.value) && next <= FINE_TUNE_LIMITS.padding) setPadding(next);
          }}
        />
      </Section>
      <Section title="Playback">
        <ToggleButtonGroup
          exclusive
          size="small"
          value={mode}
          disabled={busy}
          onChange={(_e, v) => v && setMode(v)}
          aria-label="Export playback mode"
        >
          <ToggleButton value="original">Original</ToggleButton>
          <ToggleButton value="enhanced" disabled={!hasInBetweens}>
            Enhanced
          </ToggleButton>
        </ToggleButtonGroup>
        <Typography variant="caption" color="text.secondary">
          {hasInBetweens
            ? 'Original: the 2 views · Enhanced: 5 frames with the in-betweens'
            : 'Enhanced needs the wiggle’s in-between frames.'}
        </Typography>
      </Section>
      <Button
        variant="contained"
        disabled={busy || size === null || !paddingValid || props.tuneSaving}
        onClick={() => void exportNow()}
      >
        {props.tuneSaving ? 'Saving the tune…' : 'Export'}
      </Button>
      <div ref={outcome} />
      {busy ? (
        <Stack spacing={0.5} role="status">
          <LinearProgress aria-label="Export progress" />
          <Typography variant="caption">
            {run.phase === 'starting' ? 'Starting the export…' : `Rendering the wiggle at ${size} px…`}
          </Typography>
        </Stack>
      ) : null}
      {run.phase === 'no-roll' ? (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={() => openShopDialog('buy')}>
              Buy frames
            </Button>
          }
        >
          {Messages.noRollFound}
        </Alert>
      ) : null}
      {run.phase === 'refused' ? <Alert severity="error">{run.message}</Alert> : null}
      {renderFailed ? <Alert severity="error">{Messages.exportFailed}</Alert> : null}
      {run.phase === 'running' && exported !== null ? (
        <Stack spacing={1}>
          <Alert
            severity="success"
            action={
              <Button
                color="inherit"
                size="small"
                component={RouterLink}
                to={`/gallery/?${new URLSearchParams({ album: String(run.albumId ?? ''), wiggle: String(exported) })}`}
              >
                Open in gallery
              </Button>
            }
          >
            Exported to the gallery.
          </Alert>
          <ExportVideo
            galleryWiggleId={exported}
            mode={mode}
            speedIndex={editorPrefs.speedIndex}
            superSpeed={editorPrefs.superSpeed}
          />
        </Stack>
      ) : null}
    </Stack>
  );
}
