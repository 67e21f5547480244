/**
 * Credits under load: 100 concurrent spends on a roll of 10 (how many succeed, how long the burst takes), spend
 * throughput on one roll sequentially and at concurrency 20, beside a baseline of the bare decrement (one UPDATE, no
 * transaction, no ledger) in the same run; and the time from "pay" on the sandbox page to the credits answering.
 * SQLite always, PostgreSQL too when TEST_DATABASE_URL is set. Prints figures; never pass/fail.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '@wiggle/server/app';
import { loadConfig } from '@wiggle/server/config';
import { createCreditService } from '@wiggle/server/features/shop/credit-service';
import { closePlatform, createLogger, createPlatform } from '@wiggle/server/platform/platform';
import { createPostgresDatabase } from '@wiggle/server/test/harness';
import { giveRoll } from '@wiggle/server/test/shop/shop-test-kit';
import { sql } from 'kysely';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

async function run(dialect: 'sqlite' | 'postgres') {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'wiggle-bench-shop-'));
  const database = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    WEB_DIST: path.join(dataDir, 'no-web'),
    PUBLIC_URL: 'http://bench.test',
    WELCOME_GIFT_CREDITS: '0',
    ...(database ? { DATABASE_URL: database.url } : {}),
  });
  const platform = await createPlatform(config, createLogger(config));
  const app = await buildApp(platform);
  await app.ready();
  const credits = createCreditService(platform.db, config);
  const user = async () => {
    const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/account/register',
      payload: { name: 'Bench', username: email, password: 'Bench-pass1!', terms: true },
    });
    const { token } = res.json<{ token: string }>();
    const row = await platform.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    await platform.db.updateTable('users').set({ is_verified_email: 1 }).where('id', '=', row.id).execute();
    return { id: row.id, token };
  };
  const spend = (userId: number) =>
    credits.spendFrame(userId, 1280, { entityType: 'bench', entityId: null }).then(
      () => true,
      () => false,
    );

  // 1. Bursts: 100 concurrent spends on a roll of 10.
  const bursts: { ms: number; ok: number }[] = [];
  for (let i = 0; i < 5; i++) {
    const m = await user();
    await giveRoll(app, m.id, { credits: 10, maxResolution: 1920 });
    const t0 = performance.now();
    const results = await Promise.all(Array.from({ length: 100 }, () => spend(m.id)));
    bursts.push({ ms: performance.now() - t0, ok: results.filter(Boolean).length });
  }
  console.log(
    `${dialect}: 100 concurrent spends on a roll of 10 → ${bursts.map((b) => b.ok).join('/')} succeeded, the rest 402; burst median ${median(bursts.map((b) => b.ms)).toFixed(0)} ms`,
  );

  // 2. Throughput on one big roll, beside the bare decrement.
  const N = 500;
  for (const concurrency of [1, 20]) {
    const m = await user();
    await giveRoll(app, m.id, { credits: N, maxResolution: 1920 });
    let t0 = performance.now();
    for (let done = 0; done < N; done += concurrency)
      await Promise.all(Array.from({ length: concurrency }, () => spend(m.id)));
    const spendRate = N / ((performance.now() - t0) / 1000);
    const baseRoll = await giveRoll(app, m.id, { credits: N, maxResolution: 1920 });
    t0 = performance.now();
    for (let done = 0; done < N; done += concurrency)
      await Promise.all(
        Array.from({ length: concurrency }, () =>
          sql`update purchases set credits_left = credits_left - 1 where id = ${baseRoll} and credits_left > 0`.execute(
            platform.db,
          ),
        ),
      );
    const baseRate = N / ((performance.now() - t0) / 1000);
    console.log(
      `${dialect}: spends at concurrency ${concurrency}: ${spendRate.toFixed(0)}/s (baseline bare UPDATE ${baseRate.toFixed(0)}/s)`,
    );
  }

  // 3. Pay → credits: the sandbox page's form post (notify inside it) until /account/credits lists the roll.
  const times: number[] = [];
  const packageId = (await app.inject({ method: 'GET', url: '/api/shop/packages' })).json<
    { id: number }[]
  >()[0]!.id;
  for (let i = 0; i < 10; i++) {
    const m = await user();
    const auth = { authorization: `Bearer ${m.token}` };
    const started = (
      await app.inject({
        method: 'POST',
        url: '/api/shop/payment',
        headers: auth,
        payload: { packageId, quantity: 1 },
      })
    ).json<{ redirectUrl: string }>();
    const pagePath = new URL(started.redirectUrl).pathname;
    const t0 = performance.now();
    await app.inject({
      method: 'POST',
      url: pagePath,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=pay',
    });
    for (;;) {
      const rolls = (await app.inject({ method: 'GET', url: '/api/account/credits', headers: auth })).json<{
        rolls: unknown[];
      }>().rolls;
      if (rolls.length > 0) break;
    }
    times.push(performance.now() - t0);
  }
  console.log(
    `${dialect}: pay on the sandbox page → credits listed: median ${median(times).toFixed(1)} ms (the dialog polls every 1.5 s on top)`,
  );

  await app.close();
  await closePlatform(platform);
  await database?.drop();
  await rm(dataDir, { recursive: true, force: true });
}

await run('sqlite');
if (process.env.TEST_DATABASE_URL) await run('postgres');
else console.log('postgres: skipped (set TEST_DATABASE_URL)');
