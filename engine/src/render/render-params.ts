import { type ASPECT_RATIOS, BLUR_LEVELS, FINE_TUNE_LIMITS, SHARPEN_LEVELS } from '@wiggle/common/constants';
import type { Orientation } from '@wiggle/common/enums';
import { Messages } from '@wiggle/common/messages';
import { EngineInputError } from '../image';

export type AspectRatio = (typeof ASPECT_RATIOS)[number];
export type BlurLevel = (typeof BLUR_LEVELS)[number];
export type SharpenLevel = (typeof SHARPEN_LEVELS)[number];

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * Crop by a SPEC aspect ratio (largest centred area, or centred on `center`), or a rectangle (with an aspect
 * ratio: the largest area of that ratio inside it, same centre). Coordinates are the left input frame's.
 */
export type CropParams =
  | { aspect: AspectRatio; orientation?: Orientation; center?: { x: number; y: number } }
  | { rect: Rect; aspect?: AspectRatio; orientation?: Orientation };

export type ResizeParams =
  | { mode: 'keep' }
  | { mode: 'width'; value: number }
  | { mode: 'height'; value: number };

/**
 * How stacked frames become the wiggle's frames. Coordinates (pivot, crop) are in the input frames' pixels;
 * the crop is applied to the pivot canvas (the part every shifted frame covers), whose origin is reported back.
 */
export interface RenderParams {
  /** The point (in the left view) that stays still: the right view is shifted so it has zero disparity. */
  pivot?: { x: number; y: number };
  /** Disparity at the pivot (x in right minus x in left, px) when already known; measured at `pivot` otherwise. */
  pivotDisparity?: number;
  crop?: CropParams;
  resize?: ResizeParams;
  blur?: BlurLevel | 0;
  sharpen?: SharpenLevel | 0;
  /** Border added around every frame, px. */
  padding?: number;
  paddingColor?: string;
  /** WebP quality of the full frames. */
  quality?: number;
}

const ASPECTS: Record<AspectRatio, number> = {
  '4:3': 4 / 3,
  '3:2': 3 / 2,
  '1:1': 1,
  '16:9': 16 / 9,
  '21:9': 21 / 9,
};

/** Width / height of a SPEC aspect ratio in the given orientation (portrait swaps it). */
export function aspectValue(aspect: AspectRatio, orientation: Orientation = 'landscape'): number {
  const value = ASPECTS[aspect];
  return orientation === 'portrait' ? 1 / value : value;
}

/** Refuses parameters the SPEC does not allow, with one clear line. */
export function checkRenderParams(params: RenderParams): void {
  const fail = (message: string) => {
    throw new EngineInputError(message, 'unsupported');
  };
  if (params.blur && !(BLUR_LEVELS as readonly number[]).includes(params.blur)) fail(Messages.tune.blurLevel);
  if (params.sharpen && !(SHARPEN_LEVELS as readonly number[]).includes(params.sharpen)) {
    fail(Messages.tune.sharpenLevel);
  }
  if (
    params.padding !== undefined &&
    !(Number.isInteger(params.padding) && params.padding >= 0 && params.padding <= FINE_TUNE_LIMITS.padding)
  ) {
    fail(Messages.tune.paddingRange);
  }
  const resize = params.resize;
  if (
    resize &&
    resize.mode !== 'keep' &&
    !(Number.isInteger(resize.value) && resize.value >= 16 && resize.value <= 16384)
  ) {
    fail('Resize must be a width or height from 16 to 16384 px.');
  }
  const aspect = params.crop?.aspect;
  if (aspect !== undefined && !(aspect in ASPECTS)) {
    fail(Messages.tune.unknownAspectRatio);
  }
}
