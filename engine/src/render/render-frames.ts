import { WIGGLE_THUMBNAIL } from '@wiggle/common/constants';
import type { Sharp } from 'sharp';
import { EngineInputError, type RawImage } from '../image';
import sharp from '../sharp';
import { measureDisparity } from './pivot-disparity';
import { aspectValue, checkRenderParams, type Rect, type RenderParams } from './render-params';

export interface RenderedRaw {
  /** The finished frames in input order (left ... right), all one size. */
  frames: RawImage[];
  /** Disparity at the pivot that was cancelled (0 when no pivot was given). */
  pivotDisparity: number;
  /** Area of the pivot canvas that was kept, in canvas pixels, before resize and padding. */
  crop: Rect;
}

export interface RenderedFrames {
  /** Full frames as WebP. */
  f: Buffer[];
  /** 200x140 cover thumbnails as WebP. */
  t: Buffer[];
  width: number;
  height: number;
  pivotDisparity: number;
  crop: Rect;
}

/** Positions (0 = left view, 1 = right view) of evenly spaced frames: 2 -> 0,1; 5 -> 0,.25,.5,.75,1. */
export function framePositions(count: number): number[] {
  return Array.from({ length: count }, (_, i) => (count === 1 ? 0 : i / (count - 1)));
}

/** Largest width x height of `ratio` inside a box, never below one pixel. */
function fitRatio(boxWidth: number, boxHeight: number, ratio: number) {
  const width = Math.max(1, Math.min(boxWidth, Math.round(boxHeight * ratio)));
  return { width, height: Math.max(1, Math.min(boxHeight, Math.round(width / ratio))) };
}

/**
 * The kept area of the pivot canvas. Crop coordinates are the left frame's; the pivot canvas starts `base` px
 * into it (a negative pivot disparity shifts the left frame's usable part right).
 */
function cropRect(canvasWidth: number, canvasHeight: number, base: number, params: RenderParams): Rect {
  const crop = params.crop;
  if (!crop) return { x: 0, y: 0, width: canvasWidth, height: canvasHeight };
  let rect: Rect;
  if ('rect' in crop) {
    let { x, y, width, height } = crop.rect;
    if (crop.aspect) {
      const fitted = fitRatio(width, height, aspectValue(crop.aspect, crop.orientation));
      x += (width - fitted.width) / 2;
      y += (height - fitted.height) / 2;
      ({ width, height } = fitted);
    }
    const left = Math.max(0, Math.round(x) - base);
    const top = Math.max(0, Math.round(y));
    rect = {
      x: left,
      y: top,
      width: Math.min(canvasWidth - left, Math.round(width)),
      height: Math.min(canvasHeight - top, Math.round(height)),
    };
  } else {
    const { width, height } = fitRatio(canvasWidth, canvasHeight, aspectValue(crop.aspect, crop.orientation));
    const cx = crop.center ? crop.center.x - base : canvasWidth / 2;
    const cy = crop.center?.y ?? canvasHeight / 2;
    rect = {
      x: Math.round(Math.min(Math.max(cx - width / 2, 0), canvasWidth - width)),
      y: Math.round(Math.min(Math.max(cy - height / 2, 0), canvasHeight - height)),
      width,
      height,
    };
  }
  if (rect.width < 1 || rect.height < 1)
    throw new EngineInputError('The crop lies outside the picture.', 'unsupported');
  return rect;
}

/** Blur strength: sigma grows with the level and with picture size (10 % -> 1 up to 1000 px; 30 % of 2000 px -> 6). */
function blurSigma(level: number, width: number, height: number): number {
  return (level / 10) * Math.max(1, Math.max(width, height) / 1000);
}

const SHARPEN = [
  { sigma: 0.6, m2: 1 },
  { sigma: 0.8, m2: 2 },
  { sigma: 1.0, m2: 3 },
  { sigma: 1.3, m2: 4 },
] as const;

function finish(pipeline: Sharp, params: RenderParams, width: number, height: number): Sharp {
  let p = pipeline;
  const resize = params.resize;
  if (resize?.mode === 'width') p = p.resize({ width: resize.value });
  if (resize?.mode === 'height') p = p.resize({ height: resize.value });
  if (params.blur) p = p.blur(blurSigma(params.blur, width, height));
  if (params.sharpen) p = p.sharpen(SHARPEN[params.sharpen - 1]!);
  if (params.padding) {
    const n = params.padding;
    p = p.extend({ top: n, bottom: n, left: n, right: n, background: params.paddingColor ?? '#ffffff' });
  }
  return p;
}

/**
 * Applies pivot, crop, resize, blur/sharpen and padding to the stacked frames (2 for Original, 5 for Enhanced:
 * left, 25, 50, 75, right). The frame at position t is shifted by t x the pivot disparity, so the pivot stays
 * still through the whole wiggle; all frames then share the canvas every shifted frame covers.
 */
export async function renderRawFrames(
  frames: readonly RawImage[],
  params: RenderParams = {},
): Promise<RenderedRaw> {
  checkRenderParams(params);
  const first = frames[0];
  if (!first || frames.length < 2)
    throw new EngineInputError('A wiggle needs at least two frames.', 'unsupported');
  for (const f of frames) {
    if (f.width !== first.width || f.height !== first.height || f.channels !== first.channels) {
      throw new EngineInputError('All frames must have the same size.', 'unsupported');
    }
  }
  const last = frames[frames.length - 1]!;
  const disparity = params.pivotDisparity ?? (params.pivot ? measureDisparity(first, last, params.pivot) : 0);
  const positions = framePositions(frames.length);
  const offsets = positions.map((t) => Math.round(t * disparity));
  const base = Math.max(0, -Math.min(...offsets));
  const canvasWidth = first.width - (Math.max(...offsets) - Math.min(...offsets));
  if (canvasWidth < 1) throw new EngineInputError('The pivot shift leaves no common picture.', 'unsupported');
  const crop = cropRect(canvasWidth, first.height, base, params);

  const rendered = await Promise.all(
    frames.map(async (frame, i) => {
      const extract = {
        left: crop.x + base + offsets[i]!,
        top: crop.y,
        width: crop.width,
        height: crop.height,
      };
      const pipeline = sharp(frame.data, {
        raw: { width: frame.width, height: frame.height, channels: frame.channels },
      }).extract(extract);
      const { data, info } = await finish(pipeline, params, crop.width, crop.height)
        .raw()
        .toBuffer({ resolveWithObject: true });
      return {
        data,
        width: info.width,
        height: info.height,
        channels: info.channels as RawImage['channels'],
      };
    }),
  );
  return { frames: rendered, pivotDisparity: disparity, crop };
}

/** A finished frame as the full `f` WebP and its `t` thumbnail (200x140 cover). */
export async function encodeWebpFrame(frame: RawImage, quality = 90): Promise<{ f: Buffer; t: Buffer }> {
  const input = () =>
    sharp(frame.data, { raw: { width: frame.width, height: frame.height, channels: frame.channels } });
  const [f, t] = await Promise.all([
    input().webp({ quality, effort: 2 }).toBuffer(),
    input()
      .resize({ ...WIGGLE_THUMBNAIL, fit: 'cover' })
      .webp({ quality: 80, effort: 2 })
      .toBuffer(),
  ]);
  return { f, t };
}

/** renderRawFrames, then the full `f` WebP frames and their `t` (200x140 cover) thumbnails. */
export async function renderFrames(
  frames: readonly RawImage[],
  params: RenderParams = {},
): Promise<RenderedFrames> {
  const { frames: raws, pivotDisparity, crop } = await renderRawFrames(frames, params);
  const encoded = await Promise.all(raws.map((frame) => encodeWebpFrame(frame, params.quality)));
  const { width, height } = raws[0]!;
  return { f: encoded.map((e) => e.f), t: encoded.map((e) => e.t), width, height, pivotDisparity, crop };
}
