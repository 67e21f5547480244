/**
 * The render description: how the engine's one pipeline turns a wiggle's two sources into frames. Its tune part
 * is what a member sets in the editor and saves on the wiggle (SPEC §2 Editor, §3, §9); the rest is what the
 * caller decides (library working copy, export, CLI). The server validates with these schemas and the engine
 * consumes the same type, so the library preview, the export and `wiggle make` render the same thing.
 *
 * Coordinates (pivot, crop, vertical offset) are in source pixels: the left view at the sources' full
 * resolution, on the aligned canvas when auto-align succeeded (its size is what the engine reports as `canvas`).
 * They do not depend on the size a wiggle is rendered at.
 */
import { z } from 'zod';
import {
  ASPECT_RATIOS,
  BLUR_LEVELS,
  EDITOR_MIN_SIZE,
  FINE_TUNE_LIMITS,
  SHARPEN_LEVELS,
  TEXT_MAX_LENGTH,
} from '../constants';
import { ORIENTATIONS } from '../enums';
import { Messages } from '../messages';

const coordinate = z.number().finite().min(0, Messages.tune.pivotOutside);

export const PivotSchema = z.object({ x: coordinate, y: coordinate });

export const CropRectSchema = z.object({
  x: z.number().finite().min(0, Messages.tune.cropOutside),
  y: z.number().finite().min(0, Messages.tune.cropOutside),
  width: z.number().finite().min(EDITOR_MIN_SIZE, Messages.tune.cropTooSmall),
  height: z.number().finite().min(EDITOR_MIN_SIZE, Messages.tune.cropTooSmall),
});

export const AspectRatioSchema = z.object({
  ratio: z.enum(ASPECT_RATIOS, { error: Messages.tune.unknownAspectRatio }),
  orientation: z.enum(ORIENTATIONS).default('landscape'),
});

const resizeValue = z
  .number()
  .int(Messages.tune.resizeRange)
  .min(EDITOR_MIN_SIZE, Messages.tune.resizeRange)
  .max(FINE_TUNE_LIMITS.maxSide, Messages.tune.resizeRange);

export const ResizeSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('keep') }),
  z.object({ mode: z.literal('width'), value: resizeValue }),
  z.object({ mode: z.literal('height'), value: resizeValue }),
]);

const levelOf = <T extends readonly number[]>(levels: T, message: string) =>
  z
    .number()
    .refine((n) => n === 0 || levels.includes(n), message)
    .transform((n) => n as 0 | T[number]);

/** What a member tunes in the editor and saves on the wiggle. */
export const TuneSchema = z.object({
  /** The point of zero disparity; by default the engine's suggested pivot. */
  pivot: PivotSchema.optional(),
  /** Fine vertical offset of the right view (source px), after auto-align. */
  verticalOffset: z
    .number()
    .finite()
    .min(-FINE_TUNE_LIMITS.verticalOffsetPx, Messages.tune.verticalOffsetRange)
    .max(FINE_TUNE_LIMITS.verticalOffsetPx, Messages.tune.verticalOffsetRange)
    .default(0),
  /** Fine rotation of the right view about its centre, degrees (positive = counter-clockwise). */
  rotationDeg: z
    .number()
    .finite()
    .min(-FINE_TUNE_LIMITS.rotationDeg, Messages.tune.rotationRange)
    .max(FINE_TUNE_LIMITS.rotationDeg, Messages.tune.rotationRange)
    .default(0),
  /** Area kept (source px); with `aspectRatio` the largest area of that ratio inside it, same centre. */
  crop: CropRectSchema.optional(),
  /** Without `crop`: the largest centred area of this ratio. */
  aspectRatio: AspectRatioSchema.optional(),
  resize: ResizeSchema.default({ mode: 'keep' }),
  blur: levelOf(BLUR_LEVELS, Messages.tune.blurLevel).default(0),
  sharpen: levelOf(SHARPEN_LEVELS, Messages.tune.sharpenLevel).default(0),
});
export type Tune = z.infer<typeof TuneSchema>;
export type TuneInput = z.input<typeof TuneSchema>;

/** Frames wanted: the two views (Original), all five (Enhanced), or only the 25/50/75 in-betweens. */
export const RENDER_FRAME_SETS = ['views', 'all', 'inbetweens'] as const;
export type RenderFrameSet = (typeof RENDER_FRAME_SETS)[number];

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROL_OR_BIDI = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

export const WatermarkTextSchema = z
  .string()
  .transform((s) => s.normalize('NFC').trim())
  .refine((s) => !CONTROL_OR_BIDI.test(s), Messages.tune.watermarkCharacters)
  .refine((s) => s.length <= TEXT_MAX_LENGTH, Messages.tooLong(TEXT_MAX_LENGTH));

export const RenderDescriptionSchema = TuneSchema.extend({
  /** SPEC stacking: auto-align (true) or standard. */
  autoAlign: z.boolean().default(true),
  /** How a single side-by-side source is read. */
  sideBySideOrder: z
    .enum(['parallel', 'cross'], { error: Messages.tune.sideBySideOrder })
    .default('parallel'),
  /** Long side the frames are bounded to before crop and resize (library working copy, export size). */
  maxSide: z.number().int().positive().max(FINE_TUNE_LIMITS.maxSide).optional(),
  /** Border around every frame, px of the output. */
  padding: z
    .number()
    .int(Messages.tune.paddingRange)
    .min(0, Messages.tune.paddingRange)
    .max(FINE_TUNE_LIMITS.padding, Messages.tune.paddingRange)
    .default(0),
  paddingColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, Messages.tune.paddingColor)
    .default('#ffffff'),
  /** Text drawn by the engine in the bottom-right corner of every frame; empty or absent for none. */
  watermark: WatermarkTextSchema.optional(),
  frames: z.enum(RENDER_FRAME_SETS).default('all'),
  /** WebP full frames plus 200x140 thumbnails (library, gallery), or raw pixels for the CLI's own encoders. */
  encoding: z.enum(['webp', 'raw']).default('webp'),
  webpQuality: z.number().int().min(1).max(100).default(90),
  /** Also return the working views, so a later call can render the in-betweens without aligning again. */
  keepViews: z.boolean().default(false),
});
export type RenderDescription = z.infer<typeof RenderDescriptionSchema>;
export type RenderDescriptionInput = z.input<typeof RenderDescriptionSchema>;

/**
 * What a tune cannot ask of a picture of `size` (source px): field → message, empty when it fits. The schema
 * cannot know the picture; the server checks a saved tune with this and the engine refuses the same way.
 */
export function tuneProblems(
  tune: Pick<Tune, 'pivot' | 'crop'>,
  size: { width: number; height: number },
): Record<string, string> {
  const problems: Record<string, string> = {};
  const { pivot, crop } = tune;
  if (pivot && (pivot.x >= size.width || pivot.y >= size.height)) problems.pivot = Messages.tune.pivotOutside;
  if (crop && (crop.x + crop.width > size.width + 0.5 || crop.y + crop.height > size.height + 0.5)) {
    problems.crop = Messages.tune.cropOutside;
  }
  return problems;
}
