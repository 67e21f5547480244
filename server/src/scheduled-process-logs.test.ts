import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { REPEATING_JOBS, startJobHandlers } from './app';
import { createTestApp, testDialects } from './test/harness';
import { obliterateRedisPrefix, testRedisUrl } from './test/jobs/test-redis';

const cases = testDialects().flatMap((dialect) =>
  (['in-process', 'bullmq'] as const).map(
    (driver) => [`${dialect}, ${driver} driver`, dialect, driver] as const,
  ),
);

describe.each(cases)('scheduled jobs write process logs on %s', (_label, dialect, driver) => {
  it('each repeating job (purges, cleanups, the process log pruning) writes a row when it runs', async () => {
    const prefix = `wiggle-sched-plog-${randomBytes(4).toString('hex')}`;
    const t = await createTestApp({
      dialect,
      env: driver === 'bullmq' ? { REDIS_URL: testRedisUrl, JOB_QUEUE_PREFIX: prefix } : {},
    });
    try {
      await startJobHandlers(t.platform);
      const names = Object.values(REPEATING_JOBS);
      // Each schedule runs once at start-up, then at its interval.
      await expect
        .poll(
          async () => {
            const rows = await t.platform.db
              .selectFrom('process_logs')
              .select(['name', 'result'])
              .where('name', 'in', names)
              .execute();
            return [...new Set(rows.map((row) => `${row.name}:${row.result}`))].sort();
          },
          { timeout: 20_000 },
        )
        .toEqual(names.map((name) => `${name}:ok`).sort());
    } finally {
      await t.close();
      if (driver === 'bullmq') await obliterateRedisPrefix(prefix);
    }
  });
});
