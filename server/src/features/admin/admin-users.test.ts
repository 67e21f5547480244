import { UserStatus } from '@wiggle/common/enums';
import { AuthErrorCodes } from '@wiggle/common/schemas/auth';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAdmin,
  createTestApp,
  registerMember,
  type TestAdmin,
  type TestApp,
  testDialects,
} from '../../test/harness';
import { createAdminUserStore } from './user-store';

describe.each(testDialects())('admin user management on %s', (dialect) => {
  let t: TestApp;
  let admin: TestAdmin;
  beforeAll(async () => {
    t = await createTestApp({ dialect, env: { RATE_LIMIT_LOGIN_PER_MINUTE: '1000' } });
    admin = await createAdmin(t.app);
  });
  afterAll(async () => t?.close());

  const get = (url: string, token = admin.token) =>
    t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const post = (url: string, token = admin.token, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const login = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { username, password } });

  it('lists members newest first with their totals, searches e-mail and name, and pages by keyset', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const a = await registerMember(t.app, { name: `Alpha ${tag}` });
    const b = await registerMember(t.app, { name: `Beta ${tag}` });
    const c = await registerMember(t.app, { name: `Gamma ${tag}` });
    await t.platform.db
      .insertInto('originals')
      .values(
        [100, 250].map((size, i) => ({
          owner_id: b.id,
          folder_id: null,
          name: `o${i}`,
          width: 10,
          height: 10,
          pixels: 100,
          size,
          format: 'jpeg',
          source_type: 1,
          blob_o: `o${i}`,
          blob_p: `p${i}`,
          blob_t: `t${i}`,
          deleted_at: null,
          uploaded_at: new Date().toISOString(),
        })),
      )
      .execute();

    const first = await get(`/api/admin/users?search=${tag.toUpperCase()}&limit=2`);
    expect(first.statusCode).toBe(200);
    const page1 = first.json();
    expect(page1.items.map((u: { id: number }) => u.id)).toEqual([c.id, b.id]);
    expect(page1.items[1]).toMatchObject({
      email: b.username,
      name: `Beta ${tag}`,
      status: UserStatus.Active,
      isAdmin: false,
      isVerifiedEmail: true,
      originalsCount: 2,
      originalsSize: 350,
      libraryWiggles: 0,
      galleryWiggles: 0,
      subscriptions: { features: true, hints: true },
    });
    const page2 = (await get(`/api/admin/users?search=${tag}&limit=2&cursor=${page1.nextCursor}`)).json();
    expect(page2).toEqual({ items: [expect.objectContaining({ id: a.id })], nextCursor: null });

    const byEmail = (await get(`/api/admin/users?search=${encodeURIComponent(a.username)}`)).json();
    expect(byEmail.items.map((u: { id: number }) => u.id)).toEqual([a.id]);
    // Wildcards are literal: "%" matches no member here.
    expect((await get(`/api/admin/users?search=${tag}%25`)).json().items).toEqual([]);
  });

  it('takes "%", "_" and "\\" in a search literally', async () => {
    const tag = `zw${Date.now().toString(36)}`;
    const odd = await registerMember(t.app, { name: `Odd 50%_\\${tag}` });
    const plain = await registerMember(t.app, { name: `Plain 50ab${tag}` });
    const ids = async (search: string) =>
      (await get(`/api/admin/users?search=${encodeURIComponent(search)}`))
        .json()
        .items.map((u: { id: number }) => u.id);
    expect(await ids(`50%_\\${tag}`)).toEqual([odd.id]);
    // As wildcards, "_" would match any one letter and "%" any text: both would find the plain member too.
    expect(await ids(`0_b${tag}`)).toEqual([]);
    expect(await ids(`50%${tag}`)).toEqual([]);
    expect(await ids(`ab${tag}`)).toEqual([plain.id]);
  });

  it('sorts a search page by any column in both orders and pages it by keyset', async () => {
    const tag = `zs${Date.now().toString(36)}`;
    const [b, c, a] = [
      await registerMember(t.app, { name: `Bravo ${tag}` }),
      await registerMember(t.app, { name: `Charlie ${tag}` }),
      await registerMember(t.app, { name: `Alpha ${tag}` }),
    ];
    const page = async (query: string) =>
      (await get(`/api/admin/users?search=${tag}&limit=2&${query}`)).json() as {
        items: { id: number }[];
        nextCursor: string | null;
      };
    const ids = (p: { items: { id: number }[] }) => p.items.map((u) => u.id);
    const asc = await page('sort=name&order=asc');
    expect(ids(asc)).toEqual([a.id, b.id]);
    expect(ids(await page(`sort=name&order=asc&cursor=${asc.nextCursor}`))).toEqual([c.id]);
    const desc = await page('sort=name&order=desc');
    expect(ids(desc)).toEqual([c.id, b.id]);
    expect(ids(await page(`sort=name&order=desc&cursor=${desc.nextCursor}`))).toEqual([a.id]);
    expect(ids(await page('sort=id&order=asc'))).toEqual([b.id, c.id]);
    expect(ids(await page('sort=created&order=desc'))).toEqual([a.id, c.id]);
  });

  it.runIf(dialect === 'postgres')('answers a search from the trigram indexes on PostgreSQL', async () => {
    // On a test-sized table the planner rightly prefers a scan; with scans priced out, only an index whose
    // expression is the query's can serve the search, which is what this checks.
    const plan = await t.platform.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_indexscan = off`.execute(trx);
      const query = createAdminUserStore(trx).matchesQuery({
        search: 'Member',
        sort: { column: { column: 'name', kind: 'text' }, idColumn: 'id', order: 'asc' },
        after: null,
        limit: 50,
      });
      return JSON.stringify(await query.select('id').limit(1001).explain('json'));
    });
    expect(plan).toContain('users_email_trigrams');
    expect(plan).toContain('users_name_trigrams');
  });

  it('refuses malformed queries and ids with 400', async () => {
    expect((await get('/api/admin/users?cursor=nonsense')).statusCode).toBe(400);
    expect((await get('/api/admin/users?search=a%00b')).statusCode).toBe(400);
    for (const limit of ['1e1', '%205', '0x10', '5.0', '+5', '']) {
      const res = await get(`/api/admin/users?limit=${limit}`);
      expect(res.statusCode, `limit=${limit}`).toBe(400);
      expect(res.json().error.code).toBe('validation');
    }
    for (const url of [
      '/api/admin/wiggles?limit=1e1',
      '/api/admin/purchases?limit=0x10',
      '/api/admin/logs?limit=%205',
    ]) {
      expect((await get(url)).statusCode, url).toBe(400);
    }
    expect((await get('/api/admin/users?limit=5')).statusCode).toBe(200);
    for (const id of ['0', '1e3', '01', '-1', 'abc', '99999999999999999999']) {
      expect((await post(`/api/admin/users/${id}/block`)).statusCode, id).toBe(400);
    }
    expect((await post('/api/admin/users/999999/block')).statusCode).toBe(404);
  });

  it('blocks: every session ends at once, login is refused clearly; unblock lets the member in again', async () => {
    const member = await registerMember(t.app);
    expect((await get('/api/auth/refresh', member.token)).statusCode).toBe(200);
    const blocked = await post(`/api/admin/users/${member.id}/block`);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toMatchObject({ id: member.id, status: UserStatus.Blocked });
    // The session used elsewhere fails at once, and says why (the web app shows it on the login page).
    const ended = await get('/api/auth/refresh', member.token);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().error).toMatchObject({
      code: AuthErrorCodes.blocked,
      message: 'This account has been blocked.',
    });
    expect((await get('/api/library/folders', member.token)).json().error.code).toBe(AuthErrorCodes.blocked);
    const refused = await login(member.username, member.password);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().error).toMatchObject({
      code: AuthErrorCodes.blocked,
      message: 'This account has been blocked.',
    });

    const unblocked = await post(`/api/admin/users/${member.id}/unblock`);
    expect(unblocked.json()).toMatchObject({ status: UserStatus.Active });
    // The sessions from before the block stay ended: unblocking removed them.
    expect((await get('/api/auth/refresh', member.token)).json().error.code).toBe('unauthorized');
    const sessions = await t.platform.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', member.id)
      .execute();
    expect(sessions).toEqual([]);
    expect((await login(member.username, member.password)).statusCode).toBe(200);
  });

  it('deletes and undeletes; a deleted member must be undeleted before a block', async () => {
    const member = await registerMember(t.app);
    expect((await post(`/api/admin/users/${member.id}/delete`)).json()).toMatchObject({
      status: UserStatus.Deleted,
    });
    expect((await get('/api/auth/refresh', member.token)).json().error.code).toBe(AuthErrorCodes.deleted);
    expect((await login(member.username, member.password)).json().error.code).toBe(AuthErrorCodes.deleted);
    expect((await post(`/api/admin/users/${member.id}/block`)).statusCode).toBe(409);
    expect((await post(`/api/admin/users/${member.id}/unblock`)).statusCode).toBe(409);
    expect((await post(`/api/admin/users/${member.id}/undelete`)).json()).toMatchObject({
      status: UserStatus.Active,
    });
    expect((await login(member.username, member.password)).statusCode).toBe(200);
  });

  it('never acts on the admin themselves or another admin', async () => {
    const other = await createAdmin(t.app);
    for (const action of ['block', 'delete', 'impersonate']) {
      const self = await post(`/api/admin/users/${admin.id}/${action}`);
      expect(self.statusCode, action).toBe(403);
      expect(self.json().error.code).toBe('admin_self');
      const peer = await post(`/api/admin/users/${other.id}/${action}`);
      expect(peer.statusCode, action).toBe(403);
      expect(peer.json().error.code).toBe('admin_target');
    }
    const row = await t.platform.db
      .selectFrom('users')
      .select('status')
      .where('id', '=', other.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(UserStatus.Active);
    expect((await get('/api/auth/refresh', other.token)).statusCode).toBe(200);
  });

  it('impersonates: a short marked session acting as the member, which cannot change the password', async () => {
    const member = await registerMember(t.app, { name: 'Impersonated' });
    const res = await post(`/api/admin/users/${member.id}/impersonate`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      username: member.username,
      isAdmin: false,
      details: { name: 'Impersonated' },
      impersonation: { userId: member.id, adminId: admin.id },
    });
    const minutes = (Date.parse(body.impersonation.expires) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(25);
    expect(minutes).toBeLessThanOrEqual(30);
    const session = await t.platform.db
      .selectFrom('sessions')
      .select(['impersonated_by', 'strict'])
      .where('user_id', '=', member.id)
      .where('impersonated_by', 'is not', null)
      .executeTakeFirstOrThrow();
    expect(session).toEqual({ impersonated_by: admin.id, strict: 1 });

    expect((await get('/api/account/profile', body.token)).json()).toMatchObject({ name: 'Impersonated' });
    const change = await post('/api/account/password', body.token, {
      currentPassword: member.password,
      password: 'Other-pass1!',
      confirmPassword: 'Other-pass1!',
    });
    expect(change.statusCode).toBe(403);
    expect(change.json().error.code).toBe('impersonation');
    // Nor pay or redeem in the member's name; the package and code need not exist, the guard answers first.
    for (const [path, payload] of [
      ['/api/shop/payment', { packageId: 1, quantity: 1 }],
      ['/api/shop/coupon/redeem', { code: 'ABCDEFGHIJKL' }],
    ] as const) {
      const refused = await post(path, body.token, payload);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('impersonation');
    }
    expect(await t.platform.db.selectFrom('purchases').select('id').execute()).toEqual([]);
    expect((await login(member.username, member.password)).statusCode).toBe(200);
    // The member's token reaches no admin call.
    expect((await get('/api/admin/users', body.token)).statusCode).toBe(403);

    const logs = (
      await get(`/api/admin/logs?name=admin.impersonate-user&entityType=user&entityId=${member.id}`)
    ).json();
    expect(logs.items).toEqual([
      expect.objectContaining({ adminId: admin.id, entityGroup: 'account', result: 'ok' }),
    ]);
    expect(logs.items[0].description).toContain(member.username);
  });

  it('logs every admin action with who did what to which entity, filterable and paged', async () => {
    const member = await registerMember(t.app);
    await post(`/api/admin/users/${member.id}/block`);
    await post(`/api/admin/users/${member.id}/unblock`);
    await post(`/api/admin/users/${member.id}/delete`);
    const all = (await get(`/api/admin/logs?name=admin.&entityId=${member.id}&limit=2`)).json();
    expect(all.items.map((l: { name: string }) => l.name)).toEqual([
      'admin.delete-user',
      'admin.unblock-user',
    ]);
    expect(all.items[0].description).toBe(`${admin.username} deleted ${member.username}`);
    const rest = (
      await get(`/api/admin/logs?name=admin.&entityId=${member.id}&limit=2&cursor=${all.nextCursor}`)
    ).json();
    expect(rest).toEqual({
      items: [expect.objectContaining({ name: 'admin.block-user' })],
      nextCursor: null,
    });
    expect((await get(`/api/admin/logs?result=error&entityId=${member.id}`)).json().items).toEqual([]);
    expect((await get('/api/admin/logs?result=nonsense')).statusCode).toBe(400);
  });
});
