import type { RenderDescriptionInput, TuneInput } from '@wiggle/common/schemas/render-description';
import type { RawImage, SimilarityTransform } from '@wiggle/engine/image';
import type { EncodedImage, IngestOptions, IngestResult } from '@wiggle/engine/ingest/ingest-image';
import { sniffImageType } from '@wiggle/engine/ingest/sniff';
import type { PreparedViews, WiggleSources } from '@wiggle/engine/pipeline/prepare-views';
import type { RenderedFrame } from '@wiggle/engine/pipeline/render-wiggle';
import { WorkerPool } from '@wiggle/engine/pool/worker-pool';
import sharp from '@wiggle/engine/sharp';
import { splitSideBySide } from '@wiggle/engine/split/side-by-side';
import type { IngestedPicture } from '../library/deps';

/**
 * The engine judged the in-betweens unreliable (its measured confidence is too low): an outcome to record for the
 * member with its reason (iStatus Error), not a failure to retry.
 */
export class InterpolationUnreliable extends Error {}

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
  /**
   * Transform and suggested pivot in the originals' pixels (the unit of the member's tune), with the aligned
   * canvas' size in those pixels; the frames are that canvas bounded to maxSize.
   */
  alignment: {
    transform: SimilarityTransform;
    pivot: { x: number; y: number };
    canvas: { width: number; height: number };
  } | null;
  /**
   * The working views before the tune (WebP), what the editor tunes on; encoded when asked (the creation job keeps
   * them, the export does not: two 4096 px WebP encodes it would throw away).
   */
  editorViews(): Promise<{ left: Buffer; right: Buffer }>;
  /** The canvas the tune's coordinates refer to (source px), aligned or not. */
  canvas: { width: number; height: number };
  /** The prepared (aligned, bounded) views, kept for interpolation. */
  views: PreparedViews;
}

/** What the library renders a wiggle with: how it was created, and the member's tune (absent = defaults). */
export interface LibraryRenderOptions {
  autoAlign: boolean;
  sideBySide: boolean;
  maxSize?: number;
  tune?: TuneInput;
  /** Border around every frame, px of the output (the export's padding). */
  padding?: number;
}

/**
 * The engine calls the library and the wiggles make (ingest is the library's PictureIngest port), behind one interface so the services stay free of engine details
 * and the heavy calls can move to the engine's worker pool in one place.
 */
export interface LibraryEngine {
  ingestUpload(bytes: Uint8Array, options: IngestOptions): Promise<IngestedPicture[]>;
  /** Cuts a side-by-side original into two new JPEG views. */
  splitSideBySide(bytes: Uint8Array): Promise<{ left: Buffer; right: Buffer }>;
  renderWiggle(left: Uint8Array, right: Uint8Array, options: LibraryRenderOptions): Promise<RenderedWiggle>;
  /** Frames at 25/50/75 % between the views, with the same tune as the views. */
  interpolate(
    views: PreparedViews,
    tune?: TuneInput,
    padding?: number,
  ): Promise<Record<25 | 50 | 75, FrameFiles>>;
}

/**
 * The library's render description: a working copy bounded to `maxSize`, rendered in two steps so the wiggle
 * shows its two views while the in-betweens are computed (SPEC §4: creation Success, iStatus InProgress).
 * `wiggle make LEFT RIGHT --size maxSize` renders the same frames.
 */
export function libraryRenderDescription(options: Omit<LibraryRenderOptions, 'sideBySide'>) {
  return {
    ...options.tune,
    autoAlign: options.autoAlign,
    ...(options.maxSize ? { maxSide: options.maxSize } : {}),
    ...(options.padding ? { padding: options.padding } : {}),
    frames: 'views',
    keepViews: true,
  } satisfies RenderDescriptionInput;
}

function frameFiles(frame: RenderedFrame | undefined): FrameFiles {
  if (!frame || !('f' in frame)) throw new Error('the engine returned no WebP frame');
  return { f: asBuffer(frame.f), t: asBuffer(frame.t) };
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
 * The engine on its worker pool: ingest, MPO split and the whole wiggle pipeline (engine/src/pipeline/render-wiggle)
 * run on worker threads, so an upload or a creation never blocks the HTTP event loop. This adapter only chooses
 * the description and hands back what the engine returned.
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
      const sources: WiggleSources = options.sideBySide
        ? { kind: 'single', image: leftBytes }
        : { kind: 'pair', left: leftBytes, right: rightBytes };
      const rendered = await pool.runInPool('renderWiggle', [sources, libraryRenderDescription(options)]);
      const { alignment, views } = rendered;
      if (!views) throw new Error('the engine kept no views');
      return {
        left: frameFiles(rendered.frames[0]),
        right: frameFiles(rendered.frames[1]),
        width: rendered.width,
        height: rendered.height,
        autoAlignStatus: alignment.status,
        ...(alignment.status === 'Error' ? { autoAlignError: alignment.reason } : {}),
        alignment:
          alignment.status === 'Success'
            ? { transform: alignment.transform, pivot: alignment.suggestedPivot, canvas: rendered.canvas }
            : null,
        canvas: rendered.canvas,
        editorViews: async () => {
          const [left, right] = await Promise.all([webp(views.left), webp(views.right)]);
          return { left, right };
        },
        views,
      };
    },

    async interpolate(views, tune, padding) {
      const sources: WiggleSources = { kind: 'prepared', views };
      const description = { ...tune, ...(padding ? { padding } : {}), frames: 'inbetweens' } as const;
      const rendered = await pool.runInPool('renderWiggle', [sources, description]);
      if (rendered.interpolation.status === 'Error')
        throw new InterpolationUnreliable(rendered.interpolation.reason);
      const [f25, f50, f75] = rendered.frames.map(frameFiles);
      return { 25: f25!, 50: f50!, 75: f75! };
    },
  };
}

function webp(image: RawImage) {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } })
    .webp({ quality: 90 })
    .toBuffer();
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
