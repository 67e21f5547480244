/**
 * A worker process for the queue tests to kill with SIGKILL mid-job: it takes one job of JOB_NAME, says so on
 * stdout and then works forever, as a worker that dies in the middle of a wiggle would. DRIVER picks BullMQ
 * (REDIS_URL, JOB_QUEUE_PREFIX) or the in-process queue on the SQLite file JOBS_DB_FILE.
 */
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { BullMqJobQueue } from '../../platform/jobs/bullmq-job-queue';
import { InProcessJobQueue } from '../../platform/jobs/in-process-job-queue';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { JobTables } from '../../platform/jobs/tables';

const { DRIVER, REDIS_URL, JOB_QUEUE_PREFIX, JOB_NAME, LOCK_MS, JOBS_DB_FILE } = process.env;
if (!JOB_NAME) throw new Error('JOB_NAME is required');
const log = { info() {}, warn() {}, error: (object: object) => console.error(object) };

function openQueue(): JobQueue {
  if (DRIVER === 'in-process') {
    if (!JOBS_DB_FILE) throw new Error('JOBS_DB_FILE is required');
    const sqlite = new SqliteDatabase(JOBS_DB_FILE);
    sqlite.pragma('busy_timeout = 5000');
    const db = new Kysely<JobTables>({ dialect: new SqliteDialect({ database: sqlite }) });
    return new InProcessJobQueue(db, { log, pollIntervalMs: 50 });
  }
  if (!REDIS_URL || !JOB_QUEUE_PREFIX) throw new Error('REDIS_URL and JOB_QUEUE_PREFIX are required');
  return new BullMqJobQueue({
    redisUrl: REDIS_URL,
    prefix: JOB_QUEUE_PREFIX,
    log,
    lockDurationMs: Number(LOCK_MS ?? 1000),
    stalledIntervalMs: 500,
  });
}

const queue = openQueue();
queue.process(JOB_NAME, {
  timeoutMs: 600_000,
  async run(payload, { attempt }) {
    console.log(JSON.stringify({ started: payload, attempt, pid: process.pid }));
    await new Promise(() => {});
  },
});
// The in-process queue's poll timer does not hold the process open by itself.
setInterval(() => {}, 60_000);
