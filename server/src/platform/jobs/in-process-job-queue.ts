import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  type AttemptOutcome,
  asError,
  callHook,
  interruptedTooOften,
  type JobLog,
  retryDelay,
  runAttempt,
} from './job-attempt';
import type { JobHandler, JobOptions, JobQueue } from './job-queue';
import { JobStore } from './job-store';
import type { JobRow, JobTables } from './tables';

export interface InProcessJobQueueOptions {
  log: JobLog;
  /** How often idle handlers look for due jobs; enqueue wakes them at once. */
  pollIntervalMs?: number;
  /** A claimed job is presumed orphaned (its process died) once its lease runs out; renewed every third of it. */
  leaseMs?: number;
  /** First retry delay; doubles per attempt. */
  retryDelayMs?: number;
  /** How long close() lets running handlers finish before leaving them to run again. */
  closeGraceMs?: number;
  /**
   * At start, make jobs left 'running' waiting again at once instead of after their lease (default true). Right
   * when this is the only process running jobs on the database, as in the embedded default; turn it off if several
   * processes share one database without Redis, or a starting process would take over its peers' live jobs.
   */
  recoverOnStart?: boolean;
}

interface Registration {
  handler: JobHandler<object>;
  running: number;
  /** Resolves once jobs this process left running before a restart are waiting again. */
  recovered: Promise<void>;
}

const DEFAULT_ATTEMPTS = 3;
const HOUR = 3_600_000;
const KEEP_DONE_MS = 7 * 24 * HOUR;
const KEEP_FAILED_MS = 30 * 24 * HOUR;

const iso = (msFromNow = 0) => new Date(Date.now() + msFromNow).toISOString();

/**
 * The embedded default (DESIGN.md §4): jobs are rows of the app database, so they survive restarts, and this
 * process runs them. Claims are atomic (a conditional UPDATE, SKIP LOCKED on PostgreSQL), so several processes
 * sharing a PostgreSQL database never run one job twice at once.
 */
export class InProcessJobQueue implements JobQueue {
  private readonly store: JobStore;
  private readonly log: JobLog;
  private readonly pollIntervalMs: number;
  private readonly leaseMs: number;
  private readonly retryDelayMs: number;
  private readonly closeGraceMs: number;
  private readonly recoverOnStart: boolean;
  private readonly handlers = new Map<string, Registration>();
  private readonly active = new Set<Promise<void>>();
  private readonly stop = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private readonly repeats = new Map<string, NodeJS.Timeout>();
  private ticking: Promise<void> | undefined;
  private tickAgain = false;
  private lastPrune = 0;

  constructor(db: Kysely<JobTables>, options: InProcessJobQueueOptions) {
    this.store = new JobStore(db);
    this.log = options.log;
    this.pollIntervalMs = options.pollIntervalMs ?? 250;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.retryDelayMs = options.retryDelayMs ?? 2_000;
    this.closeGraceMs = options.closeGraceMs ?? 2_000;
    this.recoverOnStart = options.recoverOnStart ?? true;
  }

  async enqueue<P extends object>(name: string, payload: P, options?: JobOptions): Promise<void> {
    if (this.stop.signal.aborted) throw new Error('The job queue is closed.');
    const maxAttempts = Math.max(1, options?.attempts ?? DEFAULT_ATTEMPTS);
    await this.store.insert(options?.jobId ?? randomUUID(), name, JSON.stringify(payload), maxAttempts);
    if (this.handlers.has(name)) this.wake();
  }

  process<P extends object>(name: string, handler: JobHandler<P>): void {
    if (this.handlers.has(name)) throw new Error(`A handler for job "${name}" is already registered.`);
    if (this.stop.signal.aborted) throw new Error('The job queue is closed.');
    this.handlers.set(name, {
      handler: handler as JobHandler<object>,
      running: 0,
      recovered: this.recoverOnStart ? this.recoverInterrupted(name) : Promise.resolve(),
    });
    this.wake();
  }

  /**
   * A timer of this process enqueues the job under its name as job id: while one occurrence waits or runs, the
   * next is a no-op, so processes sharing one database never run it twice at once.
   */
  async repeat(name: string, everyMs: number): Promise<void> {
    if (this.stop.signal.aborted) throw new Error('The job queue is closed.');
    clearInterval(this.repeats.get(name));
    const occur = () =>
      this.enqueue(name, {}, { jobId: `repeat:${name}`, attempts: 1 }).catch((error: unknown) => {
        if (!this.stop.signal.aborted)
          this.log.error({ err: error, job: { name } }, 'repeating job not enqueued');
      });
    const timer = setInterval(() => void occur(), everyMs);
    timer.unref();
    this.repeats.set(name, timer);
    await occur();
  }

  async close(): Promise<void> {
    if (this.stop.signal.aborted) return;
    this.stop.abort();
    clearTimeout(this.timer);
    for (const timer of this.repeats.values()) clearInterval(timer);
    await Promise.allSettled([...this.handlers.values()].map((registration) => registration.recovered));
    await this.ticking;
    await Promise.allSettled([...this.active]);
  }

  /**
   * The embedded default has one process running jobs, so at its start anything still 'running' was cut off by
   * the previous process (crash, kill, power loss) and can run again now rather than after its lease expires.
   */
  private async recoverInterrupted(name: string): Promise<void> {
    try {
      const count = await this.store.makeRunningWait(name);
      if (count > 0) this.log.warn({ job: name, count }, 'jobs interrupted by a restart will run again');
    } catch (error) {
      // Not fatal: their leases still lapse and the poll picks them up then.
      this.log.error({ err: error, job: { name } }, 'could not recover interrupted jobs');
    }
  }

  private wake(): void {
    this.schedule(0);
  }

  private schedule(delayMs: number): void {
    if (this.stop.signal.aborted) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delayMs);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    if (this.ticking) {
      this.tickAgain = true;
      return;
    }
    this.ticking = this.claimDueJobs();
    await this.ticking;
    this.ticking = undefined;
    if (this.tickAgain) {
      this.tickAgain = false;
      this.schedule(0);
    } else {
      this.schedule(this.pollIntervalMs);
    }
  }

  private async claimDueJobs(): Promise<void> {
    try {
      for (const [name, registration] of this.handlers) {
        await registration.recovered;
        while (!this.stop.signal.aborted && registration.running < (registration.handler.concurrency ?? 1)) {
          // The claim counts the attempt, so a crash mid-run still uses one up.
          const row = await this.store.claimNext(name, this.leaseMs);
          if (!row) break;
          // close() began while the claim was in flight: hand the job straight back.
          if (this.stop.signal.aborted) await this.store.settle(row, { status: 'waiting', last_error: null });
          else this.start(name, registration, row);
        }
      }
      await this.pruneFinished();
    } catch (error) {
      this.log.error({ err: error }, 'job queue poll failed');
    }
  }

  private start(name: string, registration: Registration, row: JobRow): void {
    registration.running += 1;
    const run = this.execute(name, registration.handler, row)
      .catch((error: unknown) =>
        this.log.error({ err: error, job: { id: row.id, name } }, 'job bookkeeping failed'),
      )
      .finally(() => {
        registration.running -= 1;
        this.active.delete(run);
        this.wake();
      });
    this.active.add(run);
  }

  private async execute(name: string, handler: JobHandler<object>, row: JobRow): Promise<void> {
    const payload = JSON.parse(row.payload) as object;
    const context = { jobId: row.id, attempt: row.attempts };
    const hookContext = { ...context, signal: new AbortController().signal };
    const job = { id: row.id, name };
    if (row.attempts > row.max_attempts) {
      // Its earlier runs were all cut off (the process died each time): give up instead of crashing forever.
      const error = interruptedTooOften(row.max_attempts);
      await this.store.settle(row, { status: 'failed', last_error: error.message });
      await callHook(this.log, 'onFailed', { jobId: row.id, name }, () =>
        handler.onFailed?.(payload, error, hookContext),
      );
      return;
    }
    const heartbeat = setInterval(() => void this.renewLease(row), Math.max(50, this.leaseMs / 3));
    heartbeat.unref();
    let outcome: AttemptOutcome;
    try {
      outcome = await runAttempt(handler, payload, context, this.stop.signal, this.closeGraceMs);
    } finally {
      clearInterval(heartbeat);
    }
    switch (outcome.kind) {
      case 'done':
        await this.store.settle(row, { status: 'done', last_error: null });
        return;
      case 'interrupted':
        this.log.warn({ job }, 'job interrupted by shutdown; it will run again');
        await this.store.settle(row, { status: 'waiting', last_error: 'interrupted by shutdown' });
        return;
      case 'timeout':
        this.log.warn({ job, timeoutMs: handler.timeoutMs }, 'job timed out');
        await this.store.settle(row, { status: 'failed', last_error: outcome.error.message });
        await callHook(this.log, 'onTimeout', { jobId: row.id, name }, () =>
          handler.onTimeout?.(payload, hookContext),
        );
        return;
      case 'error': {
        const error = asError(outcome.error);
        if (row.attempts < row.max_attempts) {
          const delay = retryDelay(this.retryDelayMs, row.attempts);
          this.log.warn(
            { job, err: error, attempt: row.attempts, retryInMs: delay },
            'job failed; will retry',
          );
          await this.store.settle(row, {
            status: 'waiting',
            last_error: error.message,
            run_after: iso(delay),
          });
          return;
        }
        this.log.error({ job, err: error, attempt: row.attempts }, 'job failed for good');
        await this.store.settle(row, { status: 'failed', last_error: error.message });
        await callHook(this.log, 'onFailed', { jobId: row.id, name }, () =>
          handler.onFailed?.(payload, error, hookContext),
        );
        return;
      }
    }
  }

  private async renewLease(row: JobRow): Promise<void> {
    try {
      await this.store.renewLease(row, this.leaseMs);
    } catch (error) {
      this.log.warn({ err: error, job: { id: row.id } }, 'job lease renewal failed');
    }
  }

  /** Finished rows are only history; keep a week of successes and a month of failures for inspection. */
  private async pruneFinished(): Promise<void> {
    if (Date.now() - this.lastPrune < HOUR) return;
    this.lastPrune = Date.now();
    await this.store.deleteFinishedBefore(iso(-KEEP_DONE_MS), iso(-KEEP_FAILED_MS));
  }
}
