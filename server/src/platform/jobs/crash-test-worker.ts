/**
 * A worker process for bullmq-job-queue.test.ts to kill with SIGKILL mid-job: it takes one job of JOB_NAME,
 * says so on stdout and then works forever, as a worker that dies in the middle of a wiggle would.
 */
import { BullMqJobQueue } from './bullmq-job-queue';

const { REDIS_URL, JOB_QUEUE_PREFIX, JOB_NAME, LOCK_MS } = process.env;
if (!REDIS_URL || !JOB_QUEUE_PREFIX || !JOB_NAME)
  throw new Error('REDIS_URL, JOB_QUEUE_PREFIX and JOB_NAME are required');

const queue = new BullMqJobQueue({
  redisUrl: REDIS_URL,
  prefix: JOB_QUEUE_PREFIX,
  log: { info() {}, warn() {}, error: (object) => console.error(object) },
  lockDurationMs: Number(LOCK_MS ?? 1000),
  stalledIntervalMs: 500,
});
queue.process(JOB_NAME, {
  timeoutMs: 600_000,
  async run(payload, { attempt }) {
    console.log(JSON.stringify({ started: payload, attempt, pid: process.pid }));
    await new Promise(() => {});
  },
});
