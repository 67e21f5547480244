import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  registerMember,
  startSmtpServer,
  type TestApp,
  testDialects,
} from '../../test/harness';
import type { TestSmtpServer } from '../../test/smtp-server';

const codeOf = (text: string) => /verification code is: (\d{6})/.exec(text)?.[1] ?? '';

describe.each(testDialects())('welcome gift on %s', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      dialect,
      smtp: smtp.url,
      env: {
        WELCOME_GIFT_CREDITS: '7',
        WELCOME_GIFT_MAX_RESOLUTION: '1920',
        WELCOME_GIFT_VALIDITY_DAYS: '30',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('is granted once, at e-mail verification, as configured', async () => {
    const member = await registerMember(t.app, { verified: false });
    const rolls = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/api/account/credits', headers: bearer(member.token) })
      ).json().rolls;
    const code = codeOf((await smtp.waitForMail(member.username)).text);
    const verify = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/account/verify',
        headers: bearer(member.token),
        payload: { code },
      });
    expect((await verify()).statusCode).toBe(200);
    expect((await verify()).statusCode).toBe(200);
    const granted = await rolls();
    expect(granted).toEqual([
      expect.objectContaining({
        type: 'WelcomeGift',
        creditsLeft: 7,
        maxResolution: 1920,
        creditStatus: 'Available',
      }),
    ]);
    expect(Math.round((Date.parse(granted[0].expiresAt) - Date.now()) / 86_400_000)).toBe(30);
    const history = (
      await t.app.inject({ method: 'GET', url: '/api/shop/purchases', headers: bearer(member.token) })
    ).json();
    expect(history.purchases).toEqual([
      expect.objectContaining({ type: 'WelcomeGift', status: 'Success', price: 0 }),
    ]);
  });

  it('is not granted to a member verified another way until they verify', async () => {
    const member = await registerMember(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/account/credits',
      headers: bearer(member.token),
    });
    expect(res.json().rolls).toEqual([]);
  });
});

describe('welcome gift turned off', () => {
  it('grants nothing with WELCOME_GIFT_CREDITS=0', async () => {
    const smtp = await startSmtpServer();
    const t = await createTestApp({ dialect: 'sqlite', smtp: smtp.url, env: { WELCOME_GIFT_CREDITS: '0' } });
    try {
      const member = await registerMember(t.app, { verified: false });
      const code = codeOf((await smtp.waitForMail(member.username)).text);
      await t.app.inject({
        method: 'POST',
        url: '/api/account/verify',
        headers: bearer(member.token),
        payload: { code },
      });
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/account/credits',
        headers: bearer(member.token),
      });
      expect(res.json().rolls).toEqual([]);
    } finally {
      await t.close();
      await smtp.close();
    }
  });
});
