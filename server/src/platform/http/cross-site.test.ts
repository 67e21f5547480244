import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizationMatrix, matrixSetups } from '../../test/authorization-matrix';
import type { MatrixContext, MatrixRow } from '../../test/authorization-types';
import { databaseSnapshot } from '../../test/db-snapshot';
import { createTestApp, registerMember, type TestApp, testDialects } from '../../test/harness';

/** GET routes that change state: they need the bearer token like every other method. */
const STATE_CHANGING_GETS = new Set(['GET /auth/logout']);
const isStateChanging = (route: string) => !route.startsWith('GET ') || STATE_CHANGING_GETS.has(route);

describe.each(testDialects())('cross-site requests on %s', (dialect) => {
  let t: TestApp;
  let context: MatrixContext;
  let documented: string[];

  beforeAll(async () => {
    t = await createTestApp({ dialect, env: { RATE_LIMIT_ACCOUNT_PER_MINUTE: '1000' } });
    const owner = await registerMember(t.app, { name: 'Owner' });
    const other = await registerMember(t.app, { name: 'Other' });
    const fixtures: Record<string, unknown> = {};
    for (const setup of matrixSetups) Object.assign(fixtures, await setup({ app: t.app, owner, other }));
    context = { app: t.app, owner, other, fixtures };
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map(
        (method) => `${method.toUpperCase()} ${path.replace(/^\/api/, '').replace(/\{(\w+)\}/g, ':$1')}`,
      ),
    );
  });
  afterAll(async () => t?.close());

  it('has a concrete request for every state-changing route of the OpenAPI document', () => {
    const rows = new Set(authorizationMatrix.map((row) => row.route));
    const stateChanging = documented.filter(isStateChanging);
    expect(stateChanging.length).toBeGreaterThan(10);
    expect(stateChanging.filter((route) => !rows.has(route))).toEqual([]);
  });

  // The member's own valid request (the matrix's), sent as another site's page would: the session cookie rides
  // along, no bearer header, a foreign Origin. Nothing may change.
  const rows = () => authorizationMatrix.filter((row) => isStateChanging(row.route));
  it.each(authorizationMatrix.filter((row: MatrixRow) => isStateChanging(row.route)).map((r) => [r.route]))(
    '%s with only the cookie and a foreign Origin changes nothing',
    async (route) => {
      const row = rows().find((r) => r.route === route)!;
      const request = row.request
        ? await row.request(context, 'verified')
        : { url: `/api${row.route.split(' ')[1]}` };
      // An <img src> or a top-level navigation sends no Origin at all: a route that needs a session must refuse
      // the cookie alone then too. Public routes (register, reset) need no session, so only the Origin guards them.
      const needsSession = row.expect.visitor === 401;
      const origins = needsSession
        ? ['https://evil.example', 'null', undefined]
        : ['https://evil.example', 'null'];
      for (const origin of origins) {
        const before = await databaseSnapshot(t.platform.db);
        const res = await t.app.inject({
          method: row.route.split(' ')[0] as 'GET',
          url: request.url,
          headers: { ...request.headers, ...(origin ? { origin } : {}) },
          cookies: { token: context.owner.token },
          ...(request.payload === undefined ? {} : { payload: request.payload as string }),
        });
        expect([401, 403], `${route} Origin ${origin}: ${res.body}`).toContain(res.statusCode);
        expect(res.json().error.code).toEqual(expect.any(String));
        expect(await databaseSnapshot(t.platform.db)).toEqual(before);
      }
    },
  );
});
