import { threadId } from 'node:worker_threads';
import type { RenderDescriptionInput } from '@wiggle/common/schemas/render-description';
import type { RawImage } from '../image';
import type { IngestOptions } from '../ingest/ingest-image';
import type { WiggleSources } from '../pipeline/prepare-views';
import type { RenderParams } from '../render/render-params';

/**
 * The heavy engine steps a WorkerPool can run. Modules load on first use inside the worker, so a pool that only
 * ingests never pays for OpenCV's start-up. Arguments and results cross threads by structured clone: Buffers
 * arrive as plain Uint8Arrays.
 */
export const tasks = {
  /** Health check (and what the tests use to see which thread ran a task). */
  ping: async (delayMs = 0) => {
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    return { threadId };
  },
  ingest: async (bytes: Uint8Array, options?: IngestOptions) =>
    (await import('../ingest/ingest-image')).ingestImage(bytes, options),
  decode: async (bytes: Uint8Array, maxSide?: number) =>
    (await import('../ingest/decode-raw')).decodeToRaw(bytes, maxSide),
  splitMpo: async (bytes: Uint8Array) => (await import('../split/mpo')).splitMpo(bytes),
  // Not in place: views written over the arguments would be crops of larger buffers, which the pool copies back
  // whole instead of moving them (see transferablesOf).
  align: async (left: RawImage, right: RawImage) =>
    (await import('../align/align-pair')).alignPair(left, right),
  interpolate: async (left: RawImage, right: RawImage, positions?: readonly number[]) =>
    (await import('../interpolate/interpolate-views')).interpolateViews(left, right, positions),
  render: async (frames: RawImage[], params?: RenderParams) =>
    (await import('../render/render-frames')).renderFrames(frames, params),
  renderWiggle: async (sources: WiggleSources, description: RenderDescriptionInput) =>
    (await import('../pipeline/render-wiggle')).renderWiggle(sources, description),
};

export type TaskName = keyof typeof tasks;
export type TaskArgs<N extends TaskName> = Parameters<(typeof tasks)[N]>;
export type TaskResult<N extends TaskName> = Awaited<ReturnType<(typeof tasks)[N]>>;
