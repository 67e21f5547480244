import { WIGGLE_THUMBNAIL } from '@wiggle/common/constants';
import { alignPair } from '@wiggle/engine/align/align-pair';
import type { RawImage, SimilarityTransform } from '@wiggle/engine/image';
import { decodeToRaw } from '@wiggle/engine/ingest/decode-raw';
import { type IngestOptions, type IngestResult, ingestImage } from '@wiggle/engine/ingest/ingest-image';
import { sniffImageType } from '@wiggle/engine/ingest/sniff';
import { splitMpo } from '@wiggle/engine/split/mpo';
import { splitSideBySide } from '@wiggle/engine/split/side-by-side';
import sharp from 'sharp';

/** An encoded frame pair: full size `f` and thumbnail `t` (200x140), both WebP. */
export interface FrameFiles {
  f: Buffer;
  t: Buffer;
}

export interface RenderedWiggle {
  left: FrameFiles;
  right: FrameFiles;
  width: number;
  height: number;
  autoAlignStatus: 'None' | 'Success' | 'Error';
  autoAlignError?: string;
  alignment: { transform: SimilarityTransform; pivot: { x: number; y: number } } | null;
  /** The (aligned) views, kept for interpolation. */
  views: { left: RawImage; right: RawImage };
}

export interface IngestedPicture {
  /** '' for a plain photo, ' (left)' / ' (right)' for the views of an MPO. */
  suffix: '' | ' (left)' | ' (right)';
  result: IngestResult;
}

/**
 * The engine calls the library makes, behind one interface so the services stay free of engine details
 * and the heavy calls can move to the engine's worker pool in one place.
 */
export interface LibraryEngine {
  ingestUpload(bytes: Uint8Array, options: IngestOptions): Promise<IngestedPicture[]>;
  /** Cuts a side-by-side original into two new JPEG views. */
  splitSideBySide(bytes: Uint8Array): Promise<{ left: Buffer; right: Buffer }>;
  renderWiggle(
    left: Uint8Array,
    right: Uint8Array,
    options: { autoAlign: boolean; sideBySide: boolean },
  ): Promise<RenderedWiggle>;
  /** Frames at 25/50/75 % between the views. */
  interpolate(views: { left: RawImage; right: RawImage }): Promise<Record<25 | 50 | 75, FrameFiles>>;
}

const WEBP_FULL = { quality: 90, effort: 2 } as const;

async function encodeFrame(image: RawImage): Promise<FrameFiles> {
  const raw = { raw: { width: image.width, height: image.height, channels: image.channels } };
  const [f, t] = await Promise.all([
    sharp(image.data, raw).webp(WEBP_FULL).toBuffer(),
    sharp(image.data, raw)
      .resize({ ...WIGGLE_THUMBNAIL, fit: 'cover' })
      .webp({ quality: 80 })
      .toBuffer(),
  ]);
  return { f, t };
}

async function resizeRaw(image: RawImage, width: number, height: number): Promise<RawImage> {
  if (image.width === width && image.height === height) return image;
  const { data, info } = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: image.channels },
  })
    .resize({ width, height, fit: 'fill' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels as RawImage['channels'] };
}

export const directEngine: LibraryEngine = {
  async ingestUpload(bytes, options) {
    if (sniffImageType(bytes) === 'mpo') {
      const { left, right } = splitMpo(bytes);
      const [l, r] = await Promise.all([ingestImage(left, options), ingestImage(right, options)]);
      return [
        { suffix: ' (left)', result: l },
        { suffix: ' (right)', result: r },
      ];
    }
    return [{ suffix: '', result: await ingestImage(bytes, options) }];
  },

  async splitSideBySide(bytes) {
    const { left, right } = await splitSideBySide(bytes);
    const jpeg = (image: RawImage) =>
      sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } })
        .jpeg({ quality: 92 })
        .toBuffer();
    const [l, r] = await Promise.all([jpeg(left), jpeg(right)]);
    return { left: l, right: r };
  },

  async renderWiggle(leftBytes, rightBytes, options) {
    let left: RawImage;
    let right: RawImage;
    if (options.sideBySide) {
      ({ left, right } = await splitSideBySide(leftBytes));
    } else {
      [left, right] = await Promise.all([decodeToRaw(leftBytes), decodeToRaw(rightBytes)]);
      // Views of one pair share a size; a mismatch (different crops) is scaled so the frames overlay.
      right = await resizeRaw(right, left.width, left.height);
    }
    let autoAlignStatus: RenderedWiggle['autoAlignStatus'] = 'None';
    let autoAlignError: string | undefined;
    let alignment: RenderedWiggle['alignment'] = null;
    if (options.autoAlign) {
      const aligned = await alignPair(left, right);
      if (aligned.ok) {
        left = aligned.left;
        right = aligned.right;
        autoAlignStatus = 'Success';
        alignment = { transform: aligned.transform, pivot: aligned.suggestedPivot };
      } else {
        autoAlignStatus = 'Error';
        autoAlignError = aligned.reason;
      }
    }
    const [l, r] = await Promise.all([encodeFrame(left), encodeFrame(right)]);
    return {
      left: l,
      right: r,
      width: left.width,
      height: left.height,
      autoAlignStatus,
      ...(autoAlignError ? { autoAlignError } : {}),
      alignment,
      views: { left, right },
    };
  },

  async interpolate() {
    throw new Error('Interpolation is not available yet.');
  },
};
