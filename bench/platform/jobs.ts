/**
 * JobQueue overhead with no-op handlers: throughput of 200 jobs enqueued one by one and run at concurrency 4, and the
 * latency from enqueue to the handler starting, for the in-process driver on SQLite (and PostgreSQL when
 * TEST_DATABASE_URL is set) and BullMQ on Redis (REDIS_URL, default 127.0.0.1:6379). Prints figures; never pass/fail.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { up } from '@wiggle/server/platform/db/migrations/0005-jobs';
import { BullMqJobQueue } from '@wiggle/server/platform/jobs/bullmq-job-queue';
import { InProcessJobQueue } from '@wiggle/server/platform/jobs/in-process-job-queue';
import type { JobQueue } from '@wiggle/server/platform/jobs/job-queue';
import type { JobTables } from '@wiggle/server/platform/jobs/tables';
import { createJobTestDatabase } from '@wiggle/server/test/jobs/test-job-db';
import { obliterateRedisPrefix } from '@wiggle/server/test/jobs/test-redis';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';

const JOBS = 200;
const LATENCY_SAMPLES = 30;
const log = { info() {}, warn() {}, error: (object: object) => console.error(object) };

async function measure(label: string, open: () => JobQueue): Promise<void> {
  const queue = open();
  const name = `bench-${randomBytes(4).toString('hex')}`;
  let done = 0;
  let finished: () => void = () => {};
  const starts = new Map<number, number>();
  queue.process<{ i: number; at: number }>(name, {
    timeoutMs: 60_000,
    concurrency: 4,
    async run({ i }) {
      starts.set(i, performance.now());
      done += 1;
      if (done === JOBS) finished();
    },
  });
  const allDone = new Promise<void>((resolve) => {
    finished = resolve;
  });
  const started = performance.now();
  for (let i = 0; i < JOBS; i++) await queue.enqueue(name, { i, at: 0 });
  await allDone;
  const seconds = (performance.now() - started) / 1000;

  // One job at a time, so the latency is the queue's, not a backlog's.
  const latencies: number[] = [];
  for (let i = JOBS; i < JOBS + LATENCY_SAMPLES; i++) {
    const enqueuedAt = performance.now();
    await queue.enqueue(name, { i, at: enqueuedAt });
    while (!starts.has(i)) await new Promise((resolve) => setTimeout(resolve, 1));
    latencies.push((starts.get(i) ?? 0) - enqueuedAt);
  }
  latencies.sort((a, b) => a - b);
  const pick = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  console.log(
    `${label.padEnd(30)} ${(JOBS / seconds).toFixed(0).padStart(5)} jobs/s   enqueue→start median ${pick(0.5).toFixed(1)} ms, p95 ${pick(0.95).toFixed(1)} ms`,
  );
  await queue.close();
}

const directory = await mkdtemp(join(tmpdir(), 'wiggle-bench-jobs-'));
try {
  const sqlite = new SqliteDatabase(join(directory, 'jobs.db'));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  const sqliteDb = new Kysely<JobTables>({ dialect: new SqliteDialect({ database: sqlite }) });
  await up(sqliteDb);
  await measure('in-process, SQLite (WAL)', () => new InProcessJobQueue(sqliteDb, { log }));
  await sqliteDb.destroy();

  if (process.env.TEST_DATABASE_URL) {
    // A database of its own (wiggle_t_<random>, dropped after), never a table in someone else's.
    const database = await createJobTestDatabase('postgres');
    await measure('in-process, PostgreSQL', () => new InProcessJobQueue(database.db, { log }));
    await database.close();
  } else {
    console.log('in-process, PostgreSQL: skipped (set TEST_DATABASE_URL)');
  }

  const prefix = `wiggle-bench-${randomBytes(4).toString('hex')}`;
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  await measure('BullMQ, Redis', () => new BullMqJobQueue({ redisUrl, prefix, log }));
  await obliterateRedisPrefix(prefix);
} finally {
  await rm(directory, { recursive: true, force: true });
}
