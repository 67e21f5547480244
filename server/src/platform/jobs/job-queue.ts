/**
 * Background jobs (DESIGN.md §4): in-process driver by default (jobs persisted in the database, run on this process,
 * heavy engine work in worker threads), BullMQ on Redis when `REDIS_URL` is set (`npm run worker` runs handlers in a
 * separate process). Both drivers guarantee: a job interrupted by a restart or a crashed worker runs again (so handlers
 * must be idempotent), and a job running longer than its timeout is abandoned and reported to `onTimeout`.
 * Repeating jobs (trash purge, cleanups) are scheduled with `repeat` once at start-up by the processes that run
 * job handlers; at scale the schedule lives in Redis and one worker runs each occurrence.
 */
export interface JobOptions {
  /** Deduplicates: enqueueing an id that is still waiting or running is a no-op. */
  jobId?: string;
  /** Attempts before the job is given up (default 3; an interrupted run counts as an attempt). */
  attempts?: number;
}

export interface JobContext {
  jobId: string;
  attempt: number;
  /** Aborted when the job times out or the queue closes; long steps should check it. */
  signal: AbortSignal;
}

export interface JobHandler<P> {
  run(payload: P, context: JobContext): Promise<void>;
  /** Called once when the job exceeded `timeoutMs`; the handler records TimeoutError. */
  onTimeout?(payload: P, context: JobContext): Promise<void>;
  /** Called once when all attempts failed. */
  onFailed?(payload: P, error: Error, context: JobContext): Promise<void>;
  timeoutMs: number;
  concurrency?: number;
}

export interface JobQueue {
  enqueue<P extends object>(name: string, payload: P, options?: JobOptions): Promise<void>;
  /** Registers the handler for `name` and starts consuming (only in processes that run workers). */
  process<P extends object>(name: string, handler: JobHandler<P>): void;
  /**
   * Runs job `name` (payload `{}`) every `everyMs`, the first time at once; its handler is registered with
   * `process` as any other. Scheduling the same name again (every worker does at start) replaces the interval and
   * never adds a second schedule, and an occurrence never starts while the previous one still runs.
   */
  repeat(name: string, everyMs: number): Promise<void>;
  close(): Promise<void>;
}
