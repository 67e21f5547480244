import { describe } from 'vitest';
import { InProcessJobQueue } from './in-process-job-queue';
import { describeJobQueueContract } from './job-queue-contract';
import { createJobTestDatabase, silentJobLog } from './test-job-db';

const dialects = process.env.TEST_DATABASE_URL ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);

for (const dialect of dialects) {
  describe(`in-process queue on ${dialect}`, () => {
    describeJobQueueContract(`in-process, ${dialect}`, async () => {
      const database = await createJobTestDatabase(dialect);
      return {
        open: async () =>
          new InProcessJobQueue(database.db, {
            log: silentJobLog(),
            pollIntervalMs: 50,
            retryDelayMs: 20,
            closeGraceMs: 200,
          }),
        close: () => database.close(),
      };
    });
  });
}
