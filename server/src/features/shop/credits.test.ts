import { Messages } from '@wiggle/common/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { currentMember, requireVerified } from '../../platform/auth/guards';
import { bearer, createTestApp, registerMember, type TestApp, testDialects } from '../../test/harness';
import { giveRoll } from '../../test/shop/shop-test-kit';
import { createCreditService } from './credit-service';

describe.each(testDialects())('spending credits on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      dialect,
      env: { WELCOME_GIFT_CREDITS: '0' },
      // The export (a later issue) will call spendFrame from its route; this stands in for it.
      beforeReady: (app) => {
        const credits = createCreditService(app.platform.db, app.platform.config);
        app.post(
          '/api/test/spend',
          { preHandler: requireVerified, schema: { hide: true, body: z.object({ longSide: z.number() }) } },
          async (request) => {
            const { longSide } = request.body as { longSide: number };
            return credits.spendFrame(currentMember(request).id, longSide, {
              entityType: 'export',
              entityId: 1,
            });
          },
        );
      },
    });
  });
  afterAll(async () => t?.close());
  const credits = () => createCreditService(t.platform.db, t.platform.config);
  const rollOf = (id: number) =>
    t.platform.db.selectFrom('purchases').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('spends from the smallest sufficient resolution, then the one expiring first, then the oldest', async () => {
    const m = await registerMember(t.app);
    const big = await giveRoll(t.app, m.id, {
      credits: 5,
      maxResolution: 4096,
      initAt: '2020-01-01T00:00:00.000Z',
    });
    const oldNoExpiry = await giveRoll(t.app, m.id, {
      credits: 1,
      maxResolution: 1920,
      initAt: '2020-01-01T00:00:00.000Z',
    });
    const newNoExpiry = await giveRoll(t.app, m.id, {
      credits: 1,
      maxResolution: 1920,
      initAt: '2021-01-01T00:00:00.000Z',
    });
    const expiring = await giveRoll(t.app, m.id, { credits: 1, maxResolution: 1920, validityDays: 30 });
    const small = await giveRoll(t.app, m.id, { credits: 1, maxResolution: 800 });
    const order = [];
    for (let i = 0; i < 4; i++)
      order.push((await credits().spendFrame(m.id, 1280, { entityType: 'export', entityId: i })).purchaseId);
    expect(order).toEqual([expiring, oldNoExpiry, newNoExpiry, big]);
    expect((await rollOf(small)).credits_left).toBe(1);
    expect(await rollOf(oldNoExpiry)).toMatchObject({ credits_left: 0, credit_status: 'Drained' });
  });

  it('no sufficient roll: 402 with SPEC message; refund gives the frame back once', async () => {
    const m = await registerMember(t.app);
    await giveRoll(t.app, m.id, { credits: 1, maxResolution: 800 });
    const spend = (longSide: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/test/spend',
        headers: bearer(m.token),
        payload: { longSide },
      });
    const tooBig = await spend(1280);
    expect(tooBig.statusCode).toBe(402);
    expect(tooBig.json().error).toEqual({ code: 'no_roll', message: Messages.noRollFound });
    const ok = await spend(800);
    expect(ok.statusCode).toBe(200);
    expect((await spend(800)).statusCode).toBe(402);
    const spent = ok.json();
    expect(await credits().refundFrame(m.id, spent)).toBe(true);
    expect(await credits().refundFrame(m.id, spent)).toBe(false);
    expect(await rollOf(spent.purchaseId)).toMatchObject({ credits_left: 1, credit_status: 'Available' });
    const ledger = await t.platform.db
      .selectFrom('credit_ledger')
      .selectAll()
      .where('user_id', '=', m.id)
      .orderBy('id')
      .execute();
    expect(ledger.map((l) => [l.reason, l.delta, l.entity_type])).toEqual([
      ['grant', 1, null],
      ['spend', -1, 'export'],
      ['refund', 1, 'export'],
    ]);
    // Another member cannot refund it.
    const other = await registerMember(t.app);
    expect(await credits().refundFrame(other.id, spent)).toBe(false);
  });

  it('100 concurrent spends on a roll of 10: exactly 10 succeed, 90 get 402, the ledger sums to the roll', async () => {
    const m = await registerMember(t.app);
    const rollId = await giveRoll(t.app, m.id, { credits: 10, maxResolution: 1920 });
    const responses = await Promise.all(
      Array.from({ length: 100 }, () =>
        t.app.inject({
          method: 'POST',
          url: '/api/test/spend',
          headers: bearer(m.token),
          payload: { longSide: 1920 },
        }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200).length).toBe(10);
    expect(statuses.filter((s) => s === 402).length).toBe(90);
    expect(await rollOf(rollId)).toMatchObject({ credits_left: 0, credit_status: 'Drained' });
    const ledger = await t.platform.db
      .selectFrom('credit_ledger')
      .selectAll()
      .where('purchase_id', '=', rollId)
      .execute();
    expect(ledger.filter((l) => l.reason === 'spend').length).toBe(10);
    expect(ledger.reduce((sum, l) => sum + l.delta, 0)).toBe(0);
    expect(ledger.find((l) => l.reason === 'grant')?.delta).toBe(10);
  });

  it('concurrent spends over two rolls use both and stop at their sum', async () => {
    const m = await registerMember(t.app);
    await giveRoll(t.app, m.id, { credits: 3, maxResolution: 1280 });
    await giveRoll(t.app, m.id, { credits: 4, maxResolution: 2560 });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        credits().spendFrame(m.id, 1280, { entityType: 'export', entityId: null }),
      ),
    );
    expect(results.filter((r) => r.status === 'fulfilled').length).toBe(7);
  });

  it('expiry: a roll past its validity is not spent and shows Expired, its frames leave through the ledger', async () => {
    const m = await registerMember(t.app);
    const rollId = await giveRoll(t.app, m.id, { credits: 3, maxResolution: 1920, validityDays: 1 });
    await t.platform.db
      .updateTable('purchases')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', rollId)
      .execute();
    await expect(
      credits().spendFrame(m.id, 800, { entityType: 'export', entityId: 1 }),
    ).rejects.toMatchObject({ status: 402 });
    const res = await t.app.inject({ method: 'GET', url: '/api/account/credits', headers: bearer(m.token) });
    expect(res.json().rolls).toEqual([
      expect.objectContaining({
        purchaseId: rollId,
        creditStatus: 'Expired',
        creditsLeft: 3,
        maxResolution: 1920,
      }),
    ]);
    const ledger = await t.platform.db
      .selectFrom('credit_ledger')
      .selectAll()
      .where('purchase_id', '=', rollId)
      .orderBy('id')
      .execute();
    expect(ledger.map((l) => [l.reason, l.delta])).toEqual([
      ['grant', 3],
      ['expire', -3],
    ]);
    // Listing again writes no second expiry row.
    await t.app.inject({ method: 'GET', url: '/api/account/credits', headers: bearer(m.token) });
    expect(
      (
        await t.platform.db
          .selectFrom('credit_ledger')
          .selectAll()
          .where('purchase_id', '=', rollId)
          .execute()
      ).length,
    ).toBe(2);
  });

  it('the hourly expiry job marks due rolls of every member once, leaving rolls still valid alone', async () => {
    const [a, b] = [await registerMember(t.app), await registerMember(t.app)];
    const due = await giveRoll(t.app, a.id, { credits: 2, maxResolution: 1920, validityDays: 1 });
    const valid = await giveRoll(t.app, a.id, { credits: 4, maxResolution: 1920, validityDays: 1 });
    const dueOfB = await giveRoll(t.app, b.id, { credits: 1, maxResolution: 1920, validityDays: 1 });
    await t.platform.db
      .updateTable('purchases')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', 'in', [due, dueOfB])
      .execute();
    expect(await credits().expireDueRolls()).toBe(2);
    expect((await rollOf(due)).credit_status).toBe('Expired');
    expect((await rollOf(dueOfB)).credit_status).toBe('Expired');
    expect((await rollOf(valid)).credit_status).toBe('Available');
    expect(await credits().expireDueRolls()).toBe(0);
    const expiries = await t.platform.db
      .selectFrom('credit_ledger')
      .select(['purchase_id', 'delta'])
      .where('reason', '=', 'expire')
      .where('purchase_id', 'in', [due, valid, dueOfB])
      .orderBy('purchase_id')
      .execute();
    expect(expiries).toEqual([
      { purchase_id: due, delta: -2 },
      { purchase_id: dueOfB, delta: -1 },
    ]);
  });

  it('a roll with validity gets its expiry date at the grant', async () => {
    const m = await registerMember(t.app);
    const rollId = await giveRoll(t.app, m.id, { credits: 3, maxResolution: 1920, validityDays: 10 });
    const expires = Date.parse((await rollOf(rollId)).expires_at ?? '');
    expect(Math.round((expires - Date.now()) / 86_400_000)).toBe(10);
  });
});
