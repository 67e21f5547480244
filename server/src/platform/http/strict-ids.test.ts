import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseSnapshot } from '../../test/db-snapshot';
import {
  bearer,
  createAdmin,
  createTestApp,
  registerMember,
  type TestApp,
  type TestMember,
  testDialects,
} from '../../test/harness';
import { strictJsonProblem } from './strict-json';

const LOOSE_PATH_IDS = [
  'true',
  '%5B1%5D',
  '0x1',
  '%2B1',
  '1.0',
  '1e3',
  '01',
  '0',
  '-1',
  '%201',
  '4294967297',
  '9'.repeat(30),
];
const LOOSE_BODY_IDS = [
  'true',
  '[1]',
  '"1"',
  '"0x1"',
  '1.0',
  '1e3',
  '1E0',
  '10e-1',
  '0',
  '-1',
  '1.5',
  '4294967297',
  'null',
  '{}',
];

describe.each(testDialects())('ids are strict decimal positive integers on %s', (dialect) => {
  let t: TestApp;
  let member: TestMember;
  let folderId: number;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
    member = await registerMember(t.app);
    folderId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/library/folders',
        headers: bearer(member.token),
        payload: { name: 'F' },
      })
    ).json().id;
  });
  afterAll(async () => t?.close());

  it('refuses loose ids in paths and queries with 400, as they are written', async () => {
    for (const id of LOOSE_PATH_IDS) {
      for (const url of [
        `/api/library/folders/${id}`,
        `/api/library/originals?folderId=${id}`,
        `/api/library/wiggles/status?ids=${id}`,
      ]) {
        const method = url.startsWith('/api/library/folders/') ? 'PUT' : 'GET';
        const res = await t.app.inject({
          method,
          url,
          headers: bearer(member.token),
          ...(method === 'PUT' ? { payload: { name: 'Renamed' } } : {}),
        });
        expect(res.statusCode, `${method} ${url}`).toBe(400);
        expect(res.json().error.code).toEqual(expect.any(String));
      }
    }
    // The same id written plainly works.
    const ok = await t.app.inject({
      method: 'PUT',
      url: `/api/library/folders/${folderId}`,
      headers: bearer(member.token),
      payload: { name: 'Renamed' },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses loose ids in JSON bodies with 400 and changes nothing', async () => {
    for (const literal of LOOSE_BODY_IDS) {
      for (const payload of [
        `{"type":1,"ids":[${literal}]}`,
        // As the whole list, [1] is a valid list; as a folder, null is the root.
        ...(literal === '[1]' ? [] : [`{"type":1,"ids":${literal}}`]),
        ...(literal === 'null' ? [] : [`{"name":"Sub","parentId":${literal}}`]),
      ]) {
        const before = await databaseSnapshot(t.platform.db);
        const url = payload.includes('"ids"') ? '/api/library/delete' : '/api/library/folders';
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...bearer(member.token), 'content-type': 'application/json' },
          payload,
        });
        expect(res.statusCode, `${url} ${payload}`).toBe(400);
        expect(await databaseSnapshot(t.platform.db)).toEqual(before);
      }
    }
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/library/delete',
      headers: { ...bearer(member.token), 'content-type': 'application/json' },
      payload: `{"type":1,"ids":[${folderId}]}`,
    });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses ids beyond the id columns (PostgreSQL integer) on admin and shop routes with 400, never 500', async () => {
    const admin = await createAdmin(t.app);
    const big = '2147483648';
    const calls: { method: 'GET' | 'POST' | 'PUT'; url: string; token: string; payload?: object }[] = [
      ...['block', 'unblock', 'delete', 'undelete', 'impersonate'].map((action) => ({
        method: 'POST' as const,
        url: `/api/admin/users/${big}/${action}`,
        token: admin.token,
      })),
      { method: 'POST', url: `/api/admin/wiggles/${big}/block`, token: admin.token },
      { method: 'GET', url: `/api/admin/wiggles?ownerId=${big}`, token: admin.token },
      { method: 'GET', url: `/api/admin/originals/${big}/view/t`, token: admin.token },
      { method: 'GET', url: `/api/admin/logs?entityId=${big}`, token: admin.token },
      { method: 'GET', url: `/api/admin/coupons/${big}`, token: admin.token },
      { method: 'GET', url: `/api/admin/purchases?userId=${big}`, token: admin.token },
      {
        method: 'POST',
        url: '/api/admin/requests',
        token: admin.token,
        payload: { userId: 2147483648, action: 'block' },
      },
      {
        method: 'POST',
        url: '/api/admin/coupons',
        token: admin.token,
        payload: { name: 'Big', amount: 1, codes: 1, packageId: 9999999999 },
      },
      { method: 'GET', url: `/api/shop/purchases/${big}`, token: member.token },
      {
        method: 'POST',
        url: '/api/shop/payment',
        token: member.token,
        payload: { packageId: 2147483648, quantity: 1 },
      },
    ];
    for (const call of calls) {
      const res = await t.app.inject({
        method: call.method,
        url: call.url,
        headers: bearer(call.token),
        ...(call.payload ? { payload: call.payload } : {}),
      });
      expect(res.statusCode, `${call.method} ${call.url} ${JSON.stringify(call.payload ?? '')}`).toBe(400);
      expect(res.json().error.code).toBe('validation');
    }
  });

  it('refuses keyset cursors whose id or value cannot be in the columns with 400, never 500', async () => {
    const admin = await createAdmin(t.app);
    const cursor = (value: unknown, id: unknown, sort?: string) =>
      encodeURIComponent(
        Buffer.from(JSON.stringify(sort === undefined ? [value, id] : [value, id, sort])).toString(
          'base64url',
        ),
      );
    // `sort`: what a sorted list's cursor records of its order (its column and direction; see sortTag); the
    // fixed-order lists (feed, logs) have none.
    const lists: { url: string; token: string; numeric: boolean; sort?: string }[] = [
      {
        url: '/api/library/originals?sort=width&order=asc',
        token: member.token,
        numeric: true,
        sort: 'width asc',
      },
      {
        url: '/api/library/wiggles?sort=rating&order=asc',
        token: member.token,
        numeric: true,
        sort: 'rating asc',
      },
      {
        url: '/api/library/originals?sort=name&order=asc',
        token: member.token,
        numeric: false,
        sort: 'name asc',
      },
      {
        url: '/api/gallery/wiggles?sort=created&order=asc',
        token: member.token,
        numeric: false,
        sort: 'created_at asc',
      },
      { url: '/api/gallery/feed?limit=5', token: member.token, numeric: false },
      { url: '/api/admin/users?sort=id&order=desc', token: admin.token, numeric: true, sort: 'id desc' },
      {
        url: '/api/admin/users?sort=created&order=desc',
        token: admin.token,
        numeric: false,
        sort: 'created_at desc',
      },
      { url: '/api/admin/logs?limit=5', token: admin.token, numeric: false },
      {
        url: '/api/admin/purchases?sort=id&order=desc&limit=5',
        token: admin.token,
        numeric: true,
        sort: 'purchases.id desc',
      },
    ];
    for (const list of lists) {
      const fine = list.numeric ? 5 : 'm';
      const bad: [unknown, unknown][] = [
        [fine, 2147483648],
        [fine, 0],
        [fine, -3],
        ...(list.numeric
          ? ([
              ['abc', 1],
              [2147483648, 1],
              [1.5, 1],
              [1e300, 1],
            ] as [unknown, unknown][])
          : []),
      ];
      for (const [value, id] of bad) {
        const res = await t.app.inject({
          method: 'GET',
          url: `${list.url}&cursor=${cursor(value, id, list.sort)}`,
          headers: bearer(list.token),
        });
        expect(res.statusCode, `${list.url} [${String(value)}, ${String(id)}]`).toBe(400);
        expect(res.json().error.fields.cursor).toBe('Invalid cursor.');
      }
      const ok = await t.app.inject({
        method: 'GET',
        url: `${list.url}&cursor=${cursor(fine, 1, list.sort)}`,
        headers: bearer(list.token),
      });
      expect(ok.statusCode, list.url).toBe(200);
    }
  });

  it('refuses a JSON key given twice', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/library/folders',
      headers: { ...bearer(member.token), 'content-type': 'application/json' },
      payload: '{"name":"A","name":"B"}',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/"name" is given more than once/);
  });
});

describe('strictJsonProblem', () => {
  it('finds duplicate keys at any depth and id literals with a fraction or exponent, nothing else', () => {
    expect(strictJsonProblem('{"a":{"b":1,"b":2}}')).toMatch(/"b"/);
    expect(strictJsonProblem('{"a":1,"b":{"a":2}}')).toBeUndefined();
    expect(strictJsonProblem('[{"x":1},{"x":2}]')).toBeUndefined();
    expect(strictJsonProblem('{"folderId":2.0}')).toMatch(/folderId/);
    expect(strictJsonProblem('{"originalIds":[1,2e0]}')).toMatch(/originalIds/);
    expect(strictJsonProblem('{"olderThanDays":1.0,"rotation":2.5,"name":"id 1.0"}')).toBeUndefined();
    expect(strictJsonProblem('{"a\\"b":1,"a\\"b":2}')).toMatch(/given more than once/);
    expect(strictJsonProblem(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)).toBeUndefined();
  });
});
