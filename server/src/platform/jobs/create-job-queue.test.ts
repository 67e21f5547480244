import { describe, expect, it } from 'vitest';
import { createJobTestDatabase, silentJobLog } from '../../test/jobs/test-job-db';
import { BullMqJobQueue } from './bullmq-job-queue';
import { createJobQueue, runsJobHandlers } from './create-job-queue';
import { InProcessJobQueue } from './in-process-job-queue';

describe('createJobQueue', () => {
  it('uses the database without REDIS_URL and BullMQ with it', async () => {
    const database = await createJobTestDatabase('sqlite');
    const inProcess = createJobQueue({ db: database.db, log: silentJobLog() });
    const bullmq = createJobQueue({
      db: database.db,
      redisUrl: 'redis://127.0.0.1:6379',
      log: silentJobLog(),
    });
    expect(inProcess.driver).toBeInstanceOf(InProcessJobQueue);
    expect(bullmq.driver).toBeInstanceOf(BullMqJobQueue);
    await Promise.all([inProcess.close(), bullmq.close()]);
    await database.close();
  });

  it('runs handlers in the web process only when jobs are in-process, and in workers only with Redis', () => {
    expect(runsJobHandlers('web', undefined)).toBe(true);
    expect(runsJobHandlers('worker', undefined)).toBe(false);
    expect(runsJobHandlers('web', 'redis://127.0.0.1:6379')).toBe(false);
    expect(runsJobHandlers('worker', 'redis://127.0.0.1:6379')).toBe(true);
  });
});
