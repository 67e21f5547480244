import { Messages } from '@wiggle/common/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  registerMember,
  startSmtpServer,
  TEST_PASSWORD,
  type TestApp,
  testDialects,
} from '../../test/harness';
import type { TestSmtpServer } from '../../test/smtp-server';

const codeOf = (text: string) => {
  const code = /verification code is: (\d{6})/.exec(text)?.[1];
  if (!code) throw new Error(`no code in mail:\n${text}`);
  return code;
};

describe.each(testDialects())('registration and e-mail verification on %s', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ dialect, smtp: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  let counter = 0;
  const register = (overrides: Record<string, unknown> = {}) => {
    counter += 1;
    const payload = {
      name: 'New Member',
      username: `new${counter}-${dialect}@example.com`,
      password: TEST_PASSWORD,
      terms: true,
      ...overrides,
    };
    return t.app
      .inject({ method: 'POST', url: '/api/account/register', payload })
      .then((res) => ({ res, payload }));
  };
  const verify = (token: string, code: string) =>
    t.app.inject({ method: 'POST', url: '/api/account/verify', headers: bearer(token), payload: { code } });
  const refresh = (token: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/refresh', headers: bearer(token) });

  it('registers unverified, mails the code over SMTP, verifies it, and refresh shows verified', async () => {
    const { res, payload } = await register({ name: 'Vera Fied' });
    expect(res.statusCode).toBe(200);
    const info = res.json();
    expect(info).toMatchObject({ username: payload.username, isVerifiedEmail: false, isAdmin: false });
    expect(info.details.name).toBe('Vera Fied');

    const mail = await smtp.waitForMail(payload.username);
    const code = codeOf(mail.text);
    expect(mail.text).toContain(`http://wiggle.test/account/register/${code}`);
    expect(mail.html).toContain(code);
    expect(mail.html).toContain(`href="http://wiggle.test/account/register/${code}"`);

    expect((await verify(info.token, code)).statusCode).toBe(200);
    expect((await refresh(info.token)).json().isVerifiedEmail).toBe(true);
  });

  it('refuses the library-only parts for an unverified member but lets them use support', async () => {
    const { res } = await register();
    const token = res.json().token;
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/account/profile', headers: bearer(token) })).statusCode,
    ).toBe(403);
    const inquiry = await t.app.inject({
      method: 'POST',
      url: '/api/support/inquiry',
      headers: bearer(token),
      payload: { message: 'I did not get the code' },
    });
    expect(inquiry.statusCode).toBe(200);
  });

  it('answers a wrong code with SPEC message, a short one with the length message', async () => {
    const { res, payload } = await register();
    const token = res.json().token;
    const code = codeOf((await smtp.waitForMail(payload.username)).text);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await verify(token, wrongCode);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      message: Messages.verifyFailed,
      fields: { code: Messages.verifyFailed },
    });
    const short = await verify(token, '123');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields).toEqual({ code: Messages.invalidCodeLength });
    expect((await verify(token, code)).statusCode).toBe(200);
  });

  it('stops accepting a code after 5 wrong tries, even the right one; a resend brings a new code', async () => {
    const { res, payload } = await register();
    const token = res.json().token;
    const code = codeOf((await smtp.waitForMail(payload.username)).text);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await verify(token, wrongCode)).statusCode).toBe(400);
    const blocked = await verify(token, code);
    expect(blocked.statusCode).toBe(400);
    expect(blocked.json().error.code).toBe('code_expired');

    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/account/verify/resend',
      headers: bearer(token),
    });
    expect(resend.statusCode).toBe(200);
    const fresh = codeOf((await smtp.waitForMail(payload.username)).text);
    expect((await verify(token, fresh)).statusCode).toBe(200);
    expect((await refresh(token)).json().isVerifiedEmail).toBe(true);
  });

  it('refuses an expired code', async () => {
    const { res, payload } = await register();
    const token = res.json().token;
    const code = codeOf((await smtp.waitForMail(payload.username)).text);
    await t.platform.db
      .updateTable('email_verifications')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .execute();
    const expired = await verify(token, code);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error.code).toBe('code_expired');
  });

  it('makes the old code useless after a resend', async () => {
    const { res, payload } = await register();
    const token = res.json().token;
    const first = codeOf((await smtp.waitForMail(payload.username)).text);
    await t.app.inject({ method: 'POST', url: '/api/account/verify/resend', headers: bearer(token) });
    const second = codeOf((await smtp.waitForMail(payload.username)).text);
    if (first !== second) expect((await verify(token, first)).statusCode).toBe(400);
    expect((await verify(token, second)).statusCode).toBe(200);
  });

  it('rate limits verification attempts with 429', async () => {
    const { res } = await register();
    const token = res.json().token;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await verify(token, '999999')).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('answers a duplicate e-mail with 409 and SPEC message on username, case-insensitively', async () => {
    const { payload } = await register();
    const { res } = await register({ username: payload.username.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.fields).toEqual({ username: Messages.emailAlreadyRegistered });
  });

  it('validates registration with SPEC rules and messages', async () => {
    const { res } = await register({ name: '', username: 'nope', password: 'short', terms: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({
      name: Messages.mandatory,
      username: Messages.invalidEmail,
      password: Messages.passwordTooShort,
      terms: Messages.termsRequired,
    });
    const noSpecial = await register({ password: 'abcdefgh1' });
    expect(noSpecial.res.json().error.fields).toEqual({ password: Messages.passwordNeedsSpecial });
    const tooLong = await register({ name: 'x'.repeat(256) });
    expect(tooLong.res.json().error.fields).toEqual({ name: Messages.tooLong(255) });
  });

  it('treats verify of an already verified member as done', async () => {
    const member = await registerMember(t.app);
    expect((await verify(member.token, '123456')).statusCode).toBe(200);
  });
});
