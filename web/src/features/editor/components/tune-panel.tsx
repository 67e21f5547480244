import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { ASPECT_RATIOS, BLUR_LEVELS, FINE_TUNE_LIMITS, SHARPEN_LEVELS } from '@wiggle/common/constants';
import type { Tune } from '@wiggle/common/schemas/render-description';
import type { ReactNode } from 'react';
import { PLAYBACK_SPEEDS } from '../../../lib/playback';
import type { EditorPreferences } from '../../../lib/stores/settings';
import { ZOOM } from '../logic/stage-geometry';

interface TunePanelProps {
  tune: Tune;
  preferences: EditorPreferences;
  hasSuggestedPivot: boolean;
  onTune: (patch: Partial<Tune>) => void;
  onRatio: (ratio: NonNullable<Tune['aspectRatio']> | 'free' | 'none') => void;
  onPreferences: (patch: Partial<EditorPreferences>) => void;
  onSuggestedPivot: () => void;
}

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Stack spacing={0.5}>
    <Typography variant="overline">{title}</Typography>
    {children}
  </Stack>
);

/** Colours offered for the stage's borders and grid (SPEC §9 defaults: red, yellow, yellow). */
const STAGE_COLOURS = ['red', 'yellow', 'white', 'black', 'cyan', 'lime'] as const;

/** A filter's levels with "None" (0) first. */
const LevelSelect = (props: {
  label: string;
  value: number;
  levels: readonly number[];
  name: (level: number) => string;
  onChange: (level: number) => void;
}) => (
  <TextField
    select
    size="small"
    label={props.label}
    value={props.value}
    onChange={(e) => props.onChange(Number(e.target.value))}
  >
    <MenuItem value={0}>None</MenuItem>
    {props.levels.map((level) => (
      <MenuItem key={level} value={level}>
        {props.name(level)}
      </MenuItem>
    ))}
  </TextField>
);

/** The editor's parameters tab: view, pivot and straightening, crop, resize, filters and playback. */
export function TunePanel({ tune, preferences: prefs, ...props }: TunePanelProps) {
  const cropChoice = tune.aspectRatio ? tune.aspectRatio.ratio : tune.crop ? 'free' : 'none';
  const resizeValue = tune.resize.mode === 'keep' ? '' : String(tune.resize.value);
  return (
    <Stack spacing={2} sx={{ width: 300, p: 1 }}>
      <Section title="View">
        <Typography variant="caption">Zoom {prefs.zoom.toFixed(1)}</Typography>
        <Slider
          aria-label="Zoom"
          min={ZOOM.min}
          max={ZOOM.max}
          step={ZOOM.step}
          value={prefs.zoom}
          onChange={(_e, v) => props.onPreferences({ zoom: v as number })}
        />
        {(
          [
            ['grid', 'Grid'],
            ['borders', 'Borders'],
            ['transparentTopLayer', 'Transparent top layer'],
          ] as const
        ).map(([key, label]) => (
          <FormControlLabel
            key={key}
            label={label}
            control={
              <Switch
                checked={prefs[key]}
                onChange={(e) => props.onPreferences({ [key]: e.target.checked })}
              />
            }
          />
        ))}
        <Typography variant="caption">Border weight {prefs.borderWeight}</Typography>
        <Slider
          aria-label="Border weight"
          min={1}
          max={8}
          step={1}
          value={prefs.borderWeight}
          onChange={(_e, v) => props.onPreferences({ borderWeight: v as number })}
        />
        <Stack direction="row" spacing={1}>
          {(
            [
              ['leftBorderColor', 'Left'],
              ['rightBorderColor', 'Right'],
              ['gridColor', 'Grid'],
            ] as const
          ).map(([key, label]) => (
            <TextField
              key={key}
              select
              size="small"
              label={label}
              value={prefs[key]}
              onChange={(e) => props.onPreferences({ [key]: e.target.value })}
              sx={{ flex: 1 }}
            >
              {STAGE_COLOURS.map((colour) => (
                <MenuItem key={colour} value={colour}>
                  {colour}
                </MenuItem>
              ))}
            </TextField>
          ))}
        </Stack>
      </Section>
      <Section title="Pivot and straightening">
        <Typography variant="body2" data-testid="pivot-value">
          Pivot {tune.pivot ? `${Math.round(tune.pivot.x)}, ${Math.round(tune.pivot.y)}` : 'suggested'}
        </Typography>
        <Button
          size="small"
          variant="outlined"
          disabled={!props.hasSuggestedPivot}
          onClick={props.onSuggestedPivot}
        >
          Suggested pivot
        </Button>
        <Typography variant="caption">Vertical offset {tune.verticalOffset} px</Typography>
        <Slider
          aria-label="Vertical offset"
          min={-50}
          max={50}
          step={0.5}
          value={tune.verticalOffset}
          onChange={(_e, v) => props.onTune({ verticalOffset: v as number })}
        />
        <Typography variant="caption">Rotation {tune.rotationDeg}°</Typography>
        <Slider
          aria-label="Rotation"
          min={-FINE_TUNE_LIMITS.rotationDeg / 2}
          max={FINE_TUNE_LIMITS.rotationDeg / 2}
          step={0.05}
          value={tune.rotationDeg}
          onChange={(_e, v) => props.onTune({ rotationDeg: v as number })}
        />
      </Section>
      <Section title="Crop">
        <TextField
          select
          size="small"
          label="Aspect ratio"
          value={cropChoice}
          onChange={(e) => {
            const v = e.target.value;
            props.onRatio(
              v === 'none' || v === 'free'
                ? v
                : {
                    ratio: v as (typeof ASPECT_RATIOS)[number],
                    orientation: tune.aspectRatio?.orientation ?? 'landscape',
                  },
            );
          }}
        >
          <MenuItem value="none">No crop</MenuItem>
          <MenuItem value="free">Free</MenuItem>
          {ASPECT_RATIOS.map((r) => (
            <MenuItem key={r} value={r}>
              {r}
            </MenuItem>
          ))}
        </TextField>
        <ToggleButtonGroup
          size="small"
          exclusive
          disabled={!tune.aspectRatio}
          value={tune.aspectRatio?.orientation ?? 'landscape'}
          onChange={(_e, orientation) =>
            orientation && tune.aspectRatio && props.onRatio({ ...tune.aspectRatio, orientation })
          }
        >
          <ToggleButton value="landscape">Landscape</ToggleButton>
          <ToggleButton value="portrait">Portrait</ToggleButton>
        </ToggleButtonGroup>
      </Section>
      <Section title="Resize">
        <Stack direction="row" spacing={1}>
          <TextField
            select
            size="small"
            label="Resize"
            value={tune.resize.mode}
            onChange={(e) => {
              const mode = e.target.value as Tune['resize']['mode'];
              props.onTune({ resize: mode === 'keep' ? { mode } : { mode, value: 1280 } });
            }}
            sx={{ flex: 1 }}
          >
            <MenuItem value="keep">Keep</MenuItem>
            <MenuItem value="width">Width</MenuItem>
            <MenuItem value="height">Height</MenuItem>
          </TextField>
          <TextField
            size="small"
            label="px"
            type="number"
            disabled={tune.resize.mode === 'keep'}
            value={resizeValue}
            onChange={(e) =>
              tune.resize.mode !== 'keep' &&
              props.onTune({ resize: { mode: tune.resize.mode, value: Math.round(Number(e.target.value)) } })
            }
            sx={{ width: 100 }}
          />
        </Stack>
      </Section>
      <Section title="Filters">
        <LevelSelect
          label="Blur"
          value={tune.blur}
          levels={BLUR_LEVELS}
          name={(b) => `${b} %`}
          onChange={(blur) => props.onTune({ blur: blur as Tune['blur'] })}
        />
        <LevelSelect
          label="Sharpen"
          value={tune.sharpen}
          levels={SHARPEN_LEVELS}
          name={(s) => `Level ${s}`}
          onChange={(sharpen) => props.onTune({ sharpen: sharpen as Tune['sharpen'] })}
        />
      </Section>
      <Section title="Playback">
        <ToggleButtonGroup
          size="small"
          exclusive
          value={prefs.playbackMode}
          onChange={(_e, playbackMode) => playbackMode && props.onPreferences({ playbackMode })}
        >
          <ToggleButton value="original">Original (2)</ToggleButton>
          <ToggleButton value="enhanced">Enhanced (5)</ToggleButton>
        </ToggleButtonGroup>
        <Typography variant="caption">Speed</Typography>
        <Slider
          aria-label="Speed"
          min={0}
          max={PLAYBACK_SPEEDS.length - 1}
          step={1}
          disabled={prefs.superSpeed}
          value={prefs.speedIndex}
          onChange={(_e, v) => props.onPreferences({ speedIndex: v as number })}
        />
        <FormControlLabel
          label="Super speed"
          control={
            <Switch
              checked={prefs.superSpeed}
              onChange={(e) => props.onPreferences({ superSpeed: e.target.checked })}
            />
          }
        />
      </Section>
    </Stack>
  );
}
