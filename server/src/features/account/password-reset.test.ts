import { Messages } from '@wiggle/common/messages';
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

const linkOf = (text: string) => {
  const match = /http:\/\/wiggle\.test\/account\/reset\/([A-Za-z0-9_-]+)\/(\d{6})/.exec(text);
  if (!match?.[1] || !match[2]) throw new Error(`no reset link in mail:\n${text}`);
  return { token: match[1], code: match[2] };
};

describe.each(testDialects())('password reset on %s', (dialect) => {
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

  const requestReset = (username: string) =>
    t.app.inject({ method: 'POST', url: '/api/account/reset', payload: { username } });
  const confirm = (payload: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/account/reset/confirm', payload });
  const login = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

  it('resets by the mailed token and code, ends every session, and the new password works', async () => {
    const member = await registerMember(t.app);
    const otherSession = (await login(member.username, member.password)).json().token;
    const res = await requestReset(member.username);
    expect(res.statusCode).toBe(200);
    const mail = await smtp.waitForMail(member.username, 'Reset');
    const { token, code } = linkOf(mail.text);
    expect(mail.html).toContain(`/account/reset/${token}/${code}`);

    const done = await confirm({ token, code, password: 'Brand-new-pass1' });
    expect(done.statusCode).toBe(200);
    for (const session of [member.token, otherSession]) {
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/refresh', headers: bearer(session) }))
          .statusCode,
      ).toBe(401);
    }
    expect((await login(member.username, member.password)).statusCode).toBe(401);
    expect((await login(member.username, 'Brand-new-pass1')).statusCode).toBe(200);
    // A link works once.
    const again = await confirm({ token, code, password: 'Another-pass1' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(Messages.invalidOrExpiredToken);
  });

  it('answers an unknown e-mail exactly like a known one and mails nothing', async () => {
    const member = await registerMember(t.app);
    const known = await requestReset(member.username);
    const unknown = await requestReset(`nobody-${dialect}@example.com`);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    await smtp.waitForMail(member.username, 'Reset');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.messages.some((m) => m.to.includes(`nobody-${dialect}`))).toBe(false);
  });

  it('refuses a wrong code, a wrong token and an expired link with SPEC message', async () => {
    const member = await registerMember(t.app);
    await requestReset(member.username);
    const { token, code } = linkOf((await smtp.waitForMail(member.username, 'Reset')).text);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (const payload of [
      { token, code: wrongCode, password: 'Brand-new-pass1' },
      { token: `${token}x`, code, password: 'Brand-new-pass1' },
    ]) {
      const res = await confirm(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'invalid_token',
        message: Messages.invalidOrExpiredToken,
      });
    }
    await t.platform.db
      .updateTable('password_resets')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', member.id)
      .execute();
    const expired = await confirm({ token, code, password: 'Brand-new-pass1' });
    expect(expired.json().error.message).toBe(Messages.invalidOrExpiredToken);
    expect((await login(member.username, member.password)).statusCode).toBe(200);
  });

  it('validates the new password with SPEC rules', async () => {
    const res = await confirm({ token: 'abc', code: '123456', password: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toEqual({ password: Messages.passwordTooShort });
  });

  it('mails one member at most 5 reset links an hour, answering the same after that', async () => {
    const member = await registerMember(t.app);
    await t.platform.db
      .insertInto('password_resets')
      .values(
        [1, 2, 3, 4, 5].map((i) => ({
          user_id: member.id,
          token_hash: `earlier-${dialect}-${member.id}-${i}`,
          code_hash: 'x',
          expires_at: new Date(Date.now() + 3_600_000).toISOString(),
          failed_tries: 0,
          used_at: null,
          created_at: new Date(Date.now() - i * 60_000).toISOString(),
        })),
      )
      .execute();
    const res = await requestReset(member.username);
    expect(res.statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.messages.some((m) => m.to.includes(member.username) && m.subject.includes('Reset'))).toBe(
      false,
    );
  });

  it('rate limits reset requests with 429', async () => {
    const statuses: number[] = [];
    // Earlier tests of this file used some of the per-address budget already.
    for (let i = 0; i < 12; i++) statuses.push((await requestReset(`flood${i}@example.com`)).statusCode);
    expect(statuses).toContain(429);
    expect(statuses.at(-1)).toBe(429);
  });
});
