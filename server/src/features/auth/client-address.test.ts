import { afterEach, describe, expect, it } from 'vitest';
import { createAdmin, createTestApp, registerMember, type TestApp } from '../../test/harness';

/**
 * Rate limits count per client address; behind a proxy that address comes from X-Forwarded-For, which the client
 * writes too. Only the entries the configured proxies appended count (from the right); a forged left part must
 * not buy a fresh budget. Login is also limited per address over all e-mails (password spraying).
 */
describe('client address and login limits', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const attempts = async (
    app: TestApp['app'],
    count: number,
    request: (i: number) => { username: string; headers?: Record<string, string>; remoteAddress?: string },
  ) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i++) {
      const { username, headers, remoteAddress } = request(i);
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username, password: `Wrong-password${i}` },
        ...(headers ? { headers } : {}),
        ...(remoteAddress ? { remoteAddress } : {}),
      });
      statuses.push(res.statusCode);
    }
    return statuses;
  };
  const tenThenLimited = [...Array(10).fill(401), ...Array(5).fill(429)];

  for (const setting of ['true', '1']) {
    it(`TRUST_PROXY=${setting} trusts one proxy: a forged left-most X-Forwarded-For gets no fresh limit`, async () => {
      t = await createTestApp({ dialect: 'sqlite', env: { TRUST_PROXY: setting } });
      const member = await registerMember(t.app);
      // The proxy appends the address it saw (203.0.113.7); the client wrote everything left of it.
      const statuses = await attempts(t.app, 15, (i) => ({
        username: member.username,
        headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` },
      }));
      expect(statuses).toEqual(tenThenLimited);
      // Another client behind the same proxy has its own budget.
      const other = await attempts(t.app, 1, () => ({
        username: member.username,
        headers: { 'x-forwarded-for': '203.0.113.8' },
      }));
      expect(other).toEqual([401]);
    });
  }

  it('TRUST_PROXY with addresses trusts only those proxies, from the right', async () => {
    t = await createTestApp({ dialect: 'sqlite', env: { TRUST_PROXY: '10.0.0.0/8, 192.0.2.1' } });
    const member = await registerMember(t.app);
    // Two trusted hops (192.0.2.1 appended by the edge, the app sees 10.0.0.5): the client is 203.0.113.7.
    const statuses = await attempts(t.app, 15, (i) => ({
      username: member.username,
      remoteAddress: '10.0.0.5',
      headers: { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7, 192.0.2.1` },
    }));
    expect(statuses).toEqual(tenThenLimited);
    // A client that talks to the app directly cannot claim an address at all.
    const direct = await attempts(t.app, 15, (i) => ({
      username: member.username,
      remoteAddress: '203.0.113.99',
      headers: { 'x-forwarded-for': `198.51.100.${i}` },
    }));
    expect(direct).toEqual(tenThenLimited);
  });

  it('limits login attempts per address across all e-mails (password spraying)', async () => {
    t = await createTestApp({
      dialect: 'sqlite',
      env: { RATE_LIMIT_LOGIN_PER_ADDRESS_PER_MINUTE: '10', RATE_LIMIT_LOGIN_PER_MINUTE: '10' },
    });
    const statuses = await attempts(t.app, 15, (i) => ({ username: `sprayed${i}@example.com` }));
    expect(statuses).toEqual(tenThenLimited);
    // Another address is not affected.
    expect(
      await attempts(t.app, 1, () => ({ username: 'sprayed0@example.com', remoteAddress: '192.0.2.50' })),
    ).toEqual([401]);
  });

  it('answers every JSON response that carries a token with Cache-Control: no-store', async () => {
    t = await createTestApp({ dialect: 'sqlite' });
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { responses?: Record<string, unknown> }>>;
    }>();
    // Every operation that answers a session token (SPEC's auth info: token beside username).
    const withToken = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => {
          const answer = operation.responses?.['200'] as
            | { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> }
            | undefined;
          const properties = answer?.content?.['application/json']?.schema?.properties ?? {};
          return 'token' in properties && 'username' in properties;
        })
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(withToken.sort()).toEqual([
      'GET /api/auth/refresh',
      'POST /api/account/register',
      'POST /api/admin/users/{id}/impersonate',
      'POST /api/auth/login',
    ]);
    const member = await registerMember(t.app);
    const admin = await createAdmin(t.app);
    const calls = {
      'POST /api/account/register': {
        payload: { name: 'N', username: 'nostore@example.com', password: member.password, terms: true },
      },
      'POST /api/auth/login': { payload: { username: member.username, password: member.password } },
      'GET /api/auth/refresh': { headers: { authorization: `Bearer ${member.token}` } },
      'POST /api/admin/users/{id}/impersonate': {
        url: `/api/admin/users/${member.id}/impersonate`,
        headers: { authorization: `Bearer ${admin.token}` },
      },
    } as const;
    for (const route of withToken) {
      const [method, path] = route.split(' ') as ['GET' | 'POST', string];
      const res = await t.app.inject({ method, url: path, ...calls[route as keyof typeof calls] });
      expect(res.statusCode, route).toBe(200);
      expect(res.json().token, route).toEqual(expect.any(String));
      expect(res.headers['cache-control'], route).toBe('no-store');
    }
  });
});
