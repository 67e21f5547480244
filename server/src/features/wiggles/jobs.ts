import { DeleteStatus } from '@wiggle/common/enums';
import { Messages } from '@wiggle/common/messages';
import { EngineInputError } from '@wiggle/engine/image';
import type { BlobStore } from '../../platform/blobs/blob-store';
import { isoNow } from '../../platform/db/columns';
import type { JobContext } from '../../platform/jobs/job-queue';
import { withTimedProcessLog } from '../../platform/jobs/process-log';
import { type WiggleFrameName, wiggleFrameKey } from '../library/item-keys';
import { WIGGLE_CREATE_JOB, type WiggleCreatePayload, type WigglesDeps } from './deps';
import { type FrameFiles, InterpolationUnreliable, type LibraryEngine } from './engine-adapter';
import { wiggleOriginals } from './originals-for-job';
import { savedTune } from './tune-store';
import { loadWiggleForJob, updateWiggleForJob } from './wiggle-store';

const WEBP = { contentType: 'image/webp' };

async function putFrames(blobs: BlobStore, prefix: string, name: string, frames: FrameFiles) {
  await blobs.put(wiggleFrameKey(prefix, `${name}-f` as WiggleFrameName), frames.f, WEBP);
  await blobs.put(wiggleFrameKey(prefix, `${name}-t` as WiggleFrameName), frames.t, WEBP);
}

/** The wiggle was purged or removed while the job ran: nothing may stay behind under its prefix. */
class WiggleGone extends Error {}

const lives = (row: { delete_status: number } | undefined) =>
  !!row && row.delete_status !== DeleteStatus.Expired;

/**
 * Writes a wiggle's media only while its row lives: checks it right before writing, then records the result in one
 * conditional statement (updateWiggleForJob). When the row was purged or removed meanwhile (also when a write
 * failed half-way), the files under its prefix are removed and the job ends: a purge marks Expired before it deletes
 * files, so either it deletes what the job wrote or the job does.
 */
async function writeThenRecord(
  deps: WigglesDeps,
  wiggle: { id: number; blob_prefix: string },
  write: () => Promise<void>,
  patch: Parameters<typeof updateWiggleForJob>[2],
) {
  const removeWritten = () => deps.blobs.deletePrefix(`${wiggle.blob_prefix}/`);
  if (!lives(await loadWiggleForJob(deps.db, wiggle.id))) throw new WiggleGone();
  try {
    await write();
  } catch (error) {
    if (!lives(await loadWiggleForJob(deps.db, wiggle.id))) await removeWritten();
    throw error;
  }
  if (!(await updateWiggleForJob(deps.db, wiggle.id, patch))) {
    await removeWritten();
    throw new WiggleGone();
  }
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
  try {
    await createWiggleMedia(deps, wiggleId, context, retune);
  } catch (error) {
    if (error instanceof WiggleGone) {
      deps.log.info({ wiggleId }, 'wiggle removed while it was being created; its media was not kept');
      return;
    }
    throw error;
  }
}

async function createWiggleMedia(
  deps: WigglesDeps,
  wiggleId: number,
  context: JobContext,
  retune: boolean,
): Promise<void> {
  const wiggle = await loadWiggleForJob(deps.db, wiggleId);
  if (!wiggle || wiggle.delete_status === DeleteStatus.Expired) return;
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
  let rendered: Awaited<ReturnType<LibraryEngine['renderWiggle']>>;
  try {
    const { left, right, sideBySide } = await wiggleOriginals(deps, wiggle);
    checkAborted(context);
    rendered = await deps.engine.renderWiggle(left, right, {
      autoAlign: wiggle.auto_align === 1,
      sideBySide,
      maxSize: deps.frameMaxSize,
      tune,
    });
    checkAborted(context);
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
  const views = rendered;
  await writeThenRecord(
    deps,
    wiggle,
    async () => {
      // The untuned working views, what the editor tunes on.
      const editorViews = await views.editorViews();
      await deps.blobs.put(wiggleFrameKey(wiggle.blob_prefix, 'left-e'), editorViews.left, WEBP);
      await deps.blobs.put(wiggleFrameKey(wiggle.blob_prefix, 'right-e'), editorViews.right, WEBP);
      await putFrames(deps.blobs, wiggle.blob_prefix, 'left', views.left);
      await putFrames(deps.blobs, wiggle.blob_prefix, 'right', views.right);
    },
    {
      create_status: 'Success',
      auto_align_status: views.autoAlignStatus,
      i_status: 'InProgress',
      width: views.width,
      height: views.height,
      alignment: views.alignment ? JSON.stringify(views.alignment) : null,
      canvas: JSON.stringify(views.canvas),
      error_message:
        views.autoAlignStatus === 'Error' ? `${Messages.autoAlignFailed} (${views.autoAlignError})` : null,
      last_modified_at: isoNow(),
    },
  );

  let frames: Awaited<ReturnType<LibraryEngine['interpolate']>>;
  try {
    checkAborted(context);
    // The interpolation is a step of the creation job with its own process log row (issue 13 "interpolation").
    frames = await withTimedProcessLog(
      deps.db,
      deps.log,
      {
        name: 'wiggle.interpolate',
        description: `frames 25/50/75 of wiggle ${wiggleId}`,
        entity: { group: 'wiggle', type: 'wiggle', id: wiggleId },
      },
      () => deps.engine.interpolate(views.views, tune),
      context.signal,
    );
    checkAborted(context);
  } catch (error) {
    if (context.signal.aborted) throw error;
    deps.log.warn({ err: error, wiggleId }, 'interpolation failed');
    // An unreliable pair keeps its reason for the member (Enhanced is not offered); the auto-align note stays first.
    const reason =
      error instanceof InterpolationUnreliable ? Messages.enhancedUnavailable(error.message) : undefined;
    const alignNote =
      views.autoAlignStatus === 'Error' ? `${Messages.autoAlignFailed} (${views.autoAlignError})` : undefined;
    await updateWiggleForJob(deps.db, wiggleId, {
      i_status: 'Error',
      ...(reason ? { error_message: alignNote ? `${alignNote} ${reason}` : reason } : {}),
      last_modified_at: isoNow(),
    });
    return;
  }
  await writeThenRecord(
    deps,
    wiggle,
    async () => {
      for (const position of [25, 50, 75] as const) {
        await putFrames(deps.blobs, wiggle.blob_prefix, String(position), frames[position]);
      }
    },
    { i_status: 'Success', last_modified_at: isoNow() },
  );
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
