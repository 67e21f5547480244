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
import {
  actOnPaymentPage,
  followReturn,
  getPurchase,
  listPackages,
  notifyUrlOf,
  sandboxOf,
  startPayment,
} from '../../test/shop/shop-test-kit';

describe.each(testDialects())('card payment through the Saferpay sandbox on %s', (dialect) => {
  let t: TestApp;
  let member: TestMember;
  let packageId: number;
  let packageCredits: number;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    member = await registerMember(t.app);
    const packages = await listPackages(t.app);
    packageId = packages[1]!.id;
    packageCredits = packages[1]!.credits;
  });
  afterAll(async () => t?.close());

  const credits = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/account/credits', headers: bearer(member.token) })).json<{
      rolls: { purchaseId: number; creditsLeft: number; creditStatus: string }[];
    }>().rolls;
  /** A payment the payer completed while Saferpay's notify call is held back (released by the test). */
  const paidWithNotifyHeld = async () => {
    const sandbox = sandboxOf(t.app);
    const started = await startPayment(t.app, member.token, packageId);
    sandbox.holdNotifications();
    const returnUrl = await actOnPaymentPage(t.app, started.redirectUrl, 'pay');
    return { sandbox, started, returnUrl };
  };
  const ledgerOf = (purchaseId: number) =>
    t.platform.db.selectFrom('credit_ledger').selectAll().where('purchase_id', '=', purchaseId).execute();

  it('lists the seeded public packages by position with prices in US dollars', async () => {
    const packages = await listPackages(t.app);
    expect(packages.length).toBeGreaterThanOrEqual(4);
    for (const p of packages) {
      expect(p).toMatchObject({ currency: 'USD' });
      expect(p.currentPrice).toBeGreaterThan(0);
    }
  });

  it('pay: the notify call settles it, the return finds it settled, the roll is granted once', async () => {
    const started = await startPayment(t.app, member.token, packageId, 3);
    const pending = await getPurchase(t.app, member.token, started.purchaseId);
    expect(pending).toMatchObject({ status: 'Pending', creditStatus: 'NotAvailable', creditsLeft: 0 });
    const returnUrl = await actOnPaymentPage(t.app, started.redirectUrl, 'pay');
    // The sandbox called notify before redirecting, as Saferpay does.
    expect(await getPurchase(t.app, member.token, started.purchaseId)).toMatchObject({
      status: 'Success',
      creditStatus: 'Available',
      creditsLeft: packageCredits * 3,
      failure: null,
    });
    const back = await followReturn(t.app, returnUrl);
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/account/profile?purchase=${started.purchaseId}`);
    const rolls = await credits();
    expect(rolls.find((r) => r.purchaseId === started.purchaseId)).toMatchObject({
      creditsLeft: packageCredits * 3,
      creditStatus: 'Available',
    });
    const ledger = await ledgerOf(started.purchaseId);
    expect(ledger.map((l) => [l.reason, l.delta])).toEqual([['grant', packageCredits * 3]]);
  });

  it('return before notify, then notify twice: granted exactly once', async () => {
    const { sandbox, started, returnUrl } = await paidWithNotifyHeld();
    expect((await getPurchase(t.app, member.token, started.purchaseId)).status).toBe('Pending');
    expect((await followReturn(t.app, returnUrl)).statusCode).toBe(303);
    expect((await getPurchase(t.app, member.token, started.purchaseId)).status).toBe('Success');
    await sandbox.releaseNotifications();
    const again = await t.app.inject({ method: 'GET', url: notifyUrlOf(returnUrl) });
    expect(again.statusCode).toBe(200);
    const ledger = await ledgerOf(started.purchaseId);
    expect(ledger.map((l) => [l.reason, l.delta])).toEqual([['grant', packageCredits]]);
  });

  it('notify and return at the same moment grant once', async () => {
    const { sandbox, started, returnUrl } = await paidWithNotifyHeld();
    await Promise.all([
      sandbox.releaseNotifications(),
      followReturn(t.app, returnUrl),
      t.app.inject({ method: 'GET', url: notifyUrlOf(returnUrl) }),
    ]);
    expect((await getPurchase(t.app, member.token, started.purchaseId)).creditsLeft).toBe(packageCredits);
    expect((await ledgerOf(started.purchaseId)).length).toBe(1);
  });

  it('decline: payment failed, no roll', async () => {
    const started = await startPayment(t.app, member.token, packageId);
    const returnUrl = await actOnPaymentPage(t.app, started.redirectUrl, 'decline');
    await followReturn(t.app, returnUrl);
    const purchase = await getPurchase(t.app, member.token, started.purchaseId);
    expect(purchase).toMatchObject({
      status: 'Failed',
      creditStatus: 'NotAvailable',
      creditsLeft: 0,
      failure: {
        name: 'TRANSACTION_DECLINED',
        behavior: 'DO_NOT_RETRY',
        cancelled: false,
        message: Messages.paymentFailed,
      },
    });
    expect(await ledgerOf(started.purchaseId)).toEqual([]);
  });

  it('writes a process log row for each call to Saferpay: initialize, assert and capture, and a declined assert as an error', async () => {
    const logsOf = (purchaseId: number) =>
      t.platform.db
        .selectFrom('process_logs')
        .select(['name', 'result', 'message', 'entity_group', 'entity_type'])
        .where('entity_type', '=', 'purchase')
        .where('entity_id', '=', purchaseId)
        .orderBy('id')
        .execute();
    const paid = await startPayment(t.app, member.token, packageId);
    await followReturn(t.app, await actOnPaymentPage(t.app, paid.redirectUrl, 'pay'));
    const paidLogs = await logsOf(paid.purchaseId);
    expect(paidLogs.map((row) => [row.name, row.result])).toEqual([
      ['shop.payment-initialize', 'ok'],
      ['shop.payment-assert', 'ok'],
      ['shop.payment-capture', 'ok'],
    ]);
    expect(paidLogs[0]).toMatchObject({ entity_group: 'shop', entity_type: 'purchase' });

    const declined = await startPayment(t.app, member.token, packageId);
    await followReturn(t.app, await actOnPaymentPage(t.app, declined.redirectUrl, 'decline'));
    const declinedLogs = await logsOf(declined.purchaseId);
    expect(declinedLogs.map((row) => [row.name, row.result])).toEqual([
      ['shop.payment-initialize', 'ok'],
      ['shop.payment-assert', 'error'],
    ]);
    expect(declinedLogs[1]?.message).not.toBe('');
  });

  it('cancel: cancelled, no roll', async () => {
    const started = await startPayment(t.app, member.token, packageId);
    const returnUrl = await actOnPaymentPage(t.app, started.redirectUrl, 'cancel');
    await followReturn(t.app, returnUrl);
    expect(await getPurchase(t.app, member.token, started.purchaseId)).toMatchObject({
      status: 'Failed',
      failure: { name: 'TRANSACTION_ABORTED', cancelled: true, message: Messages.paymentCancelled },
    });
    expect(await ledgerOf(started.purchaseId)).toEqual([]);
  });

  it('a notify before the payer acted changes nothing (Saferpay: TRANSACTION_NOT_STARTED)', async () => {
    const started = await startPayment(t.app, member.token, packageId);
    const key = (
      await t.platform.db
        .selectFrom('purchases')
        .select('callback_key')
        .where('id', '=', started.purchaseId)
        .executeTakeFirstOrThrow()
    ).callback_key;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/shop/payment/notify/${started.purchaseId}?key=${key}`,
    });
    expect(res.statusCode).toBe(200);
    expect((await getPurchase(t.app, member.token, started.purchaseId)).status).toBe('Pending');
    const wrongKey = await t.app.inject({
      method: 'GET',
      url: `/api/shop/payment/notify/${started.purchaseId}?key=nope`,
    });
    expect(wrongKey.statusCode).toBe(404);
  });

  describe.each([
    ['DO_NOT_RETRY', 'TRANSACTION_DECLINED', 'Failed'],
    ['OTHER_MEANS', 'PAYMENTMEANS_NOT_SUPPORTED', 'Failed'],
    ['RETRY_LATER', 'COMMUNICATION_TIMEOUT', 'Pending'],
  ] as const)('Assert failing with %s', (behavior, errorName, status) => {
    it(`leaves the purchase ${status}; a later call settles what is still open`, async () => {
      const { sandbox, started, returnUrl } = await paidWithNotifyHeld();
      sandbox.scheduleError('assert', {
        status: 402,
        body: { Behavior: behavior, ErrorName: errorName, ErrorMessage: 'x' },
      });
      await followReturn(t.app, returnUrl);
      const after = await getPurchase(t.app, member.token, started.purchaseId);
      expect(after.status).toBe(status);
      if (status === 'Failed')
        expect(after.failure).toMatchObject({ name: errorName, behavior, cancelled: false });
      await sandbox.releaseNotifications();
      const final = await getPurchase(t.app, member.token, started.purchaseId);
      expect(final.status).toBe(status === 'Failed' ? 'Failed' : 'Success');
      expect((await ledgerOf(started.purchaseId)).length).toBe(status === 'Failed' ? 0 : 1);
    });
  });

  it('an asserted amount other than the purchase price grants nothing', async () => {
    const { sandbox, started, returnUrl } = await paidWithNotifyHeld();
    // As if the purchase had been priced differently from what the payer paid.
    await t.platform.db
      .updateTable('purchases')
      .set({ price: 1 })
      .where('id', '=', started.purchaseId)
      .execute();
    await followReturn(t.app, returnUrl);
    await sandbox.releaseNotifications();
    expect(await getPurchase(t.app, member.token, started.purchaseId)).toMatchObject({
      status: 'Failed',
      creditsLeft: 0,
      failure: { name: 'AMOUNT_INVALID', cancelled: false },
    });
    expect(await ledgerOf(started.purchaseId)).toEqual([]);
  });

  it.each([
    ['RETRY_LATER', 'Pending'],
    ['DO_NOT_RETRY', 'Failed'],
  ] as const)('Capture failing with %s leaves the purchase %s', async (behavior, status) => {
    const { sandbox, started, returnUrl } = await paidWithNotifyHeld();
    sandbox.scheduleError('capture', {
      status: 402,
      body: { Behavior: behavior, ErrorName: 'TRANSACTION_IN_WRONG_STATE', ErrorMessage: 'x' },
    });
    await followReturn(t.app, returnUrl);
    expect((await getPurchase(t.app, member.token, started.purchaseId)).status).toBe(status);
    expect(await ledgerOf(started.purchaseId)).toEqual([]);
    // The held notify asserts again: a pending purchase is captured and granted now, a failed one stays failed.
    await sandbox.releaseNotifications();
    expect((await getPurchase(t.app, member.token, started.purchaseId)).status).toBe(
      status === 'Pending' ? 'Success' : 'Failed',
    );
  });

  it('Assert failing with RETRY is retried with the same RequestId and RetryIndicator 1', async () => {
    const { sandbox, started, returnUrl } = await paidWithNotifyHeld();
    sandbox.scheduleError('assert', {
      status: 500,
      body: { Behavior: 'RETRY', ErrorName: 'INTERNAL_ERROR', ErrorMessage: 'x' },
    });
    const before = sandbox.requests.length;
    await followReturn(t.app, returnUrl);
    const asserts = sandbox.requests.slice(before).filter((r) => r.operation === 'assert');
    expect(asserts.map((r) => r.retryIndicator)).toEqual([0, 1]);
    expect(asserts[1]!.requestId).toBe(asserts[0]!.requestId);
    expect((await getPurchase(t.app, member.token, started.purchaseId)).status).toBe('Success');
    await sandbox.releaseNotifications();
  });
});
