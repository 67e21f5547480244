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
import { createTestCoupon, listPackages } from '../../test/shop/shop-test-kit';

describe.each(testDialects())('coupons on %s', (dialect) => {
  let t: TestApp;
  let packageId: number;
  beforeAll(async () => {
    t = await createTestApp({
      dialect,
      env: { RATE_LIMIT_COUPON_PER_MINUTE: '1000', WELCOME_GIFT_CREDITS: '0' },
    });
    packageId = (await listPackages(t.app))[2]!.id;
  });
  afterAll(async () => t?.close());

  const call = (member: TestMember, action: 'check' | 'redeem', code: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/shop/coupon/${action}`,
      headers: bearer(member.token),
      payload: { code },
    });
  const couponRow = (id: number) =>
    t.platform.db.selectFrom('coupons').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('creates random, unguessable codes of at least 10 characters, all different', async () => {
    const { codes } = await createTestCoupon(t.app, {
      name: 'Codes',
      amount: 5,
      numberOfCodes: 50,
      packageId,
    });
    expect(codes.length).toBe(50);
    expect(new Set(codes).size).toBe(50);
    for (const code of codes) expect(code).toMatch(/^[A-Z2-9]{16}$/);
  });

  it('check then redeem (case-insensitive, dashes and spaces ignored): grants the package roll once per member', async () => {
    const member = await registerMember(t.app);
    const { id, codes } = await createTestCoupon(t.app, {
      name: 'Spring',
      amount: 3,
      numberOfCodes: 2,
      packageId,
    });
    const typed = `${codes[0]!.slice(0, 4).toLowerCase()}-${codes[0]!.slice(4, 8)} ${codes[0]!.slice(8)}`;
    const check = await call(member, 'check', typed);
    expect(check.statusCode).toBe(200);
    const pkg = (await listPackages(t.app))[2]!;
    expect(check.json()).toEqual({
      valid: true,
      couponName: 'Spring',
      packageName: expect.any(String),
      credits: pkg.credits,
      maxResolution: pkg.maxResolution,
    });
    const redeem = await call(member, 'redeem', typed);
    expect(redeem.statusCode).toBe(200);
    expect(redeem.json().purchase).toMatchObject({
      type: 'Coupon',
      status: 'Success',
      creditStatus: 'Available',
      creditsLeft: pkg.credits,
      price: 0,
    });
    expect((await couponRow(id)).amount_left).toBe(2);
    // Once per member, with either code of the coupon.
    for (const code of codes) {
      const again = await call(member, 'redeem', code);
      expect(again.statusCode).toBe(409);
      expect(again.json().error.message).toBe(Messages.couponAlreadyRedeemed);
      expect((await call(member, 'check', code)).statusCode).toBe(409);
    }
    expect((await couponRow(id)).amount_left).toBe(2);
    const rolls = (
      await t.app.inject({ method: 'GET', url: '/api/account/credits', headers: bearer(member.token) })
    ).json().rolls;
    expect(rolls.length).toBe(1);
  });

  it('an unknown or used-up code answers the same "not valid", a disabled one says so; none creates anything', async () => {
    const member = await registerMember(t.app);
    const disabled = await createTestCoupon(t.app, { name: 'Off', amount: 5, numberOfCodes: 1, packageId });
    await t.platform.db
      .updateTable('coupons')
      .set({ status: 'Disabled' })
      .where('id', '=', disabled.id)
      .execute();
    const used = await createTestCoupon(t.app, { name: 'One', amount: 1, numberOfCodes: 1, packageId });
    const first = await registerMember(t.app);
    expect((await call(first, 'redeem', used.codes[0])).statusCode).toBe(200);
    expect(await couponRow(used.id)).toMatchObject({ amount_left: 0, status: 'Empty' });
    const answers = [];
    for (const code of ['UNKNOWNCODE1234', disabled.codes[0], used.codes[0]]) {
      for (const action of ['check', 'redeem'] as const) {
        const res = await call(member, action, code);
        answers.push([res.statusCode, res.json().error]);
      }
    }
    const invalid = [
      400,
      { code: 'coupon_invalid', message: Messages.couponInvalid, fields: { code: Messages.couponInvalid } },
    ];
    const disabledAnswer = [
      400,
      {
        code: 'coupon_disabled',
        message: Messages.couponDisabled,
        fields: { code: Messages.couponDisabled },
      },
    ];
    expect(answers).toEqual([invalid, invalid, disabledAnswer, disabledAnswer, invalid, invalid]);
    const rolls = (
      await t.app.inject({ method: 'GET', url: '/api/account/credits', headers: bearer(member.token) })
    ).json().rolls;
    expect(rolls).toEqual([]);
  });

  it('refuses malformed codes with a field message', async () => {
    const member = await registerMember(t.app);
    for (const [code, message] of [
      ['', Messages.mandatory],
      ['SHORT', Messages.couponCodeLength(10)],
      [42, Messages.mandatory],
    ] as const) {
      const res = await call(member, 'check', code);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ code: message });
    }
  });

  it('concurrent redemptions never exceed the amount', async () => {
    const { id, codes } = await createTestCoupon(t.app, {
      name: 'Rush',
      amount: 3,
      numberOfCodes: 1,
      packageId,
    });
    const members = await Promise.all(Array.from({ length: 8 }, () => registerMember(t.app)));
    const results = await Promise.all(members.map((m) => call(m, 'redeem', codes[0])));
    expect(results.filter((r) => r.statusCode === 200).length).toBe(3);
    expect(results.filter((r) => r.statusCode === 400).length).toBe(5);
    expect(await couponRow(id)).toMatchObject({ amount_left: 0, status: 'Empty' });
  });
});

describe('coupon rate limit', () => {
  it('answers 429 past RATE_LIMIT_COUPON_PER_MINUTE per member', async () => {
    const t = await createTestApp({ dialect: 'sqlite', env: { RATE_LIMIT_COUPON_PER_MINUTE: '3' } });
    try {
      const member = await registerMember(t.app);
      const statuses = [];
      for (let i = 0; i < 5; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/shop/coupon/check',
          headers: bearer(member.token),
          payload: { code: `GUESSCODE${i}AB` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([400, 400, 400, 429, 429]);
    } finally {
      await t.close();
    }
  });
});
