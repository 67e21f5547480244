import { ASPECT_RATIOS } from '@wiggle/common/constants';
import {
  type RenderDescription,
  type RenderDescriptionInput,
  RenderDescriptionSchema,
} from '@wiggle/common/schemas/render-description';

/** The tune flags of `wiggle make`: the render description a member's wiggle is made with, on the command line. */
export const RENDER_FLAGS = {
  'no-align': { type: 'boolean' },
  'no-inbetweens': { type: 'boolean' },
  'no-interpolate': { type: 'boolean' },
  size: { type: 'string' },
  order: { type: 'string' },
  pivot: { type: 'string' },
  'vertical-offset': { type: 'string' },
  rotation: { type: 'string' },
  crop: { type: 'string' },
  ratio: { type: 'string' },
  aspect: { type: 'string' },
  portrait: { type: 'boolean' },
  resize: { type: 'string' },
  blur: { type: 'string' },
  sharpen: { type: 'string' },
  padding: { type: 'string' },
  watermark: { type: 'string' },
  tune: { type: 'string' },
} as const;

export const RENDER_FLAGS_HELP = `  --no-align           use the pair as it is (SPEC stacking "standard")
  --no-inbetweens      two frames only (SPEC playback Original; also --no-interpolate)
  --size PX            bound the long side before crop and resize (0 keeps full size)
  --order ORDER        single side-by-side input: parallel (default) or cross
  --pivot X,Y          point that stays still (zero disparity), in source pixels (default: the aligner's pick)
  --vertical-offset PX move the right view down (source pixels; negative moves it up)
  --rotation DEG       turn the right view clockwise about its centre
  --crop X,Y,W,H       keep this area, in source pixels (at least 200 x 200)
  --ratio RATIO        crop to ${ASPECT_RATIOS.join(', ')} (largest inside --crop or the picture; also --aspect)
  --portrait           with --ratio: portrait orientation
  --resize MODE        keep, width=PX or height=PX (the output's size)
  --blur PCT           10, 20 or 30
  --sharpen LEVEL      1 to 4
  --padding PX         border around every frame
  --watermark TEXT     text in the bottom-right corner of every frame
  --tune FILE          a member's saved tune: the JSON of GET /api/library/wiggles/{id}/tune (flags override it)`;

type FlagValues = {
  [K in keyof typeof RENDER_FLAGS]?: (typeof RENDER_FLAGS)[K]['type'] extends 'boolean' ? boolean : string;
};

function numbers(value: string, count: number, flag: string, shape: string): number[] {
  const parts = value.split(',').map((part) => (part.trim() === '' ? Number.NaN : Number(part)));
  if (parts.length !== count || parts.some((n) => !Number.isFinite(n))) {
    throw new Error(`--${flag} must be ${shape}`);
  }
  return parts;
}

function resizeOf(value: string): RenderDescriptionInput['resize'] {
  if (value === 'keep') return { mode: 'keep' };
  const match = /^(width|height)=(.+)$/.exec(value);
  const size = match ? Number(match[2]) : Number.NaN;
  if (!match || !Number.isFinite(size)) throw new Error('--resize must be keep, width=PX or height=PX');
  return { mode: match[1] as 'width' | 'height', value: size };
}

/** Which flag a description field came from, for one-line refusals in the flags' own words. */
function flagOf(field: string, values: FlagValues): string {
  const flags: Record<string, string> = {
    aspectRatio: values.aspect !== undefined ? 'aspect' : 'ratio',
    verticalOffset: 'vertical-offset',
    rotationDeg: 'rotation',
    maxSide: 'size',
    sideBySideOrder: 'order',
  };
  return `--${flags[field] ?? field}`;
}

/** The tune in a `--tune` file: the tune API's answer (`{ tune, canvas, ... }`) or a bare tune object. */
export function savedTuneOf(json: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new Error('--tune must be a JSON file');
  }
  const tune = parsed && typeof parsed === 'object' && 'tune' in parsed ? parsed.tune : parsed;
  if (!tune || typeof tune !== 'object' || Array.isArray(tune))
    throw new Error('--tune must hold a tune object');
  return tune as Record<string, unknown>;
}

/**
 * The render description of `wiggle make`'s flags, validated by the schema the server uses; a bad value is
 * refused with one line naming its flag.
 */
export function descriptionFromFlags(
  values: FlagValues,
  defaultSize: number,
  savedTune: Record<string, unknown> = {},
): RenderDescription {
  const one = (flag: 'vertical-offset' | 'rotation' | 'blur' | 'sharpen' | 'padding') => {
    const value = values[flag];
    return value === undefined ? undefined : numbers(value, 1, flag, 'a number')[0];
  };
  const pivot = values.pivot && numbers(values.pivot, 2, 'pivot', 'X,Y in pixels');
  const crop = values.crop && numbers(values.crop, 4, 'crop', 'X,Y,W,H in pixels');
  const ratio = values.ratio ?? values.aspect;
  const size = values.size === undefined ? defaultSize : numbers(values.size, 1, 'size', 'a number')[0];
  const fromFlags: RenderDescriptionInput = {
    autoAlign: !values['no-align'],
    frames: values['no-inbetweens'] || values['no-interpolate'] ? 'views' : 'all',
    ...(size ? { maxSide: size } : {}),
    ...(values.order ? { sideBySideOrder: values.order as 'parallel' } : {}),
    ...(pivot ? { pivot: { x: pivot[0]!, y: pivot[1]! } } : {}),
    ...(crop ? { crop: { x: crop[0]!, y: crop[1]!, width: crop[2]!, height: crop[3]! } } : {}),
    ...(ratio
      ? { aspectRatio: { ratio: ratio as '4:3', orientation: values.portrait ? 'portrait' : 'landscape' } }
      : {}),
    ...(values.resize ? { resize: resizeOf(values.resize) } : {}),
    verticalOffset: one('vertical-offset'),
    rotationDeg: one('rotation'),
    blur: one('blur'),
    sharpen: one('sharpen'),
    padding: one('padding'),
    ...(values.watermark !== undefined ? { watermark: values.watermark } : {}),
    encoding: 'raw',
  };
  const given = Object.entries(fromFlags).filter(([, value]) => value !== undefined);
  const input = { ...savedTune, ...Object.fromEntries(given) } as RenderDescriptionInput;
  const parsed = RenderDescriptionSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const field = String(issue.path[0] ?? '');
    const flag =
      field in savedTune && !given.some(([key]) => key === field) ? '--tune' : flagOf(field, values);
    throw new Error(`${flag}: ${issue.message}`);
  }
  return parsed.data;
}
