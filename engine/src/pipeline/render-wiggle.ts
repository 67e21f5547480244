import type { InterpolationStatus } from '@wiggle/common/enums';
import {
  type RenderDescription,
  type RenderDescriptionInput,
  RenderDescriptionSchema,
  tuneProblems,
} from '@wiggle/common/schemas/render-description';
import { EngineInputError, type RawImage } from '../image';
import { interpolatePair } from '../interpolate/interpolate-views';
import { encodeWebpFrame, renderRawFrames } from '../render/render-frames';
import type { Rect } from '../render/render-params';
import { drawWatermark } from '../render/watermark';
import { type FoundAlignment, type PreparedViews, prepareViews, type WiggleSources } from './prepare-views';
import { renderParamsOf, straightenRight } from './tune-to-render';

/** Where a frame sits between the views, percent from left (0) to right (100). */
export type FramePosition = 0 | 25 | 50 | 75 | 100;

/** One finished frame: raw pixels (encoding 'raw') or its WebP `f` and `t` (encoding 'webp'). */
export type RenderedFrame =
  | { position: FramePosition; raw: RawImage }
  | { position: FramePosition; f: Uint8Array; t: Uint8Array };

/** What interpolation reported; whatever extra the interpolator returns (e.g. a confidence) passes through. */
export type FoundInterpolation =
  | ({ status: Extract<InterpolationStatus, 'None' | 'Success'> } & Record<string, unknown>)
  | { status: Extract<InterpolationStatus, 'Error'>; reason: string };

export interface RenderedWiggle {
  /** In playback order: left, (25, 50, 75,) right, or only 25, 50, 75 for frames 'inbetweens'. */
  frames: RenderedFrame[];
  width: number;
  height: number;
  /** The canvas the description's coordinates refer to (source px) and working px per source px. */
  canvas: { width: number; height: number };
  scale: number;
  alignment: FoundAlignment;
  interpolation: FoundInterpolation;
  /** Disparity cancelled at the pivot, working px. */
  pivotDisparity: number;
  /** Area of the pivot canvas kept, working px, before resize and padding. */
  crop: Rect;
  alignedAt: { width: number; height: number };
  timingsMs: Record<'decode' | 'align' | 'straighten' | 'interpolate' | 'render', number>;
  /** The prepared views, when the description asked to keep them (a later call renders the in-betweens). */
  views?: PreparedViews;
}

const INBETWEENS = [25, 50, 75] as const;

/** The description parsed with SPEC's rules; a refusal is one line naming the field. */
export function parseRenderDescription(input: RenderDescriptionInput): RenderDescription {
  const parsed = RenderDescriptionSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const field = issue.path.join('.');
  throw new EngineInputError(field ? `${field}: ${issue.message}` : issue.message, 'unsupported');
}

/**
 * Below this share of reliable pixels the in-betweens are reported as failed (the library then sets iStatus Error
 * with the reason). Measured: unrelated pictures 0.04, close-range calibration rig pairs 0.31–0.46, a fence with
 * parallax over half its spacing 0.74, Middlebury aloe and motorcycle 0.93, layered scenes 0.99.
 */
export const MIN_INTERPOLATION_CONFIDENCE = 0.25;

async function interpolate(left: RawImage, right: RawImage) {
  try {
    const { frames, confidence } = await interpolatePair(left, right, INBETWEENS);
    if (confidence < MIN_INTERPOLATION_CONFIDENCE) {
      const reason = `the in-betweens are unreliable: only ${Math.round(confidence * 100)} % of the pixels match consistently between the views`;
      return { frames: [], found: { status: 'Error', reason } as FoundInterpolation };
    }
    return { frames, found: { status: 'Success', confidence } as FoundInterpolation };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { frames: [], found: { status: 'Error', reason } as FoundInterpolation };
  }
}

/**
 * The one wiggle pipeline: sources and a render description in, frames and what was found out. Decode (and
 * split), match sizes, auto-align, bound to maxSide (see prepareViews); straighten the right view by the
 * member's fine offset and rotation; interpolate 25/50/75 when wanted; cancel the disparity at the pivot,
 * crop, resize, blur or sharpen, pad, watermark; encode. The CLI's `make`, the library's creation job and the
 * export all come here. A failed alignment keeps the unaligned pair (reported, never a bad warp); a failed
 * interpolation falls back to the two views (reported).
 */
export async function renderWiggle(
  sources: WiggleSources,
  input: RenderDescriptionInput,
): Promise<RenderedWiggle> {
  const description = parseRenderDescription(input);
  const timingsMs = { decode: 0, align: 0, straighten: 0, interpolate: 0, render: 0 };
  let clock = performance.now();
  const lap = (key: keyof typeof timingsMs) => {
    const now = performance.now();
    timingsMs[key] = Math.round(now - clock);
    clock = now;
  };

  const views =
    sources.kind === 'prepared'
      ? sources.views
      : await prepareViews(sources, {
          autoAlign: description.autoAlign,
          maxSide: description.maxSide,
          order: description.sideBySideOrder,
        });
  const problems = Object.entries(tuneProblems(description, views.canvas));
  if (problems.length > 0)
    throw new EngineInputError(`${problems[0]![0]}: ${problems[0]![1]}`, 'unsupported');
  const left = views.left;
  if (sources.kind !== 'prepared') Object.assign(timingsMs, views.timingsMs);
  clock = performance.now();
  const right = straightenRight(
    views.right,
    description.verticalOffset * views.scale,
    description.rotationDeg,
  );
  lap('straighten');

  let stack = [left, right];
  let interpolation: FoundInterpolation = { status: 'None' };
  if (description.frames !== 'views') {
    const between = await interpolate(left, right);
    interpolation = between.found;
    if (between.frames.length > 0) stack = [left, ...between.frames, right];
  }
  lap('interpolate');

  const positions: FramePosition[] = stack.length === 5 ? [0, 25, 50, 75, 100] : [0, 100];
  const wanted = (p: FramePosition) => description.frames !== 'inbetweens' || (p > 0 && p < 100);
  const rendered = await renderRawFrames(stack, renderParamsOf(description, views));
  const frames = await Promise.all(
    rendered.frames.flatMap((raw, i) => {
      const position = positions[i]!;
      if (!wanted(position)) return [];
      return [finishFrame(raw, position, description)];
    }),
  );
  lap('render');
  const first = rendered.frames[0]!;
  return {
    frames,
    width: first.width,
    height: first.height,
    canvas: views.canvas,
    scale: views.scale,
    alignment: views.alignment,
    interpolation,
    pivotDisparity: rendered.pivotDisparity,
    crop: rendered.crop,
    alignedAt: views.alignedAt,
    timingsMs,
    ...(description.keepViews ? { views } : {}),
  };
}

async function finishFrame(
  raw: RawImage,
  position: FramePosition,
  description: RenderDescription,
): Promise<RenderedFrame> {
  const marked = description.watermark ? await drawWatermark(raw, description.watermark) : raw;
  if (description.encoding === 'raw') return { position, raw: marked };
  return { position, ...(await encodeWebpFrame(marked, description.webpQuality)) };
}
