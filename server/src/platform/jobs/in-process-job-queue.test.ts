import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killHard, startCrashWorker } from '../../test/jobs/crash-test-process';
import { describeJobQueueContract } from '../../test/jobs/job-queue-contract';
import { uniqueName, waitFor } from '../../test/jobs/job-test-helpers';
import { createJobTestDatabase, silentJobLog } from '../../test/jobs/test-job-db';
import { up } from '../db/migrations/0005-jobs';
import { InProcessJobQueue } from './in-process-job-queue';
import type { JobTables } from './tables';

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

for (const dialect of dialects) {
  describe(`in-process queue on ${dialect}: crashes and several processes`, () => {
    let database: Awaited<ReturnType<typeof createJobTestDatabase>>;
    const queues: InProcessJobQueue[] = [];
    const waitForAsync = async (condition: () => Promise<boolean>) => {
      const deadline = Date.now() + 5_000;
      while (!(await condition())) {
        if (Date.now() > deadline) throw new Error('Condition not met within 5000 ms');
        await sleep(20);
      }
    };
    const open = (options: Partial<ConstructorParameters<typeof InProcessJobQueue>[1]> = {}) => {
      const queue = new InProcessJobQueue(database.db, {
        log: silentJobLog(),
        pollIntervalMs: 50,
        retryDelayMs: 20,
        closeGraceMs: 200,
        ...options,
      });
      queues.push(queue);
      return queue;
    };
    beforeAll(async () => {
      database = await createJobTestDatabase(dialect);
    });
    afterAll(async () => {
      await Promise.all(queues.map((queue) => queue.close()));
      await database.close();
    });

    /** The row a process leaves behind when it dies mid-job (SIGKILL, power loss): running, its lease still on. */
    async function insertOrphan(name: string, id: string, attempts: number, lockedForMs: number) {
      const now = new Date().toISOString();
      await database.db
        .insertInto('jobs')
        .values({
          id,
          name,
          payload: JSON.stringify({ wiggleId: 1 }),
          status: 'running',
          attempts,
          max_attempts: 3,
          run_after: now,
          locked_until: new Date(Date.now() + lockedForMs).toISOString(),
          last_error: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }

    it('runs a job left running by a killed process as soon as the next one starts', async () => {
      const name = uniqueName('orphan');
      await insertOrphan(name, 'orphan-1', 1, 3_600_000);
      const log = silentJobLog();
      const queue = open({ log });
      const runs: number[] = [];
      queue.process(name, {
        timeoutMs: 5_000,
        async run(_payload, { attempt }) {
          runs.push(attempt);
        },
      });
      await waitFor(() => runs.length === 1, 3_000);
      expect(runs).toEqual([2]);
      expect(log.entries.some((entry) => entry.message?.includes('interrupted by a restart'))).toBe(true);
      const row = () =>
        database.db.selectFrom('jobs').selectAll().where('id', '=', 'orphan-1').executeTakeFirst();
      await waitForAsync(async () => (await row())?.status === 'done');
      expect(await row()).toMatchObject({ status: 'done', attempts: 2, locked_until: null });
    });

    it('lets a live process take over a job whose lease ran out', async () => {
      const name = uniqueName('lease');
      const queue = open();
      const runs: number[] = [];
      queue.process(name, {
        timeoutMs: 5_000,
        async run(_payload, { attempt }) {
          runs.push(attempt);
        },
      });
      await sleep(100);
      // Another process claimed it after this one started, then died; its lease expires in 300 ms.
      await insertOrphan(name, 'lease-1', 1, 300);
      await sleep(150);
      expect(runs).toEqual([]);
      await waitFor(() => runs.length === 1, 3_000);
      expect(runs).toEqual([2]);
    });

    it('gives up on a job that was cut off on every attempt and reports it to onFailed', async () => {
      const name = uniqueName('doomed');
      await insertOrphan(name, 'doomed-1', 3, -1);
      const queue = open();
      let runs = 0;
      const failures: string[] = [];
      queue.process(name, {
        timeoutMs: 5_000,
        async run() {
          runs += 1;
        },
        async onFailed(_payload, error) {
          failures.push(error.message);
        },
      });
      await waitFor(() => failures.length === 1, 3_000);
      expect(runs).toBe(0);
      expect(failures).toEqual(['The job was interrupted 3 times and will not run again.']);
      const row = await database.db
        .selectFrom('jobs')
        .selectAll()
        .where('id', '=', 'doomed-1')
        .executeTakeFirst();
      expect(row?.status).toBe('failed');
    });

    it('keeps a long job leased while it runs, so no other process takes it', async () => {
      const name = uniqueName('renewed');
      const runs: string[] = [];
      const first = open({ leaseMs: 1_000 });
      first.process(name, {
        timeoutMs: 10_000,
        async run() {
          runs.push('first');
          await sleep(2_500);
        },
      });
      await first.enqueue(name, {});
      await waitFor(() => runs.length === 1);
      // A second process joining (recoverOnStart off, as when several share one database) must not take it.
      const second = open({ leaseMs: 1_000, recoverOnStart: false });
      second.process(name, {
        timeoutMs: 10_000,
        async run() {
          runs.push('second');
        },
      });
      await sleep(2_800);
      expect(runs).toEqual(['first']);
    });

    it('runs each job exactly once when several processes poll the same table', async () => {
      const name = uniqueName('shared');
      const runsById = new Map<number, number>();
      const handler = {
        timeoutMs: 10_000,
        concurrency: 3,
        async run(payload: { i: number }) {
          runsById.set(payload.i, (runsById.get(payload.i) ?? 0) + 1);
          await sleep(10);
        },
      };
      const producers = [
        open({ pollIntervalMs: 10 }),
        open({ pollIntervalMs: 10 }),
        open({ pollIntervalMs: 10 }),
      ];
      for (const queue of producers) queue.process(name, handler);
      await Promise.all(
        Array.from({ length: 60 }, (_, i) => producers[i % producers.length]?.enqueue(name, { i })),
      );
      await waitFor(() => runsById.size === 60, 15_000);
      await sleep(200);
      expect([...runsById.values()].every((count) => count === 1)).toBe(true);
    });
  });
}

describe('in-process queue across a real process crash', () => {
  it('runs the job of a process killed with SIGKILL when the next process starts', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'wiggle-jobs-'));
    const file = join(directory, 'jobs.db');
    const sqlite = new SqliteDatabase(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('busy_timeout = 5000');
    const db = new Kysely<JobTables>({ dialect: new SqliteDialect({ database: sqlite }) });
    await up(db);
    const name = uniqueName('killed');
    const web = new InProcessJobQueue(db, { log: silentJobLog(), pollIntervalMs: 50 });
    await web.enqueue(name, { wiggleId: 31 }, { jobId: 'wiggle-31' });
    await web.close();

    const { child, started } = await startCrashWorker({
      DRIVER: 'in-process',
      JOBS_DB_FILE: file,
      JOB_NAME: name,
    });
    expect(started.attempt).toBe(1);
    await killHard(child);
    const left = await db
      .selectFrom('jobs')
      .select(['status', 'attempts'])
      .where('id', '=', 'wiggle-31')
      .executeTakeFirst();
    expect(left).toEqual({ status: 'running', attempts: 1 });

    const restarted = new InProcessJobQueue(db, { log: silentJobLog(), pollIntervalMs: 50 });
    const runs: { payload: unknown; attempt: number }[] = [];
    restarted.process(name, {
      timeoutMs: 5_000,
      async run(payload, { attempt }) {
        runs.push({ payload, attempt });
      },
    });
    await waitFor(() => runs.length === 1, 5_000);
    expect(runs).toEqual([{ payload: { wiggleId: 31 }, attempt: 2 }]);
    await restarted.close();
    await db.destroy();
    await rm(directory, { recursive: true, force: true });
  }, 60_000);
});
