import { Messages } from '@wiggle/common/messages';
import {
  type AdminCoupon,
  type AdminCouponCode,
  type AdminPackage,
  COUPON_MAX_CODES,
} from '@wiggle/common/schemas/admin-shop';
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

const newPackage = (overrides: object = {}) => ({
  name: 'Admin pack',
  description: 'Made by the admin test.',
  credits: 20,
  maxResolution: 1920,
  price: 10,
  discountPercent: 40,
  isPublic: true,
  isActive: true,
  ...overrides,
});

describe.each(testDialects())('admin shop on %s', (dialect) => {
  let t: TestApp;
  let admin: TestAdmin;
  beforeAll(async () => {
    t = await createTestApp({
      dialect,
      env: { RATE_LIMIT_COUPON_PER_MINUTE: '1000', WELCOME_GIFT_CREDITS: '0' },
    });
    admin = await createAdmin(t.app);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, token = admin.token) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const adminLogs = (name: string) =>
    t.platform.db
      .selectFrom('process_logs')
      .selectAll()
      .where('name', '=', `admin.${name}`)
      .orderBy('id', 'desc')
      .execute();
  const publicPackageIds = async () =>
    (await t.app.inject({ method: 'GET', url: '/api/shop/packages' }))
      .json<{ id: number }[]>()
      .map((p) => p.id);

  describe('packages', () => {
    it('refuses a discount over 40 % with a clear message, here and on edit', async () => {
      const res = await call('POST', '/api/admin/packages', newPackage({ discountPercent: 41 }));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.fields).toEqual({ discountPercent: Messages.discountCap(40) });
      expect(res.json().error.message).toContain('40');
      const created = (await call('POST', '/api/admin/packages', newPackage())).json<AdminPackage>();
      const edit = await call(
        'PUT',
        `/api/admin/packages/${created.id}`,
        newPackage({ discountPercent: 41 }),
      );
      expect(edit.statusCode).toBe(400);
      expect(edit.json().error.fields).toEqual({ discountPercent: Messages.discountCap(40) });
    });

    it('refuses a resolution that is not an export size and a price in fractions of cents', async () => {
      const bad = await call(
        'POST',
        '/api/admin/packages',
        newPackage({ maxResolution: 1000, price: 1.005 }),
      );
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().error.fields).sort()).toEqual(['maxResolution', 'price']);
    });

    it('creates a package last with the discounted price, edits it, and hides it when inactive or not public', async () => {
      const res = await call('POST', '/api/admin/packages', newPackage({ price: 9.99, discountPercent: 40 }));
      expect(res.statusCode).toBe(200);
      const created = res.json<AdminPackage>();
      expect(created).toMatchObject({
        fullPrice: 9.99,
        currentPrice: 5.99,
        discountPercent: 40,
        isActive: true,
        currency: 'USD',
      });
      const all = (await call('GET', '/api/admin/packages')).json<{ items: AdminPackage[] }>().items;
      expect(all.at(-1)?.id).toBe(created.id);
      expect(await publicPackageIds()).toContain(created.id);

      const edited = await call(
        'PUT',
        `/api/admin/packages/${created.id}`,
        newPackage({ name: 'Renamed', credits: 5, price: 20, discountPercent: 0, isActive: false }),
      );
      expect(edited.json()).toMatchObject({
        id: created.id,
        name: 'Renamed',
        credits: 5,
        currentPrice: 20,
        fullPrice: 20,
        discountPercent: 0,
        isActive: false,
      });
      expect(await publicPackageIds()).not.toContain(created.id);
      // Inactive and non-public packages stay in the admin's list.
      const again = (await call('GET', '/api/admin/packages')).json<{ items: AdminPackage[] }>().items;
      expect(again.find((p) => p.id === created.id)?.isActive).toBe(false);
      await call('PUT', `/api/admin/packages/${created.id}`, newPackage({ isActive: true, isPublic: false }));
      expect(await publicPackageIds()).not.toContain(created.id);
      expect((await adminLogs('edit-package'))[0]).toMatchObject({
        entity_type: 'package',
        entity_id: created.id,
        admin_id: admin.id,
      });
      expect((await call('PUT', '/api/admin/packages/999999', newPackage())).statusCode).toBe(404);
    });

    it('reorders every package and the shop follows; a partial or repeated list is refused', async () => {
      const before = (await call('GET', '/api/admin/packages')).json<{ items: AdminPackage[] }>().items;
      const reversed = before.map((p) => p.id).reverse();
      const res = await call('PUT', '/api/admin/packages/order', { ids: reversed });
      expect(res.statusCode).toBe(200);
      const after = res.json<{ items: AdminPackage[] }>().items;
      expect(after.map((p) => p.id)).toEqual(reversed);
      expect(after.map((p) => p.position)).toEqual(reversed.map((_, i) => i + 1));
      const shown = await publicPackageIds();
      expect(shown).toEqual(reversed.filter((id) => shown.includes(id)));
      expect((await adminLogs('reorder-packages')).length).toBe(1);

      const partial = await call('PUT', '/api/admin/packages/order', { ids: reversed.slice(1) });
      expect(partial.statusCode).toBe(400);
      expect(partial.json().error.message).toBe(Messages.packageOrder);
      const repeated = await call('PUT', '/api/admin/packages/order', { ids: [reversed[0], ...reversed] });
      expect(repeated.statusCode).toBe(400);
      const unchanged = (await call('GET', '/api/admin/packages')).json<{ items: AdminPackage[] }>().items;
      expect(unchanged.map((p) => p.id)).toEqual(reversed);
    });
  });

  describe('coupons', () => {
    let packageId: number;
    beforeAll(async () => {
      packageId = (await publicPackageIds())[0] as number;
    });
    const redeem = (token: string, code: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/shop/coupon/redeem',
        headers: bearer(token),
        payload: { code },
      });

    it('creates a coupon answering exactly { id, codes } with as many distinct codes as asked', async () => {
      const res = await call('POST', '/api/admin/coupons', {
        name: 'Spring',
        amount: 10,
        codes: 3,
        packageId,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(Object.keys(body).sort()).toEqual(['codes', 'id']);
      expect(body.codes).toHaveLength(3);
      expect(new Set(body.codes).size).toBe(3);
      for (const code of body.codes) expect(code).toMatch(/^[A-Z2-9]{16}$/);
      expect((await adminLogs('create-coupon'))[0]).toMatchObject({ entity_id: body.id, admin_id: admin.id });
    });

    it('creates the largest number of codes in one call, all distinct and stored', async () => {
      const res = await call('POST', '/api/admin/coupons', {
        name: 'Flyers',
        amount: 100,
        codes: COUPON_MAX_CODES,
        packageId,
      });
      expect(res.statusCode).toBe(200);
      const { id, codes } = res.json<{ id: number; codes: string[] }>();
      expect(new Set(codes).size).toBe(COUPON_MAX_CODES);
      const stored = await t.platform.db
        .selectFrom('coupon_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('coupon_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(Number(stored.n)).toBe(COUPON_MAX_CODES);
      const over = await call('POST', '/api/admin/coupons', {
        name: 'Too many',
        amount: 1,
        codes: COUPON_MAX_CODES + 1,
        packageId,
      });
      expect(over.statusCode).toBe(400);
    });

    it('refuses a bad body with field messages and an unknown package', async () => {
      const bad = await call('POST', '/api/admin/coupons', {
        name: '',
        amount: 0,
        codes: 1.5,
        packageId: '1',
      });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().error.fields).sort()).toEqual(['amount', 'codes', 'name', 'packageId']);
      const unknown = await call('POST', '/api/admin/coupons', {
        name: 'X',
        amount: 1,
        codes: 1,
        packageId: 999999,
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().error.message).toBe(Messages.packageUnavailable);
    });

    it('lets members redeem the codes, shows who redeemed which and when, and counts what is used', async () => {
      const { id, codes } = (
        await call('POST', '/api/admin/coupons', { name: 'Redeemable', amount: 5, codes: 2, packageId })
      ).json<{ id: number; codes: string[] }>();
      const alice = await registerMember(t.app, { name: 'Alice' });
      const bob = await registerMember(t.app, { name: 'Bob' });
      const first = await redeem(alice.token, codes[0] as string);
      expect(first.statusCode).toBe(200);
      expect(first.json().purchase).toMatchObject({
        type: 'Coupon',
        status: 'Success',
        creditStatus: 'Available',
      });
      expect((await redeem(bob.token, (codes[0] as string).toLowerCase())).statusCode).toBe(200);

      const coupon = (await call('GET', `/api/admin/coupons/${id}`)).json<AdminCoupon>();
      expect(coupon).toMatchObject({
        status: 'Active',
        amount: 5,
        amountLeft: 3,
        amountUsed: 2,
        codesTotal: 2,
        codesUsed: 1,
        package: { id: packageId },
      });
      const listed = (await call('GET', '/api/admin/coupons?status=Active')).json<{ items: AdminCoupon[] }>();
      expect(listed.items.map((c) => c.id)).toContain(id);

      const page = (await call('GET', `/api/admin/coupons/${id}/codes?limit=1`)).json<{
        items: AdminCouponCode[];
        nextCursor: string;
      }>();
      expect(page.items).toHaveLength(1);
      expect(page.items[0]).toMatchObject({ code: codes[0], timesRedeemed: 2 });
      expect(page.items[0]?.redemptions.map((r) => r.user.email)).toEqual([bob.username, alice.username]);
      const next = (
        await call('GET', `/api/admin/coupons/${id}/codes?limit=1&cursor=${page.nextCursor}`)
      ).json<{ items: AdminCouponCode[]; nextCursor: string | null }>();
      expect(next.items).toMatchObject([{ code: codes[1], timesRedeemed: 0, redemptions: [] }]);
      expect(next.nextCursor).toBeNull();
    });

    it('exports the codes as CSV, escaped and safe to open in a spreadsheet', async () => {
      const name = '=HYPERLINK("http://evil.example","click"), now';
      const { id, codes } = (
        await call('POST', '/api/admin/coupons', { name, amount: 3, codes: 2, packageId })
      ).json<{ id: number; codes: string[] }>();
      const member = await registerMember(t.app);
      await redeem(member.token, codes[1] as string);
      const res = await call('GET', `/api/admin/coupons/${id}/codes.csv`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="coupon-${id}-codes.csv"`);
      const lines = res.body.split('\r\n');
      expect(lines[0]).toBe('code,coupon,package,status,redeemed_by,redeemed_at');
      const quotedName = `"'=HYPERLINK(""http://evil.example"",""click""), now"`;
      expect(lines[1]).toMatch(new RegExp(`^${codes[0]},${escapeRegExp(quotedName)},[^,]+,Active,,$`));
      expect(lines[2]).toMatch(
        new RegExp(
          `^${codes[1]},${escapeRegExp(quotedName)},[^,]+,Active,${escapeRegExp(member.username)},\\d{4}-`,
        ),
      );
      expect(lines.slice(3)).toEqual(['']);
      expect((await adminLogs('export-coupon-codes'))[0]?.entity_id).toBe(id);
      expect((await call('GET', '/api/admin/coupons/999999/codes.csv')).statusCode).toBe(404);
    });

    it('sorts coupons by name and by redemptions left; an unknown sort is a 400', async () => {
      for (const [name, amount] of [
        ['Kiwi', 7],
        ['Apple', 9],
        ['Mango', 8],
      ] as const) {
        await call('POST', '/api/admin/coupons', { name, amount, codes: 1, packageId });
      }
      const byName = (await call('GET', '/api/admin/coupons?sort=name&order=asc&limit=200')).json().items as {
        name: string;
      }[];
      // Plain capitalised words compare the same under any collation the database may use.
      const fruit = ['Apple', 'Kiwi', 'Mango'];
      expect(byName.map((c) => c.name).filter((name) => fruit.includes(name))).toEqual(fruit);
      const byLeft = (await call('GET', '/api/admin/coupons?sort=amountLeft&order=desc&limit=200')).json()
        .items as { amountLeft: number }[];
      const left = byLeft.map((c) => c.amountLeft);
      expect(left).toEqual([...left].sort((a, b) => b - a));
      expect(left).toEqual(expect.arrayContaining([9, 8, 7]));
      expect((await call('GET', '/api/admin/coupons?sort=package')).statusCode).toBe(400);
    });

    it('disables a coupon: its codes stop redeeming with a clear message', async () => {
      const { id, codes } = (
        await call('POST', '/api/admin/coupons', { name: 'Stop', amount: 5, codes: 1, packageId })
      ).json<{ id: number; codes: string[] }>();
      const res = await call('POST', `/api/admin/coupons/${id}/disable`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id, status: 'Disabled', amountLeft: 5 });
      const member = await registerMember(t.app);
      const refused = await redeem(member.token, codes[0] as string);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error).toMatchObject({
        code: 'coupon_disabled',
        message: Messages.couponDisabled,
      });
      expect((await adminLogs('disable-coupon'))[0]?.entity_id).toBe(id);
      expect((await call('POST', '/api/admin/coupons/999999/disable')).statusCode).toBe(404);
    });
  });

  describe('purchases', () => {
    it("lists purchases newest first, filtered by type, status, credit status and member, with a purchase's detail", async () => {
      const packageId = (await publicPackageIds())[0] as number;
      const { codes } = (
        await call('POST', '/api/admin/coupons', { name: 'History', amount: 5, codes: 1, packageId })
      ).json<{ codes: string[] }>();
      const member = await registerMember(t.app, { name: 'Buyer' });
      const other = await registerMember(t.app);
      for (const m of [member, other]) {
        await t.app.inject({
          method: 'POST',
          url: '/api/shop/coupon/redeem',
          headers: bearer(m.token),
          payload: { code: codes[0] },
        });
      }
      const history = (await call('GET', `/api/admin/purchases?userId=${member.id}`)).json();
      expect(history.items).toHaveLength(1);
      expect(history.items[0]).toMatchObject({
        user: { id: member.id, email: member.username, name: 'Buyer' },
        type: 'Coupon',
        status: 'Success',
        creditStatus: 'Available',
      });
      const coupons = (
        await call('GET', '/api/admin/purchases?type=Coupon&status=Success&creditStatus=Available')
      ).json();
      const ids = coupons.items.map((p: { id: number }) => p.id);
      expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
      expect(ids.slice(0, 2)).toEqual([history.items[0].id + 1, history.items[0].id]);
      expect((await call('GET', '/api/admin/purchases?type=WelcomeGift')).json().items).toEqual([]);

      const detail = (await call('GET', `/api/admin/purchases/${history.items[0].id}`)).json();
      expect(detail).toMatchObject({ id: history.items[0].id, coupon: { name: 'History' }, failure: null });
      expect(detail.ledger).toHaveLength(1);
      expect(detail.ledger[0].delta).toBe(detail.credits);
      expect((await call('GET', '/api/admin/purchases/999999')).statusCode).toBe(404);

      const paged = (await call('GET', '/api/admin/purchases?limit=1')).json();
      expect(paged.items).toHaveLength(1);
      const second = (await call('GET', `/api/admin/purchases?limit=1&cursor=${paged.nextCursor}`)).json();
      expect(second.items[0].id).toBeLessThan(paged.items[0].id);
    });

    it('answers 400 for a bad filter, a malformed member id or cursor', async () => {
      for (const query of [
        'type=Gift',
        'status=done',
        'creditStatus=x',
        'userId=1e3',
        'userId=01',
        'cursor=%%%',
      ]) {
        expect((await call('GET', `/api/admin/purchases?${query}`)).statusCode, query).toBe(400);
      }
    });
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
