/**
 * Admin user list at 100,000 members (issue 13 goal: ≤ 50 ms server time on both databases): median time of the
 * first page, a search page (e-mail/name contains), a status-filtered page, a deep keyset page and the pages sorted
 * by each sortable column (id, email, name, created, status; both orders, with a second page by the sort's cursor), beside
 * GET /api/health in the same run as the baseline of one round trip. BENCH_DATABASE_URL=postgres://... runs it on
 * PostgreSQL (a fresh database is expected). Prints figures, never pass/fail.
 */
import { availableParallelism, loadavg } from 'node:os';
import { sql } from 'kysely';
import { fmt, startBenchServer } from '../library/bench-server';
import { medianRequestMs } from '../support/request-median';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const RUNS = 20;

const loadAverage = () =>
  `${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')} on ${availableParallelism()} cores`;

async function main() {
  const env = process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {};
  const bench = await startBenchServer(env);
  try {
    const { db } = bench.platform;
    await db.updateTable('users').set({ is_admin: 1 }).execute();
    const now = new Date().toISOString();
    for (let start = 0; start < MEMBERS; start += 1000) {
      await db
        .insertInto('users')
        .values(
          Array.from({ length: Math.min(1000, MEMBERS - start) }, (_, k) => ({
            email: `member${start + k}@bench.example`,
            name: `Member ${start + k}`,
            password_hash: 'x',
            status: (start + k) % 50 === 0 ? 2 : 1,
            is_admin: 0,
            is_verified_email: 1,
            created_at: now,
            updated_at: now,
          })) as never,
        )
        .execute();
    }
    // PostgreSQL's autovacuum analyzes a table within a minute of such a load; the planner needs those statistics.
    if (env.DATABASE_URL) await sql`analyze users`.execute(db);
    const base = `${bench.url}/api/admin/users`;
    const cursorOf = async (url: string) =>
      (
        (await (await fetch(url, { headers: { authorization: `Bearer ${bench.token}` } })).json()) as {
          nextCursor: string;
        }
      ).nextCursor;
    const first = { nextCursor: await cursorOf(base) };
    const sorted: [string, string][] = [];
    for (const [sort, order] of [
      ['id', 'asc'],
      ['email', 'asc'],
      ['name', 'desc'],
      ['created', 'desc'],
      ['status', 'desc'],
    ] as const) {
      const url = `${base}?sort=${sort}&order=${order}`;
      sorted.push([`sorted ${sort} ${order}`, url]);
      sorted.push([`sorted ${sort} ${order}, second page`, `${url}&cursor=${await cursorOf(url)}`]);
    }
    sorted.push(['sorted name asc, blocked only', `${base}?sort=name&order=asc&status=2`]);
    // A search under each other sort: the index that serves the search must not cost the sort its speed.
    for (const [sort, order] of [
      ['email', 'asc'],
      ['name', 'desc'],
      ['created', 'desc'],
      ['status', 'desc'],
    ] as const) {
      sorted.push([
        `search "member4242", ${sort} ${order}`,
        `${base}?search=member4242&sort=${sort}&order=${order}`,
      ]);
      sorted.push([
        `search "member42", ${sort} ${order}`,
        `${base}?search=member42&sort=${sort}&order=${order}`,
      ]);
    }
    // More matches than a search is sorted from, bunched at the far end of the name index: the remaining worst case.
    sorted.push([
      'search "member4" (11,111 matches), name desc',
      `${base}?search=member4&sort=name&order=desc`,
    ]);
    const cases: [string, string][] = [
      ['health (baseline)', `${bench.url}/api/health`],
      ['first page', base],
      ['search "member4242"', `${base}?search=member4242`],
      ['search "zzz" (no match, full scan)', `${base}?search=zzz`],
      ['search "Member 4242" (name only)', `${base}?search=${encodeURIComponent('Member 4242')}`],
      ['search "member42" (1,111 matches)', `${base}?search=member42`],
      ['search "example" (every member)', `${base}?search=example`],
      [
        'search "member42", second page',
        `${base}?search=member42&cursor=${await cursorOf(`${base}?search=member42`)}`,
      ],
      ['blocked only', `${base}?status=2`],
      ['second page (keyset)', `${base}?cursor=${first.nextCursor}`],
      ...sorted,
    ];
    console.log(
      `admin user list, ${MEMBERS} members, ${env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, median of ${RUNS}; load average ${loadAverage()}`,
    );
    for (const [label, url] of cases)
      console.log(`  ${label.padEnd(46)} ${fmt(await medianRequestMs(url, bench.token, RUNS))} ms`);
    console.log(`  load average at end: ${loadAverage()}`);
  } finally {
    await bench.close();
  }
}

await main();
