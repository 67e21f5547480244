import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { uniqueName } from '../../test/jobs/job-test-helpers';
import { silentJobLog } from '../../test/jobs/test-job-db';
import { obliterateRedisPrefix, testRedisUrl } from '../../test/jobs/test-redis';
import { createJobQueue } from './create-job-queue';
import { entityOfPayload, pruneProcessLogs, writeProcessLog } from './process-log';

describe.each(['in-process', 'bullmq'] as const)('process logs of jobs on the %s driver', (driver) => {
  let t: TestApp;
  const prefix = `wiggle-plog-${randomBytes(4).toString('hex')}`;
  beforeAll(async () => {
    t = await createTestApp({ dialect: 'sqlite' });
  });
  afterAll(async () => {
    await t?.close();
    if (driver === 'bullmq') await obliterateRedisPrefix(prefix);
  });

  const logsOf = (name: string) =>
    t.platform.db.selectFrom('process_logs').selectAll().where('name', '=', name).orderBy('id').execute();

  it('writes one row per run, with result, message, duration and the entity of the payload', async () => {
    const queue = createJobQueue({
      db: t.platform.db,
      log: silentJobLog(),
      ...(driver === 'bullmq' ? { redisUrl: testRedisUrl, prefix } : {}),
    });
    const okName = uniqueName('wiggles.test-ok');
    const failName = uniqueName('wiggles.test-fail');
    try {
      queue.process<{ wiggleId: number }>(okName, { timeoutMs: 5_000, run: async () => {} });
      queue.process<{ originalId: number }>(failName, {
        timeoutMs: 5_000,
        run: async () => {
          throw new Error('the pair did not align');
        },
      });
      await queue.enqueue(okName, { wiggleId: 42 });
      await queue.enqueue(failName, { originalId: 7 }, { attempts: 1 });
      await expect
        .poll(async () => (await logsOf(okName)).length + (await logsOf(failName)).length, {
          timeout: 15_000,
        })
        .toBe(2);
    } finally {
      await queue.close();
    }
    const [ok] = await logsOf(okName);
    expect(ok).toMatchObject({
      result: 'ok',
      message: '',
      entity_group: 'wiggles',
      entity_type: 'wiggle',
      entity_id: 42,
      admin_id: null,
    });
    expect(ok?.description).toContain('"wiggleId":42');
    expect(Number(ok?.duration_ms)).toBeGreaterThanOrEqual(0);
    expect(Date.parse(ok?.started_at ?? '')).toBeGreaterThan(Date.now() - 60_000);
    const [failed] = await logsOf(failName);
    expect(failed).toMatchObject({
      result: 'error',
      message: 'the pair did not align',
      entity_type: 'original',
      entity_id: 7,
    });
  });
});

describe('process log helpers', () => {
  it('finds the entity in the first positive integer <type>Id of the payload', () => {
    expect(entityOfPayload('wiggles.create', { name: 'x', wiggleId: 3 })).toEqual({
      group: 'wiggles',
      type: 'wiggle',
      id: 3,
    });
    expect(entityOfPayload('mail.send', { to: 'a@b.c' })).toBeNull();
    expect(entityOfPayload('x', { wiggleId: 0, userId: '5' })).toBeNull();
  });

  it('prunes rows older than the retention and keeps newer ones', async () => {
    const t = await createTestApp({ dialect: 'sqlite' });
    try {
      const entry = { durationMs: 1, memoryIncrease: 0, description: '', result: 'ok' as const, message: '' };
      await writeProcessLog(t.platform.db, {
        ...entry,
        name: 'old',
        startedAt: new Date(Date.now() - 11 * 86_400_000),
      });
      await writeProcessLog(t.platform.db, {
        ...entry,
        name: 'new',
        startedAt: new Date(Date.now() - 9 * 86_400_000),
      });
      expect(await pruneProcessLogs(t.platform.db, 10)).toBe(1);
      const names = await t.platform.db.selectFrom('process_logs').select('name').execute();
      expect(names.map((r) => r.name)).toEqual(['new']);
    } finally {
      await t.close();
    }
  });
});
