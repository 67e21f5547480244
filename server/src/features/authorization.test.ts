import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../platform/auth/sessions';
import { authorizationMatrix, MATRIX_EXEMPT_ROUTES, matrixSetups } from '../test/authorization-matrix';
import { type MatrixContext, type MatrixRow, ROLES, type Role } from '../test/authorization-types';
import { createAdmin, createTestApp, registerMember, type TestApp, testDialects } from '../test/harness';

const methodOf = (row: MatrixRow) => row.route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
const pathOf = (row: MatrixRow) => `/api${row.route.split(' ')[1]}`;

describe.each(testDialects())('authorization matrix on %s', (dialect) => {
  let t: TestApp;
  let context: MatrixContext;
  const userIds = {} as Record<Exclude<Role, 'visitor'>, number>;

  beforeAll(async () => {
    // Rows for rate-limited calls run once per role; keep the per-minute budgets out of the way.
    t = await createTestApp({
      dialect,
      env: { RATE_LIMIT_ACCOUNT_PER_MINUTE: '1000', RATE_LIMIT_LOGIN_PER_MINUTE: '1000' },
    });
    const owner = await registerMember(t.app, { name: 'Owner' });
    const other = await registerMember(t.app, { name: 'Other' });
    const unverified = await registerMember(t.app, { verified: false });
    const admin = await createAdmin(t.app);
    Object.assign(userIds, {
      verified: owner.id,
      other: other.id,
      unverified: unverified.id,
      admin: admin.id,
    });
    const base = { app: t.app, owner, other };
    const fixtures: Record<string, unknown> = {};
    for (const setup of matrixSetups) Object.assign(fixtures, await setup(base));
    context = { ...base, fixtures };
  });
  afterAll(async () => t?.close());

  // A fresh session per call, so rows that end sessions (logout, password change) do not affect the next ones.
  const tokenFor = async (role: Role) =>
    role === 'visitor'
      ? undefined
      : createSession(t.platform.db, userIds[role], true, { strictHours: 1, longDays: 1 });

  it.each(authorizationMatrix.map((row) => [row.route, row] as const))('%s', async (_route, row) => {
    const actual = {} as Record<Role, number>;
    for (const role of ROLES) {
      const request = row.request ? await row.request(context, role) : { url: pathOf(row) };
      const token = await tokenFor(role);
      const res = await t.app.inject({
        method: methodOf(row),
        url: request.url,
        headers: { ...request.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(request.payload === undefined ? {} : { payload: request.payload as string }),
      });
      actual[role] = res.statusCode;
    }
    expect(actual).toEqual(row.expect);
  });

  it('lists every documented /api endpoint', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map(
        (method) => `${method.toUpperCase()} ${path.replace(/^\/api/, '').replace(/\{(\w+)\}/g, ':$1')}`,
      ),
    );
    const listed = new Set(authorizationMatrix.map((row) => row.route));
    const missing = documented.filter(
      (route) =>
        route.startsWith('GET /docs') === false && !listed.has(route) && !MATRIX_EXEMPT_ROUTES.has(route),
    );
    expect(missing, 'add a row for each of these routes to server/src/test/authorization-matrix.ts').toEqual(
      [],
    );
  });
});
