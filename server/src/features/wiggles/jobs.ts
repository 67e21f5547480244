import { Messages } from '@wiggle/common/messages';
import { EngineInputError } from '@wiggle/engine/image';
import type { BlobStore } from '../../platform/blobs/blob-store';
import { isoNow } from '../../platform/db/columns';
import type { JobContext } from '../../platform/jobs/job-queue';
import { type WiggleFrameName, wiggleFrameKey } from '../library/item-keys';
import { originalFileForJob } from '../library/originals-service';
import { WIGGLE_CREATE_JOB, type WiggleCreatePayload, type WigglesDeps } from './deps';
import type { FrameFiles, LibraryEngine } from './engine-adapter';
import { savedTune } from './tune-store';
import { loadWiggleForJob, updateWiggleForJob } from './wiggle-store';

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
  deps: WigglesDeps,
  wiggleId: number,
  context: JobContext,
  retune = false,
): Promise<void> {
  const wiggle = await loadWiggleForJob(deps.db, wiggleId);
  if (!wiggle || wiggle.delete_status === 2) return;
  // A re-render after a tune keeps the wiggle Success (its frames stay served) and only redoes its frames.
  const rerender = retune && wiggle.create_status === 'Success';
  if (!rerender) {
    await updateWiggleForJob(deps.db, wiggleId, {
      create_status: 'InProgress',
      i_status: 'None',
      auto_align_status: 'None',
      error_message: null,
    });
  }
  const tune = savedTune(wiggle.tune);
  const loadOriginal = async (id: number | null) => {
    const key = id ? await originalFileForJob(deps.db, id) : undefined;
    if (!key)
      throw new EngineInputError('The original photo of this wiggle no longer exists.', 'unsupported');
    return deps.blobs.getBuffer(key);
  };

  let rendered: Awaited<ReturnType<LibraryEngine['renderWiggle']>>;
  try {
    const sideBySide = wiggle.source_type === 2;
    const left = await loadOriginal(wiggle.left_original_id);
    const right = sideBySide ? left : await loadOriginal(wiggle.right_original_id);
    checkAborted(context);
    rendered = await deps.engine.renderWiggle(left, right, {
      autoAlign: wiggle.auto_align === 1,
      sideBySide,
      maxSize: deps.frameMaxSize,
      tune,
    });
    checkAborted(context);
    if (!(await loadWiggleForJob(deps.db, wiggleId))) return;
    await deps.blobs.put(wiggleFrameKey(wiggle.blob_prefix, 'left-e'), rendered.editorViews.left, WEBP);
    await deps.blobs.put(wiggleFrameKey(wiggle.blob_prefix, 'right-e'), rendered.editorViews.right, WEBP);
    await putFrames(deps.blobs, wiggle.blob_prefix, 'left', rendered.left);
    await putFrames(deps.blobs, wiggle.blob_prefix, 'right', rendered.right);
  } catch (error) {
    // Bad input never gets better on a retry: record it now. Anything else is retried by the queue.
    if (error instanceof EngineInputError && rerender) {
      deps.log.warn({ err: error, wiggleId }, 'the tuned wiggle could not be rendered; its frames are kept');
      return;
    }
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
    canvas: JSON.stringify(rendered.canvas),
    error_message:
      rendered.autoAlignStatus === 'Error'
        ? `${Messages.autoAlignFailed} (${rendered.autoAlignError})`
        : null,
    last_modified_at: isoNow(),
  });

  try {
    checkAborted(context);
    const frames = await deps.engine.interpolate(rendered.views, tune);
    checkAborted(context);
    for (const position of [25, 50, 75] as const) {
      await putFrames(deps.blobs, wiggle.blob_prefix, String(position), frames[position]);
    }
    await updateWiggleForJob(deps.db, wiggleId, { i_status: 'Success', last_modified_at: isoNow() });
  } catch (error) {
    if (context.signal.aborted) throw error;
    deps.log.warn({ err: error, wiggleId }, 'interpolation failed');
    await updateWiggleForJob(deps.db, wiggleId, { i_status: 'Error', last_modified_at: isoNow() });
  }
}

/** Records how a run that did not finish ended: before Success it is the creation, after it the interpolation. */
async function recordUnfinished(deps: WigglesDeps, wiggleId: number, status: 'Error' | 'TimeoutError') {
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

/** Registers the creation job's handler; the process that runs job handlers calls it once at start-up. */
export function registerWiggleJobs(deps: WigglesDeps): void {
  deps.jobs.process<WiggleCreatePayload>(WIGGLE_CREATE_JOB, {
    timeoutMs: deps.jobTimeoutMs,
    concurrency: 1,
    run: (payload, context) => runWiggleCreation(deps, payload.wiggleId, context, payload.retune === true),
    onTimeout: (payload) => recordUnfinished(deps, payload.wiggleId, 'TimeoutError'),
    onFailed: (payload) => recordUnfinished(deps, payload.wiggleId, 'Error'),
  });
}
