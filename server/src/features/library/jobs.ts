import { Messages } from '@wiggle/common/messages';
import { EngineInputError } from '@wiggle/engine/image';
import type { Kysely } from 'kysely';
import type { BlobStore } from '../../platform/blobs/blob-store';
import { isoNow } from '../../platform/db/columns';
import type { Database } from '../../platform/db/schema';
import type { JobContext, JobQueue } from '../../platform/jobs/job-queue';
import type { Logger } from '../../platform/platform';
import { WIGGLE_CREATE_JOB, type WiggleCreatePayload } from './deps';
import { type FrameFiles, type LibraryEngine, sharedEngine } from './engine-adapter';
import { originalBlobForJob } from './original-store';
import { type WiggleFrameName, wiggleFrameKey } from './wiggle-keys';
import { loadWiggleForJob, updateWiggleForJob } from './wiggle-store';

export interface LibraryJobDeps {
  db: Kysely<Database>;
  blobs: BlobStore;
  jobs: JobQueue;
  log?: Logger;
  config?: { JOB_TIMEOUT_SECONDS: number; WIGGLE_FRAME_MAX_SIZE?: number };
}

const WEBP = { contentType: 'image/webp' };

async function putFrames(blobs: BlobStore, prefix: string, name: string, frames: FrameFiles) {
  await blobs.put(wiggleFrameKey(prefix, `${name}-f` as WiggleFrameName), frames.f, WEBP);
  await blobs.put(wiggleFrameKey(prefix, `${name}-t` as WiggleFrameName), frames.t, WEBP);
}

function checkAborted(context: JobContext) {
  if (context.signal.aborted) throw new Error('The job was aborted.');
}

/**
 * Creates one wiggle: createStatus New → InProgress → Success (left/right frames stored) → iStatus InProgress →
 * Success (25/50/75 frames stored). Idempotent: a re-run after a restart writes the same keys again.
 * A failed auto-align keeps the unaligned pair (autoAlignStatus Error) and still succeeds.
 */
export async function runWiggleCreation(
  deps: LibraryJobDeps,
  engine: LibraryEngine,
  wiggleId: number,
  context: JobContext,
): Promise<void> {
  const wiggle = await loadWiggleForJob(deps.db, wiggleId);
  if (!wiggle || wiggle.delete_status === 2) return;
  await updateWiggleForJob(deps.db, wiggleId, {
    create_status: 'InProgress',
    i_status: 'None',
    auto_align_status: 'None',
    error_message: null,
  });
  const loadOriginal = async (id: number | null) => {
    const row = id ? await originalBlobForJob(deps.db, id) : undefined;
    if (!row)
      throw new EngineInputError('The original photo of this wiggle no longer exists.', 'unsupported');
    return deps.blobs.getBuffer(row.blob_o);
  };

  let rendered: Awaited<ReturnType<LibraryEngine['renderWiggle']>>;
  try {
    const sideBySide = wiggle.source_type === 2;
    const left = await loadOriginal(wiggle.left_original_id);
    const right = sideBySide ? left : await loadOriginal(wiggle.right_original_id);
    checkAborted(context);
    rendered = await engine.renderWiggle(left, right, {
      autoAlign: wiggle.auto_align === 1,
      sideBySide,
      maxSize: deps.config?.WIGGLE_FRAME_MAX_SIZE,
    });
    checkAborted(context);
    await putFrames(deps.blobs, wiggle.blob_prefix, 'left', rendered.left);
    await putFrames(deps.blobs, wiggle.blob_prefix, 'right', rendered.right);
  } catch (error) {
    // Bad input never gets better on a retry: record it now. Anything else is retried by the queue.
    if (error instanceof EngineInputError) {
      await updateWiggleForJob(deps.db, wiggleId, {
        create_status: 'Error',
        error_message: `${Messages.wiggleCreationFailed} ${error.message}`,
        last_modified_at: isoNow(),
      });
      return;
    }
    throw error;
  }
  await updateWiggleForJob(deps.db, wiggleId, {
    create_status: 'Success',
    auto_align_status: rendered.autoAlignStatus,
    i_status: 'InProgress',
    width: rendered.width,
    height: rendered.height,
    alignment: rendered.alignment ? JSON.stringify(rendered.alignment) : null,
    error_message:
      rendered.autoAlignStatus === 'Error'
        ? `${Messages.autoAlignFailed} (${rendered.autoAlignError})`
        : null,
    last_modified_at: isoNow(),
  });

  try {
    checkAborted(context);
    const frames = await engine.interpolate(rendered.views);
    checkAborted(context);
    for (const position of [25, 50, 75] as const) {
      await putFrames(deps.blobs, wiggle.blob_prefix, String(position), frames[position]);
    }
    await updateWiggleForJob(deps.db, wiggleId, { i_status: 'Success', last_modified_at: isoNow() });
  } catch (error) {
    if (context.signal.aborted) throw error;
    deps.log?.warn({ err: error, wiggleId }, 'interpolation failed');
    await updateWiggleForJob(deps.db, wiggleId, { i_status: 'Error', last_modified_at: isoNow() });
  }
}

/** Records how a run that did not finish ended: before Success it is the creation, after it the interpolation. */
async function recordUnfinished(deps: LibraryJobDeps, wiggleId: number, status: 'Error' | 'TimeoutError') {
  const wiggle = await loadWiggleForJob(deps.db, wiggleId);
  if (!wiggle) return;
  if (wiggle.create_status === 'Success') {
    if (wiggle.i_status === 'InProgress') {
      await updateWiggleForJob(deps.db, wiggleId, { i_status: status, last_modified_at: isoNow() });
    }
    return;
  }
  await updateWiggleForJob(deps.db, wiggleId, {
    create_status: status,
    error_message: Messages.wiggleCreationFailed,
    last_modified_at: isoNow(),
  });
}

export function registerLibraryJobs(platform: LibraryJobDeps, engine: LibraryEngine = sharedEngine()): void {
  platform.jobs.process<WiggleCreatePayload>(WIGGLE_CREATE_JOB, {
    timeoutMs: (platform.config?.JOB_TIMEOUT_SECONDS ?? 300) * 1000,
    concurrency: 1,
    run: (payload, context) => runWiggleCreation(platform, engine, payload.wiggleId, context),
    onTimeout: (payload) => recordUnfinished(platform, payload.wiggleId, 'TimeoutError'),
    onFailed: (payload) => recordUnfinished(platform, payload.wiggleId, 'Error'),
  });
}
