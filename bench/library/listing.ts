/**
 * Listing: one page (100) of a folder holding 100,000 originals, first page and a deep page (by cursor), for
 * several sorts, on SQLite and — when BENCH_DATABASE_URL or TEST_DATABASE_URL points at a PostgreSQL server — on
 * PostgreSQL. Rows are inserted in bulk through the store, not through uploads. Prints figures; never pass/fail.
 */
import { randomBytes } from 'node:crypto';
import { pageOfOriginals } from '@wiggle/server/features/library/listing-service';
import { insertOriginals } from '@wiggle/server/features/library/original-store';
import type { Platform } from '@wiggle/server/platform/platform';
import { sql } from 'kysely';
import pg from 'pg';
import { fmt, startBenchServer } from './bench-server';

const ROWS = 100_000;
const RUNS = 20;

async function seed(platform: Platform, ownerId: number) {
  const folder = await platform.db
    .insertInto('folders')
    .values({
      owner_id: ownerId,
      parent_id: null,
      name: 'Huge',
      created_at: new Date().toISOString(),
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const start = performance.now();
  const chunk = 1000;
  for (let from = 0; from < ROWS; from += chunk) {
    await insertOriginals(
      platform.db,
      Array.from({ length: chunk }, (_, k) => {
        const i = from + k;
        const width = 1000 + ((i * 37) % 4000);
        const height = 800 + ((i * 53) % 3000);
        return {
          owner_id: ownerId,
          folder_id: folder.id,
          name: `IMG_${String((i * 7919) % ROWS).padStart(6, '0')}.jpg`,
          width,
          height,
          pixels: width * height,
          size: 2_000_000 + i,
          format: 'jpeg',
          source_type: 1,
          blob_o: `bench/${i}/o.jpg`,
          blob_p: `bench/${i}/p.jpg`,
          blob_t: `bench/${i}/t.jpg`,
          deleted_at: null,
          uploaded_at: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
        };
      }),
    );
  }
  console.log(`  inserted ${ROWS} rows in ${fmt((performance.now() - start) / 1000, 1)} s`);
  // What autovacuum does shortly after a bulk insert; without statistics the planner guesses row counts.
  await sql`analyze originals`.execute(platform.db);
  return folder.id;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function measure(label: string, env: Record<string, string>) {
  const server = await startBenchServer(env);
  try {
    console.log(`${label}:`);
    const owner = await server.platform.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
    const folderId = await seed(server.platform, owner.id);
    for (const sort of ['name', 'date', 'resolution'] as const) {
      const first: number[] = [];
      const deep: number[] = [];
      // A cursor half-way through: walk there once, 500 rows per step.
      let cursor: string | null = null;
      for (let i = 0; i < ROWS / 2 / 500; i++) {
        const page = await pageOfOriginals(server.platform.db, owner.id, {
          folderId,
          sort,
          order: 'asc',
          limit: 500,
          ...(cursor ? { cursor } : {}),
        });
        cursor = page.nextCursor;
      }
      for (let run = 0; run < RUNS; run++) {
        let t = performance.now();
        await pageOfOriginals(server.platform.db, owner.id, { folderId, sort, order: 'desc', limit: 100 });
        first.push(performance.now() - t);
        t = performance.now();
        await pageOfOriginals(server.platform.db, owner.id, {
          folderId,
          sort,
          order: 'asc',
          limit: 100,
          ...(cursor ? { cursor } : {}),
        });
        deep.push(performance.now() - t);
      }
      console.log(
        `  sort ${sort}: first page ${fmt(median(first), 2)} ms, page at row 50,000 ${fmt(median(deep), 2)} ms (median of ${RUNS})`,
      );
    }
    const http: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const t = performance.now();
      const res = await fetch(`${server.url}/api/library/originals?folderId=${folderId}&limit=100`, {
        headers: { authorization: `Bearer ${server.token}` },
      });
      await res.json();
      http.push(performance.now() - t);
    }
    console.log(
      `  first page over HTTP (session check + query + JSON): ${fmt(median(http), 2)} ms (median of ${RUNS})`,
    );
  } finally {
    await server.close();
  }
}

await measure('SQLite (embedded default)', {});

const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (pgUrl) {
  const name = `wiggle_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: pgUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(pgUrl);
  url.pathname = `/${name}`;
  try {
    await measure('PostgreSQL', { DATABASE_URL: url.toString() });
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  }
} else {
  console.log('PostgreSQL: skipped (set BENCH_DATABASE_URL or TEST_DATABASE_URL)');
}
