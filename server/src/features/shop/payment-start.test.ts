import { Messages } from '@wiggle/common/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  registerMember,
  type TestApp,
  type TestMember,
  testDialects,
} from '../../test/harness';
import { listPackages, sandboxOf, startPayment } from '../../test/shop/shop-test-kit';

describe.each(testDialects())('starting a card payment on %s', (dialect) => {
  let t: TestApp;
  let member: TestMember;
  let packageId: number;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    member = await registerMember(t.app);
    packageId = (await listPackages(t.app))[1]!.id;
  });
  afterAll(async () => t?.close());

  const postPayment = (payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/shop/payment',
      headers: bearer(member.token),
      payload: payload as object,
    });

  it('Initialize failing: 502 with a clear message, the purchase ends Failed', async () => {
    sandboxOf(t.app).scheduleError('initialize', {
      status: 400,
      body: { Behavior: 'DO_NOT_RETRY', ErrorName: 'VALIDATION_FAILED', ErrorMessage: 'x' },
    });
    const res = await postPayment({ packageId, quantity: 1 });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toEqual({ code: 'payment_init_failed', message: Messages.paymentInitFailed });
  });

  describe('bad input creates nothing', () => {
    const count = async () =>
      Number(
        (
          await t.platform.db
            .selectFrom('purchases')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    it.each([
      ['quantity 0', () => ({ packageId, quantity: 0 }), 'quantity'],
      ['quantity 51', () => ({ packageId, quantity: 51 }), 'quantity'],
      ['quantity 2.5', () => ({ packageId, quantity: 2.5 }), 'quantity'],
      ['an unknown package id', () => ({ packageId: 999_999, quantity: 1 }), 'packageId'],
      ['a package id that is not an id', () => ({ packageId: '1e2', quantity: 1 }), 'packageId'],
      ['a tampered amount', () => ({ packageId, quantity: 1, amount: 1 }), undefined],
    ])('%s', async (_name, body, field) => {
      const before = await count();
      const res = await postPayment(body());
      expect(res.statusCode).toBe(400);
      if (field) expect(Object.keys(res.json().error.fields)).toEqual([field]);
      if (field === 'quantity') expect(res.json().error.message).toBe(Messages.quantityRange(50));
      expect(await count()).toBe(before);
    });

    it('a disabled package', async () => {
      await t.platform.db.updateTable('packages').set({ is_active: 0 }).where('id', '=', packageId).execute();
      try {
        const before = await count();
        const res = await postPayment({ packageId, quantity: 1 });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toMatchObject({
          code: 'package_unavailable',
          message: Messages.packageUnavailable,
        });
        expect(await count()).toBe(before);
        expect((await listPackages(t.app)).some((p) => p.id === packageId)).toBe(false);
      } finally {
        await t.platform.db
          .updateTable('packages')
          .set({ is_active: 1 })
          .where('id', '=', packageId)
          .execute();
      }
    });
  });

  it("another member's purchase is 404, as a missing one", async () => {
    const started = await startPayment(t.app, member.token, packageId);
    const other = await registerMember(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/shop/purchases/${started.purchaseId}`,
      headers: bearer(other.token),
    });
    expect(res.statusCode).toBe(404);
  });
});
