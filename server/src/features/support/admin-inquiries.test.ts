import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createAdmin,
  createTestApp,
  registerMember,
  type TestApp,
  testDialects,
} from '../../test/harness';

describe.each(testDialects())('support inquiries for admins on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => t?.close());

  it('lists inquiries newest first with the member, marks them read once and keeps the first reader', async () => {
    const admin = await createAdmin(t.app);
    const second = await createAdmin(t.app);
    const member = await registerMember(t.app, { verified: false, name: 'Asking' });
    const ids: number[] = [];
    for (const message of ['first question', 'second question']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/support/inquiry',
        headers: bearer(member.token),
        payload: { message },
      });
      ids.push(res.json().id);
    }
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/support?limit=1',
      headers: bearer(admin.token),
    });
    expect(list.statusCode).toBe(200);
    const page = list.json();
    expect(page.items).toEqual([
      {
        id: ids[1],
        user: { id: member.id, email: member.username, name: 'Asking' },
        message: 'second question',
        sent: expect.any(String),
        read: null,
        readBy: null,
      },
    ]);
    const next = await t.app.inject({
      method: 'GET',
      url: `/api/admin/support?limit=1&cursor=${page.nextCursor}`,
      headers: bearer(admin.token),
    });
    expect(next.json().items.map((i: { id: number }) => i.id)).toEqual([ids[0]]);

    const read = await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/${ids[0]}/read`,
      headers: bearer(admin.token),
    });
    expect(read.json()).toMatchObject({ id: ids[0], readBy: { id: admin.id, email: admin.username } });
    expect(Date.parse(read.json().read)).toBeGreaterThan(Date.now() - 60_000);
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/admin/support/${ids[0]}/read`,
      headers: bearer(second.token),
    });
    expect(again.json()).toEqual(read.json());

    const unread = await t.app.inject({
      method: 'GET',
      url: '/api/admin/support?unread=true',
      headers: bearer(admin.token),
    });
    expect(unread.json().items.map((i: { id: number }) => i.id)).toEqual([ids[1]]);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/admin/support/999999/read',
      headers: bearer(admin.token),
    });
    expect(missing.statusCode).toBe(404);
  });
});
