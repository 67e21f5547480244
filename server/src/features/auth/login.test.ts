import { UserStatus } from '@wiggle/common/enums';
import { Messages } from '@wiggle/common/messages';
import { AuthErrorCodes } from '@wiggle/common/schemas/auth';
import argon2 from 'argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerMember, type TestApp, testDialects } from '../../test/harness';

describe.each(testDialects())('login, sessions and logout on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => t?.close());

  const login = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers });

  it('signs in with the right password and answers SPEC auth info', async () => {
    const member = await registerMember(t.app, { name: 'Ann Example' });
    const res = await login({
      username: member.username.toUpperCase(),
      password: member.password,
      strict: true,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      token: expect.any(String),
      settings: '{}',
      username: member.username,
      isVerifiedEmail: true,
      isAdmin: false,
      details: { name: 'Ann Example', avatar: null },
    });
    expect(body.token).not.toBe(member.token);
    const refresh = await t.app.inject({
      method: 'GET',
      url: '/api/auth/refresh',
      headers: bearer(body.token),
    });
    expect(refresh.statusCode).toBe(200);
    expect(refresh.json().token).toBe(body.token);
  });

  it('answers 401 with SPEC message for a wrong password and for an unknown e-mail alike', async () => {
    const member = await registerMember(t.app);
    const wrong = await login({ username: member.username, password: 'Wrong-password1' });
    const unknown = await login({ username: 'nobody@example.com', password: 'Wrong-password1' });
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: { code: AuthErrorCodes.loginFailed, message: Messages.loginFailed },
      });
    }
  });

  it('validates the login payload with SPEC messages', async () => {
    const empty = await login({});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({ username: Messages.mandatory, password: Messages.mandatory });
    const notEmail = await login({ username: 'not-an-email', password: 'x' });
    expect(notEmail.json().error.fields).toEqual({ username: Messages.invalidEmail });
  });

  it('turns 20 wrong passwords in a row into 429s, never a crash', async () => {
    const member = await registerMember(t.app);
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await login({ username: member.username, password: `Wrong-password${i}` });
      statuses.push(res.statusCode);
      if (res.statusCode === 429) expect(res.json().error.code).toBe('too_many_requests');
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses.slice(10)).toEqual(Array(10).fill(429));
    // Even the right password waits out the window: the limit is on attempts, not on failures.
    expect((await login({ username: member.username, password: member.password })).statusCode).toBe(429);
    // Another member from the same address is not locked out by it.
    const other = await registerMember(t.app);
    expect((await login({ username: other.username, password: other.password })).statusCode).toBe(200);
  });

  it('gives a strict login a short session and a kept one a long session', async () => {
    const member = await registerMember(t.app);
    const strict = await login({ username: member.username, password: member.password, strict: true });
    const long = await login({ username: member.username, password: member.password, strict: false });
    const sessions = await t.platform.db
      .selectFrom('sessions')
      .select(['strict', 'created_at', 'expires_at'])
      .where('user_id', '=', member.id)
      .orderBy('id')
      .execute();
    const hours = sessions.map((s) => (Date.parse(s.expires_at) - Date.parse(s.created_at)) / 3_600_000);
    expect(hours.at(-2)).toBeCloseTo(12, 5);
    expect(hours.at(-1)).toBeCloseTo(30 * 24, 5);
    expect(strict.statusCode).toBe(200);
    expect(long.statusCode).toBe(200);
  });

  it('slides a kept session forward on refresh, but not a strict one', async () => {
    const member = await registerMember(t.app);
    const strict = (
      await login({ username: member.username, password: member.password, strict: true })
    ).json().token;
    const kept = (await login({ username: member.username, password: member.password, strict: false })).json()
      .token;
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    await t.platform.db
      .updateTable('sessions')
      .set({ expires_at: soon })
      .where('user_id', '=', member.id)
      .execute();
    for (const token of [strict, kept]) {
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/auth/refresh', headers: bearer(token) })).statusCode,
      ).toBe(200);
    }
    const rows = await t.platform.db
      .selectFrom('sessions')
      .select(['strict', 'expires_at'])
      .where('user_id', '=', member.id)
      .execute();
    const days = (iso: string) => (Date.parse(iso) - Date.now()) / 86_400_000;
    for (const row of rows) {
      if (row.strict === 1) expect(row.expires_at).toBe(soon);
      else expect(days(row.expires_at)).toBeGreaterThan(29.9);
    }
    expect(rows.some((r) => r.strict === 0)).toBe(true);
  });

  it('refuses an expired session', async () => {
    const member = await registerMember(t.app);
    await t.platform.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', member.id)
      .execute();
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/refresh',
      headers: bearer(member.token),
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('unauthorized');
  });

  it('accepts the token from the cookie as well as the bearer header', async () => {
    const member = await registerMember(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/refresh',
      cookies: { token: member.token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe(member.username);
  });

  it('ignores the cookie on state-changing methods, so other sites cannot post in the member’s name', async () => {
    const member = await registerMember(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support/inquiry',
      cookies: { token: member.token },
      payload: { message: 'forged' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('revokes the session on logout, and only that one', async () => {
    const member = await registerMember(t.app);
    const second = (await login({ username: member.username, password: member.password })).json().token;
    const out = await t.app.inject({ method: 'GET', url: '/api/auth/logout', headers: bearer(member.token) });
    expect(out.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/refresh', headers: bearer(member.token) }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/refresh', headers: bearer(second) })).statusCode,
    ).toBe(200);
  });

  it('stores only token hashes', async () => {
    const member = await registerMember(t.app);
    const rows = await t.platform.db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', member.id)
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.token_hash).not.toContain(member.token);
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('refuses a blocked member at login and on every request with an existing session', async () => {
    const member = await registerMember(t.app);
    await t.platform.db
      .updateTable('users')
      .set({ status: UserStatus.Blocked })
      .where('id', '=', member.id)
      .execute();
    const res = await login({ username: member.username, password: member.password });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe(AuthErrorCodes.blocked);
    for (const url of ['/api/auth/refresh', '/api/account/profile']) {
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(member.token) })).statusCode).toBe(
        401,
      );
    }
    const inquiry = await t.app.inject({
      method: 'POST',
      url: '/api/support/inquiry',
      headers: bearer(member.token),
      payload: { message: 'let me in' },
    });
    expect(inquiry.statusCode).toBe(401);
  });

  it('refuses a deleted member with a clear message once the password is right (a wrong one says nothing)', async () => {
    const member = await registerMember(t.app);
    await t.platform.db
      .updateTable('users')
      .set({ status: UserStatus.Deleted })
      .where('id', '=', member.id)
      .execute();
    const res = await login({ username: member.username, password: member.password });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toMatchObject({
      code: AuthErrorCodes.deleted,
      message: 'This account has been deleted.',
    });
    const wrong = await login({ username: member.username, password: 'Wrong-pass1!' });
    expect(wrong.json().error.message).toBe(Messages.loginFailed);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/refresh', headers: bearer(member.token) }))
        .statusCode,
    ).toBe(401);
  });

  it('saves settings and returns them on refresh and login', async () => {
    const member = await registerMember(t.app);
    const settings = JSON.stringify({ libraryZoomIndex: 6, libraryTreeWidth: 420 });
    const save = await t.app.inject({
      method: 'POST',
      url: '/api/account/settings',
      headers: bearer(member.token),
      payload: { settings },
    });
    expect(save.statusCode).toBe(200);
    const refresh = await t.app.inject({
      method: 'GET',
      url: '/api/auth/refresh',
      headers: bearer(member.token),
    });
    expect(refresh.json().settings).toBe(settings);
    const again = await login({ username: member.username, password: member.password });
    expect(again.json().settings).toBe(settings);
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/account/settings',
      headers: bearer(member.token),
      payload: { settings: '[1,2' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.settings).toBe(Messages.settingsInvalid);
  });

  it('upgrades a hash made with other argon2 parameters at the next successful login', async () => {
    const member = await registerMember(t.app);
    const legacy = await argon2.hash(member.password, {
      type: argon2.argon2id,
      memoryCost: 65_536,
      timeCost: 3,
    });
    await t.platform.db
      .updateTable('users')
      .set({ password_hash: legacy })
      .where('id', '=', member.id)
      .execute();
    expect((await login({ username: member.username, password: member.password })).statusCode).toBe(200);
    const { password_hash } = await t.platform.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    expect((await login({ username: member.username, password: member.password })).statusCode).toBe(200);
  });

  it('prints the time of one login (argon2id verify + request)', async () => {
    const member = await registerMember(t.app);
    const runs = 5;
    const started = performance.now();
    for (let i = 0; i < runs; i++) {
      const res = await login({ username: member.username, password: member.password });
      expect(res.statusCode).toBe(200);
    }
    const ms = (performance.now() - started) / runs;
    console.log(`[${dialect}] one login (argon2id verify + request): ${ms.toFixed(1)} ms (mean of ${runs})`);
  });
});
