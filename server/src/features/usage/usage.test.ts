import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerMember, type TestApp, testDialects } from '../../test/harness';
import { solidJpeg, upload } from '../../test/library/library-test-kit';
import { giveRoll } from '../../test/shop/shop-test-kit';
import { createCreditService } from '../shop/credit-service';

describe.each(testDialects())('usage statistics on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect, env: { WELCOME_GIFT_CREDITS: '0' } });
  });
  afterAll(async () => t?.close());

  const statistics = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/account/statistics', headers: bearer(token) })).json();

  it("counts the member's own originals and their bytes, and frames spent net of refunds", async () => {
    const member = await registerMember(t.app);
    const other = await registerMember(t.app);
    expect(await statistics(member.token)).toEqual({
      originalsCount: 0,
      originalsSize: 0,
      wigglesInLibrary: 0,
      wigglesInGallery: 0,
      framesSpent: 0,
    });
    const uploaded = await upload(t.app, member.token, [
      { filename: 'a.jpg', bytes: await solidJpeg(64, 48) },
      { filename: 'b.jpg', bytes: await solidJpeg(80, 60, 90) },
    ]);
    expect(uploaded.statusCode).toBe(200);
    await upload(t.app, other.token, [{ filename: 'c.jpg', bytes: await solidJpeg(64, 48) }]);
    const stored = await t.platform.db
      .selectFrom('originals')
      .select('size')
      .where('owner_id', '=', member.id)
      .execute();
    await giveRoll(t.app, member.id, { credits: 5, maxResolution: 1280 });
    const credits = createCreditService(t.platform.db, t.platform.config);
    const first = await credits.spendFrame(member.id, 800, { entityType: 'export', entityId: 1 });
    await credits.spendFrame(member.id, 800, { entityType: 'export', entityId: 2 });
    await credits.refundFrame(member.id, first);
    expect(await statistics(member.token)).toMatchObject({
      originalsCount: 2,
      originalsSize: stored.reduce((sum, o) => sum + o.size, 0),
      wigglesInLibrary: 0,
      framesSpent: 1,
    });
    expect((await statistics(other.token)).framesSpent).toBe(0);
  });
});
