import type { JobQueue } from '../../platform/jobs/job-queue';
import type { Logger } from '../../platform/logger';
import type { Platform } from '../../platform/platform';
import { type LibraryDeps, libraryDepsOf } from '../library/deps';
import { type LibraryEngine, sharedEngine } from './engine-adapter';

/** The job name and payload every creation is enqueued with. */
export const WIGGLE_CREATE_JOB = 'wiggle.create';
export interface WiggleCreatePayload {
  wiggleId: number;
  /** Render the frames again with the saved tune (the wiggle keeps its Success status meanwhile). */
  retune?: boolean;
}

/** What the wiggles services and jobs use: the library's deps (originals, folders) plus the engine and jobs. */
export interface WigglesDeps extends LibraryDeps {
  engine: LibraryEngine;
  jobs: JobQueue;
  log: Logger;
  /** JOB_TIMEOUT_SECONDS in ms: a creation running longer is stopped. */
  jobTimeoutMs: number;
  /** WIGGLE_FRAME_MAX_SIZE: the long side of a library wiggle's working frames. */
  frameMaxSize: number | undefined;
}

/** One job per wiggle, with the wiggle's id as job id so a second enqueue of the same wiggle is a no-op. */
export async function enqueueWiggleCreation(jobs: JobQueue, ids: readonly number[]): Promise<void> {
  for (const wiggleId of ids) {
    await jobs.enqueue<WiggleCreatePayload>(WIGGLE_CREATE_JOB, { wiggleId }, { jobId: `wiggle-${wiggleId}` });
  }
}

/**
 * Renders a tuned wiggle's preview frames again. One job per saved version (its time in the id): a tune saved
 * while an earlier re-render runs still gets its own; each run reads the latest tune.
 */
export async function enqueueWiggleRetune(jobs: JobQueue, wiggleId: number, version: string): Promise<void> {
  await jobs.enqueue<WiggleCreatePayload>(
    WIGGLE_CREATE_JOB,
    { wiggleId, retune: true },
    { jobId: `wiggle-${wiggleId}-tune-${Date.parse(version)}` },
  );
}

export function wigglesDepsOf(platform: Platform, engine: LibraryEngine = sharedEngine()): WigglesDeps {
  return {
    ...libraryDepsOf(platform, engine, (ids) => enqueueWiggleCreation(platform.jobs, ids)),
    engine,
    jobs: platform.jobs,
    log: platform.log,
    jobTimeoutMs: platform.config.JOB_TIMEOUT_SECONDS * 1000,
    frameMaxSize: platform.config.WIGGLE_FRAME_MAX_SIZE,
  };
}
