import type { AutoAlignStatus } from '@wiggle/common/enums';
import { type AlignResult, alignPair } from '../align/align-pair';
import type { RawImage } from '../image';
import { decodeToRaw } from '../ingest/decode-raw';
import { toEngineInputError } from '../ingest/sharp-errors';
import { sniffImageType } from '../ingest/sniff';
import { resizeRaw } from '../resize-raw';
import sharp from '../sharp';
import { splitMpo } from '../split/mpo';
import { type SideBySideOrder, splitSideBySide } from '../split/side-by-side';

/** A wiggle's sources: two files, one file holding both views (MPO or side-by-side), or views prepared earlier. */
export type WiggleSources =
  | { kind: 'pair'; left: Uint8Array; right: Uint8Array }
  | { kind: 'single'; image: Uint8Array }
  | { kind: 'prepared'; views: PreparedViews };

type Aligned = Extract<AlignResult, { ok: true }>;

/**
 * What auto-align found. On success every field the aligner reports passes through (beside its views); the
 * transform's offsets and the suggested pivot are converted to source px (the suggested pivot lies on the
 * aligned canvas, which already has zero disparity there).
 */
export type FoundAlignment =
  | { status: Extract<AutoAlignStatus, 'None'> }
  | ({ status: Extract<AutoAlignStatus, 'Success'> } & Omit<Aligned, 'ok' | 'left' | 'right'>)
  | { status: Extract<AutoAlignStatus, 'Error'>; reason: string };

/** The pair decoded, matched in size, aligned and bounded: what interpolation and rendering start from. */
export interface PreparedViews {
  /** Working views, bounded to the description's maxSide. */
  left: RawImage;
  right: RawImage;
  /** Working px per source px: description coordinates times this are working coordinates. */
  scale: number;
  /** The canvas (left view, aligned when alignment succeeded) in source px. */
  canvas: { width: number; height: number };
  alignment: FoundAlignment;
  /** Size the views were aligned at. */
  alignedAt: { width: number; height: number };
  timingsMs: { decode: number; align: number };
}

export interface PrepareOptions {
  autoAlign: boolean;
  /** Long side of the working views (none: the sources' size). */
  maxSide?: number;
  order: SideBySideOrder;
}

async function fitInside(image: RawImage, maxSide: number | undefined): Promise<RawImage> {
  if (!maxSide || Math.max(image.width, image.height) <= maxSide) return image;
  return resizeRaw(image, maxSide, maxSide, 'inside');
}

/** Width of a file's picture once EXIF orientation is applied, read from its header only. */
async function orientedWidth(bytes: Uint8Array): Promise<number> {
  try {
    const meta = await sharp(bytes).metadata();
    return meta.autoOrient?.width ?? meta.width ?? 0;
  } catch (error) {
    throw toEngineInputError(error);
  }
}

/** Both views decoded at `side` at most, and the source width of the left one (full resolution). */
async function decodeViews(sources: WiggleSources, order: SideBySideOrder, side: number | undefined) {
  if (sources.kind === 'pair') {
    const [left, right, sourceWidth] = await Promise.all([
      decodeToRaw(sources.left, side),
      decodeToRaw(sources.right, side),
      orientedWidth(sources.left),
    ]);
    return { left, right, sourceWidth };
  }
  if (sources.kind !== 'single') throw new Error('prepared views need no decoding');
  if (sniffImageType(sources.image) === 'mpo') {
    const split = splitMpo(sources.image);
    const [left, right, sourceWidth] = await Promise.all([
      decodeToRaw(split.left, side),
      decodeToRaw(split.right, side),
      orientedWidth(split.left),
    ]);
    return { left, right, sourceWidth };
  }
  // A side-by-side image holds two views across its width: each may use the whole `side`.
  const [whole, fullWidth] = await Promise.all([
    decodeToRaw(sources.image, side ? side * 2 : undefined),
    orientedWidth(sources.image),
  ]);
  const split = await splitSideBySide(whole, { order });
  const [left, right] = await Promise.all([fitInside(split.left, side), fitInside(split.right, side)]);
  return { left, right, sourceWidth: Math.floor(fullWidth / 2) };
}

/**
 * Decode (and split), auto-align, match sizes, bound. Alignment runs at up to twice the working size (full size
 * without a bound): half a working pixel of accuracy is beyond what the eye sees, and a 24 MP pair made at
 * 1920 px costs a third of the time and memory. The library (2560 px frames from originals of at most 5120 px)
 * and exports (4096 px and less) therefore align at the originals' full resolution.
 */
export async function prepareViews(sources: WiggleSources, options: PrepareOptions): Promise<PreparedViews> {
  const started = performance.now();
  const alignSide = options.maxSide ? options.maxSide * 2 : undefined;
  const decoded = await decodeViews(sources, options.order, alignSide);
  let left = decoded.left;
  let right = decoded.right;
  const alignScale = decoded.sourceWidth > 0 ? left.width / decoded.sourceWidth : 1;
  const toSource = (v: number) => v / alignScale;
  const alignedAt = { width: left.width, height: left.height };
  const decodedAt = performance.now();

  let alignment: FoundAlignment = { status: 'None' };
  if (options.autoAlign) {
    // The decoded views are this function's own: the aligned ones are written over them.
    const aligned = await alignPair(left, right, { inPlace: true });
    if (aligned.ok) {
      const {
        ok: _ok,
        left: alignedLeft,
        right: alignedRight,
        transform: t,
        suggestedPivot: p,
        ...found
      } = aligned;
      left = alignedLeft;
      right = alignedRight;
      alignment = {
        status: 'Success',
        ...found,
        transform: { ...t, dx: toSource(t.dx), dy: toSource(t.dy) },
        suggestedPivot: { x: toSource(p.x), y: toSource(p.y) },
      };
    } else {
      alignment = { status: 'Error', reason: aligned.reason };
    }
  }
  // Views of different sizes (a side re-saved smaller, or cropped) are aligned as they are: the resize and the crop's
  // zoom are part of the transform (see atLeftResolution). Stretched to the left's size beforehand, a cropped side
  // took the stretch of its rows as its scale and kept that of its columns as a slant of depth: aloe's right view
  // at 1090x880 (left 1282x1110) aligned at scale 0.932 instead of 1.176, its columns 7 % too wide. Views left
  // unaligned are still brought to one size, so that frames can share a canvas.
  right = await resizeRaw(right, left.width, left.height, 'fill');
  const canvas = { width: Math.round(toSource(left.width)), height: Math.round(toSource(left.height)) };
  const alignedWidth = left.width;
  [left, right] = await Promise.all([fitInside(left, options.maxSide), fitInside(right, options.maxSide)]);
  const timingsMs = {
    decode: Math.round(decodedAt - started),
    align: Math.round(performance.now() - decodedAt),
  };
  const scale = alignScale * (left.width / alignedWidth);
  return { left, right, scale, canvas, alignment, alignedAt, timingsMs };
}
