import { WIGGLE_THUMBNAIL } from '@wiggle/common/constants';
import type { RawImage, SimilarityTransform } from '@wiggle/engine/image';
import type { EncodedImage, IngestOptions, IngestResult } from '@wiggle/engine/ingest/ingest-image';
import { sniffImageType } from '@wiggle/engine/ingest/sniff';
import { WorkerPool } from '@wiggle/engine/pool/worker-pool';
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
  /** Transform in the originals' pixels; pivot in the frames' pixels (the frames may be smaller, see maxSize). */
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
    options: { autoAlign: boolean; sideBySide: boolean; maxSize?: number },
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

/** Results cross the thread boundary as plain Uint8Arrays; the blob store and sharp want Buffers. */
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const revived = (image: EncodedImage): EncodedImage => ({ ...image, data: asBuffer(image.data) });
const revivedIngest = (result: IngestResult): IngestResult => ({
  ...result,
  o: revived(result.o),
  p: revived(result.p),
  t: revived(result.t),
});

/**
 * The engine on its worker pool: decoding, ingest, MPO split, alignment and interpolation run on worker threads,
 * so an upload or a creation never blocks the HTTP event loop. Encoding to WebP/JPEG stays here: sharp already
 * runs it on libuv's thread pool.
 */
export function pooledEngine(pool: WorkerPool): LibraryEngine {
  return {
    async ingestUpload(bytes, options) {
      if (sniffImageType(bytes) === 'mpo') {
        const { left, right } = await pool.runInPool('splitMpo', [bytes]);
        const [l, r] = await Promise.all([
          pool.runInPool('ingest', [left, options]),
          pool.runInPool('ingest', [right, options]),
        ]);
        return [
          { suffix: ' (left)', result: revivedIngest(l) },
          { suffix: ' (right)', result: revivedIngest(r) },
        ];
      }
      return [{ suffix: '', result: revivedIngest(await pool.runInPool('ingest', [bytes, options])) }];
    },

    async splitSideBySide(bytes) {
      const { left, right } = await splitSideBySide(await pool.runInPool('decode', [bytes]));
      const [l, r] = await Promise.all([jpeg(left), jpeg(right)]);
      return { left: l, right: r };
    },

    async renderWiggle(leftBytes, rightBytes, options) {
      let left: RawImage;
      let right: RawImage;
      if (options.sideBySide) {
        ({ left, right } = await splitSideBySide(await pool.runInPool('decode', [leftBytes])));
      } else {
        [left, right] = await Promise.all([
          pool.runInPool('decode', [leftBytes]),
          pool.runInPool('decode', [rightBytes]),
        ]);
        // Views of one pair share a size; a mismatch (different crops) is scaled so the frames overlay.
        right = await resizeRaw(right, left.width, left.height);
      }
      let autoAlignStatus: RenderedWiggle['autoAlignStatus'] = 'None';
      let autoAlignError: string | undefined;
      let alignment: RenderedWiggle['alignment'] = null;
      if (options.autoAlign) {
        const aligned = await pool.runInPool('align', [left, right]);
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
      // The library's frames are working copies for preview, editor and interpolation, bounded so a 5120 px
      // upload does not cost interpolation at 26 MP; an export renders again from the originals at its own size.
      const factor = options.maxSize ? Math.min(1, options.maxSize / Math.max(left.width, left.height)) : 1;
      if (factor < 1) {
        const width = Math.round(left.width * factor);
        const height = Math.round(left.height * factor);
        [left, right] = await Promise.all([resizeRaw(left, width, height), resizeRaw(right, width, height)]);
        if (alignment) {
          const { x, y } = alignment.pivot;
          alignment = { ...alignment, pivot: { x: Math.round(x * factor), y: Math.round(y * factor) } };
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

    async interpolate(views) {
      const frames = await pool.runInPool('interpolate', [views.left, views.right, [25, 50, 75]]);
      const [f25, f50, f75] = await Promise.all(frames.map(encodeFrame));
      return { 25: f25!, 50: f50!, 75: f75! };
    },
  };
}

function jpeg(image: RawImage) {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

let sharedPool: WorkerPool | undefined;

/** One engine pool per process; its idle workers are unref'd, so it never keeps a process alive. */
export function sharedEngine(): LibraryEngine {
  sharedPool ??= new WorkerPool();
  return pooledEngine(sharedPool);
}
