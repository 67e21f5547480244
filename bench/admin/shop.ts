/**
 * Admin shop lists at 100,000 purchases (issue 13: server-paged tables that stay fast at 100,000 rows): median time of
 * the purchase list's first page, each filter, a member's history, a price-sorted page and a deep keyset page, and
 * of the coupon list (1,000 coupons, 20,000 codes) and a coupon's codes, beside GET /api/health in the same run as
 * the baseline of one round trip. BENCH_DATABASE_URL=postgres://... runs it on PostgreSQL (a fresh database is
 * expected). Prints figures, never pass/fail.
 */
import { availableParallelism, loadavg } from 'node:os';
import { fmt, startBenchServer } from '../library/bench-server';
import { medianRequestMs } from '../support/request-median';

const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 100_000);
const MEMBERS = 1000;
const COUPONS = 1000;
const CODES_PER_COUPON = 20;
const RUNS = 20;

const TYPES = ['SaferpayPayment', 'Coupon'] as const;
const STATUSES = ['Success', 'Success', 'Success', 'Pending', 'Failed'] as const;

async function main() {
  const env = process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {};
  const bench = await startBenchServer(env);
  try {
    const { db } = bench.platform;
    await db.updateTable('users').set({ is_admin: 1 }).execute();
    const now = new Date().toISOString();
    const userIds: number[] = [];
    for (let start = 0; start < MEMBERS; start += 500) {
      const rows = await db
        .insertInto('users')
        .values(
          Array.from({ length: 500 }, (_, k) => ({
            email: `buyer${start + k}@bench.example`,
            name: `Buyer ${start + k}`,
            password_hash: 'x',
            status: 1,
            is_admin: 0,
            is_verified_email: 1,
            created_at: now,
            updated_at: now,
          })) as never,
        )
        .returning('id')
        .execute();
      userIds.push(...rows.map((row) => row.id));
    }
    const pkg = await db.selectFrom('packages').selectAll().orderBy('id').executeTakeFirstOrThrow();
    for (let start = 0; start < PURCHASES; start += 1000) {
      await db
        .insertInto('purchases')
        .values(
          Array.from({ length: Math.min(1000, PURCHASES - start) }, (_, k) => {
            const n = start + k;
            const status = STATUSES[n % STATUSES.length] as string;
            return {
              user_id: userIds[n % MEMBERS] as number,
              package_id: pkg.id,
              package_name: pkg.name,
              // One welcome gift per member (a unique index), then payments and coupons.
              type: n < MEMBERS ? 'WelcomeGift' : (TYPES[n % 2] as string),
              status,
              credit_status: status === 'Success' ? (n % 7 === 0 ? 'Drained' : 'Available') : 'NotAvailable',
              quantity: 1,
              credits: pkg.credits,
              credits_left: status === 'Success' ? n % (pkg.credits + 1) : 0,
              max_resolution: pkg.max_resolution,
              price: (n % 97) * 100,
              currency: 'USD',
              validity_days: null,
              init_at: now,
              completed_at: null,
              expires_at: null,
              coupon_id: null,
              callback_key: null,
              saferpay_token: null,
              saferpay_transaction_id: null,
              failure_name: null,
              failure_behavior: null,
            };
          }),
        )
        .execute();
    }
    let couponId = 0;
    for (let c = 0; c < COUPONS; c++) {
      const row = await db
        .insertInto('coupons')
        .values({
          name: `Coupon ${c}`,
          status: c % 10 === 0 ? 'Disabled' : 'Active',
          amount: 100,
          amount_left: 100 - (c % 100),
          package_id: pkg.id,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      couponId = row.id;
      await db
        .insertInto('coupon_codes')
        .values(
          Array.from({ length: CODES_PER_COUPON }, (_, k) => ({
            coupon_id: row.id,
            code: `BENCH${String(c).padStart(5, '0')}${String(k).padStart(5, '0')}`,
          })),
        )
        .execute();
    }

    const purchases = `${bench.url}/api/admin/purchases`;
    const coupons = `${bench.url}/api/admin/coupons`;
    const first = (await (
      await fetch(purchases, { headers: { authorization: `Bearer ${bench.token}` } })
    ).json()) as { nextCursor: string };
    const cases: [string, string][] = [
      ['health (baseline)', `${bench.url}/api/health`],
      ['purchases: first page', purchases],
      ['purchases: type=Coupon', `${purchases}?type=Coupon`],
      ['purchases: status=Failed', `${purchases}?status=Failed`],
      ['purchases: creditStatus=Drained', `${purchases}?creditStatus=Drained`],
      ['purchases: one member (history)', `${purchases}?userId=${userIds[42]}`],
      ['purchases: sorted by price asc', `${purchases}?sort=price&order=asc`],
      ['purchases: second page (keyset)', `${purchases}?cursor=${first.nextCursor}`],
      ['coupons: first page', coupons],
      ['coupons: sorted by name', `${coupons}?sort=name&order=asc`],
      ['coupons: status=Disabled', `${coupons}?status=Disabled`],
      ["coupon's codes", `${coupons}/${couponId}/codes`],
      ["coupon's codes as CSV", `${coupons}/${couponId}/codes.csv`],
    ];
    console.log(
      `admin shop lists, ${PURCHASES} purchases, ${COUPONS} coupons × ${CODES_PER_COUPON} codes, ${env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'}, median of ${RUNS}; load average ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} on ${availableParallelism()} cores`,
    );
    for (const [label, url] of cases)
      console.log(`  ${label.padEnd(36)} ${fmt(await medianRequestMs(url, bench.token, RUNS))} ms`);
  } finally {
    await bench.close();
  }
}

await main();
