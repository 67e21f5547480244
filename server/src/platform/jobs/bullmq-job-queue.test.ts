import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { killHard, startCrashWorker } from '../../test/jobs/crash-test-process';
import { describeJobQueueContract } from '../../test/jobs/job-queue-contract';
import { uniqueName, waitFor } from '../../test/jobs/job-test-helpers';
import { silentJobLog } from '../../test/jobs/test-job-db';
import { obliterateRedisPrefix, testRedisUrl } from '../../test/jobs/test-redis';
import { BullMqJobQueue, toBullJobId } from './bullmq-job-queue';

const redisUrl = testRedisUrl;
const obliteratePrefix = obliterateRedisPrefix;

function testQueue(prefix: string, overrides: Partial<ConstructorParameters<typeof BullMqJobQueue>[0]> = {}) {
  return new BullMqJobQueue({
    redisUrl,
    prefix,
    log: silentJobLog(),
    retryDelayMs: 20,
    closeGraceMs: 200,
    lockDurationMs: 2_000,
    stalledIntervalMs: 500,
    ...overrides,
  });
}

describeJobQueueContract('BullMQ on Redis', async () => {
  const prefix = `wiggle-test-${randomBytes(4).toString('hex')}`;
  return { open: async () => testQueue(prefix), close: () => obliteratePrefix(prefix) };
});

describe('BullMQ job queue', () => {
  const prefix = `wiggle-test-${randomBytes(4).toString('hex')}`;
  const children: ChildProcess[] = [];
  const queues: BullMqJobQueue[] = [];
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await Promise.all(queues.map((queue) => queue.close()));
    await obliteratePrefix(prefix);
  });

  it('maps any job id onto one BullMQ accepts, without collisions', () => {
    const ids = ['42', 'wiggle-42', 'a:b', 'a%3Ab', '%i42', 'id-42'];
    const mapped = ids.map(toBullJobId);
    expect(new Set(mapped).size).toBe(ids.length);
    for (const id of mapped) {
      expect(id).not.toContain(':');
      expect(id).not.toMatch(/^\d+$/);
    }
  });

  it('keeps the caller’s job id even when BullMQ needs another form of it', async () => {
    const queue = testQueue(prefix);
    queues.push(queue);
    const name = uniqueName('ids');
    const seen: string[] = [];
    queue.process(name, {
      timeoutMs: 5_000,
      async run(_payload, { jobId }) {
        seen.push(jobId);
      },
    });
    await queue.enqueue(name, {}, { jobId: '17' });
    await queue.enqueue(name, {}, { jobId: 'wiggle:18' });
    await waitFor(() => seen.length === 2);
    expect(seen.sort()).toEqual(['17', 'wiggle:18']);
  });

  it('fails an enqueue quickly when Redis is unreachable, and still closes', async () => {
    const queue = new BullMqJobQueue({
      redisUrl: 'redis://127.0.0.1:1',
      prefix,
      log: silentJobLog(),
      enqueueTimeoutMs: 300,
    });
    const started = Date.now();
    await expect(queue.enqueue('nowhere', {})).rejects.toThrow('Redis did not accept the job within 300 ms.');
    expect(Date.now() - started).toBeLessThan(2_000);
    await queue.close();
  });

  it('takes back the job of a worker process killed mid-run and completes it', async () => {
    const name = uniqueName('crash');
    const producer = testQueue(prefix);
    queues.push(producer);
    await producer.enqueue(name, { wiggleId: 77 }, { jobId: 'wiggle-77' });

    const { child, started } = await startCrashWorker({
      DRIVER: 'bullmq',
      REDIS_URL: redisUrl,
      JOB_QUEUE_PREFIX: prefix,
      JOB_NAME: name,
      LOCK_MS: '1500',
    });
    children.push(child);
    expect(started.attempt).toBe(1);
    await killHard(child);
    const killedAt = Date.now();

    const survivor = testQueue(prefix);
    queues.push(survivor);
    const completed: { payload: unknown; attempt: number; jobId: string }[] = [];
    survivor.process(name, {
      timeoutMs: 5_000,
      async run(payload, { attempt, jobId }) {
        completed.push({ payload, attempt, jobId });
      },
    });
    await waitFor(() => completed.length === 1, 20_000);
    expect(completed).toEqual([{ payload: { wiggleId: 77 }, attempt: 2, jobId: 'wiggle-77' }]);
    // The lock lapses 1.5 s after the kill and the stalled check runs every 0.5 s.
    expect(Date.now() - killedAt).toBeLessThan(10_000);
  }, 60_000);
});
