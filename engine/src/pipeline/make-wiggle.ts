import type { AutoAlignStatus, InterpolationStatus } from '@wiggle/common/enums';
import sharp from 'sharp';
import { alignPair } from '../align/align-pair';
import type { RawImage, SimilarityTransform } from '../image';
import { decodeToRaw } from '../ingest/decode-raw';
import { sniffImageType } from '../ingest/sniff';
import { interpolateViews } from '../interpolate/interpolate-views';
import { renderRawFrames } from '../render/render-frames';
import type { RenderParams } from '../render/render-params';
import { splitMpo } from '../split/mpo';
import { type SideBySideOrder, splitSideBySide } from '../split/side-by-side';

export interface MakeWiggleOptions {
  /** SPEC stacking auto-align (default true). */
  autoAlign?: boolean;
  /** Enhanced playback: synthesize the 25/50/75 frames (default true). */
  interpolate?: boolean;
  /** Long side the aligned pair is reduced to before interpolation and rendering; render coordinates refer to it. */
  maxSide?: number;
  /**
   * Long side the inputs are decoded at for alignment. Default: twice `maxSide` (full size without it), which
   * keeps sub-pixel accuracy at the output size while a 24 MP pair costs a third of the memory and time.
   */
  alignSide?: number;
  /** How a single side-by-side file is read when no right view is given. */
  order?: SideBySideOrder;
  render?: RenderParams;
}

export interface MakeWiggleResult {
  /** Rendered frames: left, right (Original) or left, 25, 50, 75, right (Enhanced). */
  frames: RawImage[];
  width: number;
  height: number;
  alignment:
    | { status: 'None' }
    | {
        status: Extract<AutoAlignStatus, 'Success'>;
        transform: SimilarityTransform;
        inliers: number;
        residualVerticalPx: { median: number; p95: number };
        suggestedPivot: { x: number; y: number };
      }
    | { status: Extract<AutoAlignStatus, 'Error'>; reason: string };
  interpolation:
    | { status: Extract<InterpolationStatus, 'None' | 'Success'> }
    | { status: 'Error'; reason: string };
  pivotDisparity: number;
  /** Size the views were aligned at (the transform is in these pixels). */
  alignedAt: { width: number; height: number };
  timingsMs: Record<'decode' | 'align' | 'interpolate' | 'render', number>;
}

async function resizeRaw(
  image: RawImage,
  width: number,
  height: number,
  fit: 'fill' | 'inside',
): Promise<RawImage> {
  if (image.width === width && image.height === height) return image;
  const { data, info } = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: image.channels },
  })
    .resize({ width, height, fit })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels as RawImage['channels'] };
}

async function fitInside(image: RawImage, maxSide: number | undefined): Promise<RawImage> {
  if (!maxSide || Math.max(image.width, image.height) <= maxSide) return image;
  return resizeRaw(image, maxSide, maxSide, 'inside');
}

/** The two views of the input: a pair of files, one MPO, or one side-by-side image. */
async function decodePair(
  left: Uint8Array,
  right: Uint8Array | undefined,
  order: SideBySideOrder | undefined,
  side: number | undefined,
) {
  if (right) return Promise.all([decodeToRaw(left, side), decodeToRaw(right, side)]);
  if (sniffImageType(left) === 'mpo') {
    const split = splitMpo(left);
    return Promise.all([decodeToRaw(split.left, side), decodeToRaw(split.right, side)]);
  }
  // A side-by-side image holds two views across its width: each may use the whole `side`.
  const split = await splitSideBySide(await decodeToRaw(left, side ? side * 2 : undefined), { order });
  return Promise.all([fitInside(split.left, side), fitInside(split.right, side)]);
}

/**
 * The whole wiggle from encoded inputs: decode (and split), auto-align, interpolate, render. When alignment
 * fails the unaligned pair is used and the failure is reported (autoAlignStatus Error), never a bad warp; when
 * interpolation fails the wiggle falls back to the two views (iStatus Error).
 */
export async function makeWiggle(
  leftBytes: Uint8Array,
  rightBytes?: Uint8Array,
  options: MakeWiggleOptions = {},
): Promise<MakeWiggleResult> {
  const timingsMs = { decode: 0, align: 0, interpolate: 0, render: 0 };
  let clock = performance.now();
  const lap = (key: keyof typeof timingsMs) => {
    const now = performance.now();
    timingsMs[key] = Math.round(now - clock);
    clock = now;
  };

  const alignSide = options.alignSide ?? (options.maxSide ? options.maxSide * 2 : undefined);
  const [decodedLeft, decodedRight] = await decodePair(leftBytes, rightBytes, options.order, alignSide);
  // Views of different sizes (e.g. a re-saved side) are brought to one size so frames can share a canvas.
  let left: RawImage = decodedLeft;
  let right: RawImage = await resizeRaw(decodedRight, left.width, left.height, 'fill');
  lap('decode');

  const alignedAt = { width: left.width, height: left.height };
  let alignment: MakeWiggleResult['alignment'] = { status: 'None' };
  if (options.autoAlign ?? true) {
    const aligned = await alignPair(left, right);
    if (aligned.ok) {
      left = aligned.left;
      right = aligned.right;
      alignment = {
        status: 'Success',
        transform: aligned.transform,
        inliers: aligned.inliers,
        residualVerticalPx: aligned.residualVerticalPx,
        suggestedPivot: aligned.suggestedPivot,
      };
    } else {
      alignment = { status: 'Error', reason: aligned.reason };
    }
  }
  const scale = options.maxSide ? Math.min(1, options.maxSide / Math.max(left.width, left.height)) : 1;
  [left, right] = await Promise.all([fitInside(left, options.maxSide), fitInside(right, options.maxSide)]);
  if (alignment.status === 'Success' && scale < 1) {
    const p = alignment.suggestedPivot;
    alignment = { ...alignment, suggestedPivot: { x: p.x * scale, y: p.y * scale } };
  }
  lap('align');

  let frames: RawImage[] = [left, right];
  let interpolation: MakeWiggleResult['interpolation'] = { status: 'None' };
  if (options.interpolate ?? true) {
    try {
      const between = await interpolateViews(left, right, [25, 50, 75]);
      frames = [left, ...between, right];
      interpolation = { status: 'Success' };
    } catch (error) {
      interpolation = { status: 'Error', reason: error instanceof Error ? error.message : String(error) };
    }
  }
  lap('interpolate');

  const rendered = await renderRawFrames(frames, options.render ?? {});
  lap('render');
  const first = rendered.frames[0]!;
  return {
    frames: rendered.frames,
    width: first.width,
    height: first.height,
    alignment,
    interpolation,
    pivotDisparity: rendered.pivotDisparity,
    alignedAt,
    timingsMs,
  };
}
