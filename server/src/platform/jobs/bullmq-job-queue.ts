import { type Job, Queue, UnrecoverableError, WaitingError, Worker } from 'bullmq';
import { asError, callHook, interruptedTooOften, type JobLog, runAttempt } from './job-attempt';
import type { JobHandler, JobOptions, JobQueue } from './job-queue';

export interface BullMqJobQueueOptions {
  redisUrl: string;
  /** Redis key prefix; tests use a random one so they never see each other's jobs. */
  prefix: string;
  log: JobLog;
  /**
   * A worker holds each job's lock for this long and renews it at half. A crashed worker's job is taken back once
   * its lock lapsed and two stalled checks saw it lockless: 10 s + 2 × 10 s brings it back within ~30 s.
   */
  lockDurationMs?: number;
  stalledIntervalMs?: number;
  /** First retry delay; doubles per attempt (BullMQ's exponential backoff). */
  retryDelayMs?: number;
  /** How long close() lets running handlers finish before handing their jobs back to the queue. */
  closeGraceMs?: number;
  /** BullMQ waits for Redis indefinitely; an HTTP request that enqueues must fail instead (default 10 s). */
  enqueueTimeoutMs?: number;
}

const DEFAULT_ATTEMPTS = 3;

/** What a BullMQ job holds: the payload and the caller's own id (BullMQ's may be an encoded form of it). */
interface JobData<P> {
  payload: P;
  jobId?: string;
}

/**
 * BullMQ fails a job outright once it stalled this often, bypassing our onFailed; set above any attempts value we
 * use so that our own started-attempts check (in `runJob`) is what gives up on a job that keeps killing workers.
 */
const MAX_STALLED_COUNT = 20;

/**
 * Jobs on Redis with BullMQ (DESIGN.md §4 scale settings): the web process only enqueues, `npm run worker`
 * processes run the handlers. One BullMQ queue per job name, one Worker per handler.
 */
export class BullMqJobQueue implements JobQueue {
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];
  private readonly stop = new AbortController();
  private readonly connection: { url: string; maxRetriesPerRequest: null };

  constructor(private readonly options: BullMqJobQueueOptions) {
    // Workers block on Redis; BullMQ requires unlimited retries per request for their connections.
    this.connection = { url: options.redisUrl, maxRetriesPerRequest: null };
  }

  async enqueue<P extends object>(name: string, payload: P, options?: JobOptions): Promise<void> {
    if (this.stop.signal.aborted) throw new Error('The job queue is closed.');
    const limit = this.options.enqueueTimeoutMs ?? 10_000;
    let timer: NodeJS.Timeout | undefined;
    const unreachable = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`Redis did not accept the job within ${limit} ms.`)), limit);
    });
    try {
      await Promise.race([this.add(name, payload, options), unreachable]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async add<P extends object>(name: string, payload: P, options?: JobOptions): Promise<void> {
    const queue = this.queueFor(name);
    const jobId = options?.jobId === undefined ? undefined : toBullJobId(options.jobId);
    if (jobId !== undefined) {
      // BullMQ ignores an id it still remembers, even a finished one; ours may run again once finished.
      const existing = await queue.getJob(jobId);
      if (existing) {
        const state = await existing.getState();
        if (state !== 'completed' && state !== 'failed' && state !== 'unknown') return;
        await existing.remove();
      }
    }
    const data: JobData<P> = { payload, jobId: options?.jobId };
    await queue.add(name, data, {
      jobId,
      attempts: Math.max(1, options?.attempts ?? DEFAULT_ATTEMPTS),
      backoff: { type: 'exponential', delay: this.options.retryDelayMs ?? 2_000 },
      removeOnComplete: { age: 24 * 3600, count: 1000 },
      removeOnFail: { age: 7 * 24 * 3600, count: 5000 },
    });
  }

  process<P extends object>(name: string, handler: JobHandler<P>): void {
    if (this.stop.signal.aborted) throw new Error('The job queue is closed.');
    const worker = new Worker<JobData<P>>(name, (job, token) => this.runJob(name, handler, job, token), {
      connection: this.connection,
      prefix: this.options.prefix,
      concurrency: handler.concurrency ?? 1,
      lockDuration: this.options.lockDurationMs ?? 10_000,
      stalledInterval: this.options.stalledIntervalMs ?? 10_000,
      maxStalledCount: MAX_STALLED_COUNT,
    });
    worker.on('error', (error) => this.options.log.error({ err: error, job: { name } }, 'job worker error'));
    this.workers.push(worker as Worker);
  }

  /** A BullMQ job scheduler: one per name in Redis, however many workers upsert it; one worker runs each job. */
  async repeat(name: string, everyMs: number): Promise<void> {
    if (this.stop.signal.aborted) throw new Error('The job queue is closed.');
    const data: JobData<object> = { payload: {} };
    await this.queueFor(name).upsertJobScheduler(
      name,
      { every: everyMs },
      {
        name,
        data,
        opts: { attempts: 1, removeOnComplete: { count: 100 }, removeOnFail: { count: 100 } },
      },
    );
  }

  async close(): Promise<void> {
    if (this.stop.signal.aborted) return;
    // Running handlers get the grace period, then hand their jobs back (runJob); close() waits for that.
    this.stop.abort();
    await Promise.allSettled(this.workers.map((worker) => worker.close()));
    await Promise.allSettled([...this.queues.values()].map((queue) => queue.close()));
  }

  private queueFor(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection, prefix: this.options.prefix });
      queue.on('error', (error) => this.options.log.error({ err: error, job: { name } }, 'job queue error'));
      this.queues.set(name, queue);
    }
    return queue;
  }

  private async runJob<P>(
    name: string,
    handler: JobHandler<P>,
    job: Job<JobData<P>>,
    token?: string,
  ): Promise<void> {
    const log = this.options.log;
    const maxAttempts = job.opts.attempts ?? 1;
    // attemptsStarted counts this run and every earlier one, finished or cut off (stalled, shutdown).
    const attempt = job.attemptsStarted;
    const jobId = job.data.jobId ?? job.id ?? '';
    const payload = job.data.payload;
    const ids = { jobId, name };
    const hookContext = { jobId, attempt, signal: new AbortController().signal };
    if (attempt > maxAttempts) {
      const error = interruptedTooOften(maxAttempts);
      await callHook(log, 'onFailed', ids, () => handler.onFailed?.(payload, error, hookContext));
      throw new UnrecoverableError(error.message);
    }
    const outcome = await runAttempt(
      handler,
      payload,
      { jobId, attempt },
      this.stop.signal,
      this.options.closeGraceMs ?? 2_000,
    );
    switch (outcome.kind) {
      case 'done':
        return;
      case 'interrupted':
        log.warn({ job: ids }, 'job interrupted by shutdown; it will run again');
        await job.moveToWait(token);
        throw new WaitingError();
      case 'timeout':
        log.warn({ job: ids, timeoutMs: handler.timeoutMs }, 'job timed out');
        await callHook(log, 'onTimeout', ids, () => handler.onTimeout?.(payload, hookContext));
        throw new UnrecoverableError(outcome.error.message);
      case 'error': {
        const error = asError(outcome.error);
        if (attempt < maxAttempts && job.attemptsMade + 1 < maxAttempts) {
          log.warn({ job: ids, err: error, attempt }, 'job failed; will retry');
          throw error;
        }
        log.error({ job: ids, err: error, attempt }, 'job failed for good');
        await callHook(log, 'onFailed', ids, () => handler.onFailed?.(payload, error, hookContext));
        throw new UnrecoverableError(error.message);
      }
    }
  }
}

/**
 * BullMQ refuses custom ids that look like integers or contain ':'; map every id one to one onto ids it takes
 * ('%' is escaped first, so the '%i' marker cannot come from any other id).
 */
export function toBullJobId(jobId: string): string {
  const encoded = jobId.replaceAll('%', '%25').replaceAll(':', '%3A');
  return /^\d+$/.test(encoded) ? `%i${encoded}` : encoded;
}
