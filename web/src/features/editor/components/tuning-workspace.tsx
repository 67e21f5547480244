import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { EDITOR_DEFAULTS } from '@wiggle/common/constants';
import type { Tune } from '@wiggle/common/schemas/render-description';
import type { WiggleTuneResponse } from '@wiggle/common/schemas/tune-api';
import { useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { playbackFrameMs, playbackPositions } from '../../../lib/playback';
import { type EditorPreferences, useSetting } from '../../../lib/stores/settings';
import { useElementWidth } from '../../../lib/use-element-width';
import { saveTune } from '../api/editor-api';
import { disparityAt } from '../logic/disparity';
import {
  clampZoom,
  initialCrop,
  keptArea,
  type Point,
  ratioValue,
  stageScale,
} from '../logic/stage-geometry';
import type { EditorViews } from '../logic/use-editor-views';
import { EditorStage } from './editor-stage';
import { ExportPanel } from './export-panel';
import { LivePreview } from './live-preview';
import { TunePanel } from './tune-panel';

const SAVE_DELAY_MS = 700;
type SaveState = 'idle' | 'pending' | 'saving' | 'saved';
const SAVE_LABELS: Record<SaveState, string> = {
  idle: '',
  pending: 'Unsaved changes',
  saving: 'Saving…',
  saved: 'Saved',
};
/** Stage padding and margin on both sides (SPEC §9: 10 each). */
const STAGE_INSET = 2 * (EDITOR_DEFAULTS.stagePadding + EDITOR_DEFAULTS.stageMargin);
const STAGE_MAX_HEIGHT = 640;

interface TuningWorkspaceProps {
  wiggleId: number;
  saved: WiggleTuneResponse;
  views: EditorViews;
  /** The wiggle has its in-between frames (Enhanced can be exported). */
  hasInBetweens: boolean;
  onSaved: (answer: WiggleTuneResponse) => void;
  /** The export created its gallery wiggle (the video step starts from it). */
  onExported?: (galleryWiggleId: number) => void;
}

type PanelTab = 'parameters' | 'export';

/** Stage, live preview and parameters of one wiggle; every change is saved on the wiggle shortly after. */
export function TuningWorkspace(props: TuningWorkspaceProps) {
  const { wiggleId, saved, views, onSaved } = props;
  const canvas = saved.canvas!;
  // SPEC §9: the editor opens on its parameters tab.
  const [tab, setTab] = useState<PanelTab>('parameters');
  const [tune, setTune] = useState<Tune>(saved.tune as Tune);
  const [prefs, setPrefs] = useSetting('editorPreferences');
  const [saveState, setSaveState] = useState<{ state: SaveState; error?: string }>({ state: 'idle' });
  const dirty = useRef(false);
  const stageBox = useRef<HTMLDivElement>(null);
  const stageWidth = useElementWidth(stageBox, 800);
  const pivot: Point = tune.pivot ?? saved.suggestedPivot ?? { x: canvas.width / 2, y: canvas.height / 2 };
  // View px per source px (the editor views are the working copy, bounded like the library frames).
  const viewScale = views.left.width / canvas.width;
  const shiftX = useMemo(() => {
    const g = views.grey;
    const s = viewScale * g.scale;
    const range = Math.round(g.left.width / 8);
    return disparityAt(g.left, g.right, pivot.x * s, pivot.y * s, range) / s;
  }, [views.grey, viewScale, pivot.x, pivot.y]);

  // The latest callback without making it a reason to save: the page re-renders (its wiggle is polled while the
  // in-betweens are made), and a save per re-render would loop, each one queueing a re-render of the frames.
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;
  useEffect(() => {
    if (!dirty.current) return;
    const timer = setTimeout(() => {
      setSaveState({ state: 'saving' });
      saveTune(wiggleId, tune)
        .then((answer) => {
          onSavedRef.current(answer);
          setSaveState((current) => (current.state === 'saving' ? { state: 'saved' } : current));
        })
        .catch((error: unknown) => setSaveState({ state: 'idle', error: errorMessage(error, 'Not saved.') }));
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [tune, wiggleId]);

  const change = (patch: Partial<Tune>) => {
    dirty.current = true;
    setSaveState({ state: 'pending' });
    setTune((t) => ({ ...t, ...patch }));
  };
  const setPreferences = (patch: Partial<EditorPreferences>) =>
    setPrefs({ ...prefs, ...patch, zoom: clampZoom(patch.zoom ?? prefs.zoom) });
  const ratio = tune.aspectRatio ? ratioValue(tune.aspectRatio.ratio, tune.aspectRatio.orientation) : null;
  const scale = stageScale(
    canvas,
    { width: Math.max(200, stageWidth - STAGE_INSET), height: STAGE_MAX_HEIGHT },
    prefs.zoom,
  );
  const area = keptArea(tune, canvas);

  return (
    <Stack direction={{ xs: 'column', lg: 'row' }} spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Box ref={stageBox} sx={{ flex: 1, minWidth: 0, width: '100%' }}>
        <EditorStage
          left={views.left}
          right={views.right}
          canvas={canvas}
          scale={scale}
          preferences={prefs}
          pivot={pivot}
          shiftX={shiftX}
          offsetY={tune.verticalOffset}
          rotationDeg={tune.rotationDeg}
          crop={tune.crop ?? null}
          ratio={ratio}
          onPivot={(p) => change({ pivot: p })}
          onCrop={(crop) => change({ crop })}
        />
        <Typography variant="caption" color="text.secondary" sx={{ px: 2 }} data-testid="save-state">
          {SAVE_LABELS[saveState.state]}
        </Typography>
        {saveState.error ? <Alert severity="error">{saveState.error}</Alert> : null}
      </Box>
      <Stack spacing={1} sx={{ flexShrink: 0 }}>
        <LivePreview
          left={views.left}
          right={views.right}
          viewScale={viewScale}
          area={area}
          shiftX={shiftX}
          offsetY={tune.verticalOffset}
          rotationDeg={tune.rotationDeg}
          positions={playbackPositions(prefs.playbackMode)}
          frameMs={playbackFrameMs(prefs.playbackMode, prefs.speedIndex, prefs.superSpeed)}
        />
        <Tabs value={tab} onChange={(_e, v: PanelTab) => setTab(v)} variant="fullWidth">
          <Tab value="parameters" label="Parameters" />
          <Tab value="export" label="Export" />
        </Tabs>
        {/* The parameters scroll on their own so the stage and the preview stay in view. */}
        <Box sx={{ maxHeight: 'calc(100vh - 468px)', minHeight: 240, overflowY: 'auto' }}>
          {tab === 'parameters' ? (
            <TunePanel
              tune={tune}
              preferences={prefs}
              hasSuggestedPivot={saved.suggestedPivot !== null}
              onTune={change}
              onPreferences={setPreferences}
              onSuggestedPivot={() => saved.suggestedPivot && change({ pivot: saved.suggestedPivot })}
              onRatio={(choice) => {
                if (choice === 'none') return change({ crop: undefined, aspectRatio: undefined });
                if (choice === 'free')
                  return change({ crop: tune.crop ?? initialCrop(canvas, null), aspectRatio: undefined });
                change({
                  aspectRatio: choice,
                  crop: initialCrop(canvas, ratioValue(choice.ratio, choice.orientation)),
                });
              }}
            />
          ) : (
            <ExportPanel
              wiggleId={wiggleId}
              originalLongSide={Math.max(canvas.width, canvas.height)}
              hasInBetweens={props.hasInBetweens}
              tuneSaving={saveState.state === 'pending' || saveState.state === 'saving'}
              onExported={props.onExported}
            />
          )}
        </Box>
      </Stack>
    </Stack>
  );
}
