import type { Kysely } from 'kysely';
import { BullMqJobQueue } from './bullmq-job-queue';
import { InProcessJobQueue } from './in-process-job-queue';
import type { JobLog } from './job-attempt';
import type { JobQueue } from './job-queue';
import { withProcessLog } from './process-log';
import type { JobTables } from './tables';

export interface JobQueueSettings {
  db: Kysely<JobTables>;
  /** Set → BullMQ on Redis (handlers run in `npm run worker` processes); unset → in-process on `db`. */
  redisUrl?: string;
  /** Redis key prefix (JOB_QUEUE_PREFIX). */
  prefix?: string;
  log: JobLog;
}

/** The driver the settings choose, wrapped so that every job run writes its process log row. */
export function createJobQueue(settings: JobQueueSettings): JobQueue & { readonly driver: JobQueue } {
  const queue = settings.redisUrl
    ? new BullMqJobQueue({
        redisUrl: settings.redisUrl,
        prefix: settings.prefix ?? 'wiggle',
        log: settings.log,
      })
    : new InProcessJobQueue(settings.db, { log: settings.log });
  return withProcessLog(queue, settings.db, settings.log);
}

/** Whether this process should register handlers: web processes do only when jobs are in-process. */
export function runsJobHandlers(mode: 'web' | 'worker', redisUrl: string | undefined): boolean {
  return mode === 'worker' ? Boolean(redisUrl) : !redisUrl;
}
