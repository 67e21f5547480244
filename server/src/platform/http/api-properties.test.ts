import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FuzzRequest, type Operation, operationsOf, violatingRequest } from '../../test/api-fuzz';
import { matrixSetups } from '../../test/authorization-matrix';
import { databaseSnapshot } from '../../test/db-snapshot';
import { createAdmin, createTestApp, registerMember, type TestApp, testDialects } from '../../test/harness';

/**
 * Property test of the whole API: for every operation of the OpenAPI document, generated requests that violate its
 * schema answer 4xx with DESIGN's error shape, never 5xx, and change nothing in the database. Fixed seed; the
 * budget is FUZZ_RUNS requests per operation (`npm run fuzz -w server` runs a long one).
 */
const RUNS_PER_OPERATION = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);

describe.each(testDialects())('API property: invalid requests on %s', (dialect) => {
  let t: TestApp;
  let operations: Operation[];
  let adminToken: string;
  let validId: string;
  const tally = { requests: 0, operations: 0, byStatus: new Map<number, number>() };

  beforeAll(async () => {
    t = await createTestApp({
      dialect,
      env: {
        RATE_LIMIT_ACCOUNT_PER_MINUTE: '100000',
        RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
        RATE_LIMIT_LOGIN_PER_ADDRESS_PER_MINUTE: '100000',
        RATE_LIMIT_REGISTER_PER_MINUTE: '100000',
      },
    });
    const owner = await registerMember(t.app, { name: 'Owner' });
    const other = await registerMember(t.app, { name: 'Other' });
    for (const setup of matrixSetups) await setup({ app: t.app, owner, other });
    // An admin passes every guard, so each request reaches parsing and validation.
    adminToken = (await createAdmin(t.app)).token;
    validId = String(owner.id);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    operations = operationsOf(doc).filter((op) => !op.path.startsWith('/api/docs'));
  }, 60_000);

  afterAll(async () => {
    const statuses = [...tally.byStatus.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
    console.log(
      `API property (${dialect}): ${tally.requests} invalid requests over ${tally.operations} operations; statuses ${statuses.join(' ')}`,
    );
    await t?.close();
  });

  async function send(operation: Operation, request: FuzzRequest) {
    const n = tally.requests;
    const res = await t.app.inject({
      method: request.method as 'GET',
      url: request.url,
      // Each from its own address, so per-address rate limits let every request reach validation.
      remoteAddress: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
      headers: { ...request.headers, ...(operation.public ? {} : { authorization: `Bearer ${adminToken}` }) },
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
    tally.requests += 1;
    tally.byStatus.set(res.statusCode, (tally.byStatus.get(res.statusCode) ?? 0) + 1);
    return res;
  }

  it('covers every operation of the OpenAPI document', async () => {
    const withInputs = operations.filter((op) => violatingRequest(op, validId));
    const without = operations
      .filter((op) => !violatingRequest(op, validId))
      .map((op) => `${op.method} ${op.path}`);
    // Operations without parameters or body have nothing to violate; they are probed with junk below.
    expect(withInputs.length).toBeGreaterThan(20);
    for (const route of without) expect(route).toMatch(/^(GET|POST) /);
  });

  it(
    'answers every violating request with a 4xx error body and changes nothing',
    async () => {
      for (const operation of operations) {
        const requests = violatingRequest(operation, validId);
        if (!requests) continue;
        tally.operations += 1;
        // Each request must change nothing, so the snapshot after one is the one before the next: taken once.
        let last: Record<string, string> | undefined;
        await fc.assert(
          fc.asyncProperty(requests, async (request) => {
            const before = last ?? (await databaseSnapshot(t.platform.db));
            const res = await send(operation, request);
            const where = `${operation.method} ${operation.path} [${request.violation}] → ${res.statusCode} ${res.body.slice(0, 200)}`;
            expect(res.statusCode, where).toBeGreaterThanOrEqual(400);
            expect(res.statusCode, where).toBeLessThan(500);
            const body = res.json();
            expect(body, where).toEqual({
              error: expect.objectContaining({ code: expect.any(String), message: expect.any(String) }),
            });
            last = await databaseSnapshot(t.platform.db);
            expect(last, where).toEqual(before);
          }),
          { seed: SEED, numRuns: RUNS_PER_OPERATION, endOnFailure: true },
        );
      }
    },
    Math.max(600_000, RUNS_PER_OPERATION * 2_000),
  );

  it('answers junk sent to operations without inputs (no token) with 401 or their answer, never 5xx', async () => {
    for (const operation of operations.filter((op) => !violatingRequest(op, validId))) {
      tally.operations += 1;
      for (const junk of ['?x=%00%E2%80%AE', `?${'a'.repeat(5000)}=1`, '?id=1&id=2']) {
        const res = await t.app.inject({
          method: operation.method as 'GET',
          url: `${operation.path}${junk}`,
          payload: operation.method === 'GET' ? undefined : '{"a":1,"a":2}',
          headers: operation.method === 'GET' ? {} : { 'content-type': 'application/json' },
        });
        tally.requests += 1;
        tally.byStatus.set(res.statusCode, (tally.byStatus.get(res.statusCode) ?? 0) + 1);
        expect(res.statusCode, `${operation.method} ${operation.path}${junk}`).toBeLessThan(500);
      }
    }
  });
});
