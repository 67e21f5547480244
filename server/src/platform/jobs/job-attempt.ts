import { setTimeout as sleep } from 'node:timers/promises';
import type { JobContext, JobHandler } from './job-queue';

/** How one run of a handler ended, as both drivers record it. */
export type AttemptOutcome =
  | { kind: 'done' }
  | { kind: 'error'; error: Error }
  | { kind: 'timeout'; error: Error }
  /** The queue closed mid-run: not the handler's fault, so the job runs again later. */
  | { kind: 'interrupted' };

/** The minimal logger both drivers need; pino and Fastify's logger fit it. */
export interface JobLog {
  info(object: object, message?: string): void;
  warn(object: object, message?: string): void;
  error(object: object, message?: string): void;
}

export class JobTimeoutError extends Error {
  override name = 'JobTimeoutError';
}

/**
 * Runs one attempt of a handler against its timeout and the queue's stop signal. A promise cannot be killed, so a
 * handler past its timeout is abandoned: its signal is aborted and its result ignored (handlers check the signal
 * between steps). When the queue stops, the handler gets `graceMs` to finish before it counts as interrupted.
 */
export async function runAttempt<P>(
  handler: JobHandler<P>,
  payload: P,
  context: Omit<JobContext, 'signal'>,
  stop: AbortSignal,
  graceMs: number,
): Promise<AttemptOutcome> {
  const controller = new AbortController();
  const settled: Promise<AttemptOutcome> = Promise.resolve()
    .then(() => handler.run(payload, { ...context, signal: controller.signal }))
    .then(
      () => ({ kind: 'done' }),
      (error: unknown) => ({ kind: 'error', error: asError(error) }),
    );
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<AttemptOutcome>((resolve) => {
    timer = setTimeout(() => {
      const error = new JobTimeoutError(`The job ran longer than ${handler.timeoutMs} ms.`);
      controller.abort(error);
      resolve({ kind: 'timeout', error });
    }, handler.timeoutMs);
  });
  let onStop: (() => void) | undefined;
  const stopped = new Promise<'stop'>((resolve) => {
    onStop = () => resolve('stop');
    if (stop.aborted) onStop();
    else stop.addEventListener('abort', onStop, { once: true });
  });
  try {
    const first = await Promise.race([settled, timedOut, stopped]);
    if (first !== 'stop') return first;
    clearTimeout(timer);
    controller.abort(new Error('The job queue is closing.'));
    const late = await Promise.race([settled, sleep(graceMs, null)]);
    return late?.kind === 'done' ? late : { kind: 'interrupted' };
  } finally {
    clearTimeout(timer);
    if (onStop) stop.removeEventListener('abort', onStop);
  }
}

/** Runs onTimeout/onFailed; their own failure is logged, never allowed to break the queue. */
export async function callHook(
  log: JobLog,
  hook: 'onTimeout' | 'onFailed',
  context: { jobId: string; name: string },
  call: () => Promise<void> | undefined,
): Promise<void> {
  try {
    await call();
  } catch (error) {
    log.error({ err: error, job: context }, `job ${hook} hook failed`);
  }
}

export function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** Exponential backoff from `base`: base, 2·base, 4·base... capped at an hour. */
export function retryDelay(base: number, attempt: number): number {
  return Math.min(base * 2 ** Math.max(0, attempt - 1), 3_600_000);
}

/** The error onFailed gets for a job whose every attempt was cut off (crash, kill, shutdown). */
export function interruptedTooOften(maxAttempts: number): Error {
  const times = maxAttempts === 1 ? 'once' : `${maxAttempts} times`;
  return new Error(`The job was interrupted ${times} and will not run again.`);
}
