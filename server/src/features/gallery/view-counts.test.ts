import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { galleryFrames, testGalleryDeps } from '../../test/gallery-fixtures';
import {
  bearer,
  createAdmin,
  createTestApp,
  registerMember,
  type TestAdmin,
  type TestApp,
  type TestMember,
  testDialects,
} from '../../test/harness';
import { createAlbum } from './album-service';
import type { GalleryDeps } from './deps';
import { createShareLink } from './share-link-service';
import { recordViews } from './view-store';
import { createGalleryWiggle } from './wiggle-service';

/**
 * View counts (issue 11 §8): once per visitor, wiggle and day, on wiggle pages, album grids, share pages and both
 * iframe kinds; an album grid counts each wiggle it shows. No address is stored; owners and admins do not count.
 */
describe.each(testDialects())('gallery view counts on %s', (dialect) => {
  let t: TestApp;
  let deps: GalleryDeps;
  let owner: TestMember;
  let admin: TestAdmin;
  let visitorNumber = 0;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    deps = testGalleryDeps(t.app);
    owner = await registerMember(t.app);
    admin = await createAdmin(t.app);
  });
  afterAll(async () => t?.close());

  /** A fresh public album with `count` wiggles. */
  async function publicAlbum(count: number, isPublic = true) {
    const album = await createAlbum(t.platform.db, owner.id, {
      name: `Album ${count}`,
      parentId: null,
      public: isPublic,
      preventPublicListing: false,
    });
    const wiggles = [];
    for (let i = 0; i < count; i++) {
      wiggles.push(
        await createGalleryWiggle(deps, owner.id, album.id, await galleryFrames(false), {
          name: `W${i}`,
          width: 64,
          height: 48,
        }),
      );
    }
    return { album, ids: wiggles.map((w) => w.id) };
  }
  const counts = async (ids: number[]) => {
    const rows = await t.platform.db
      .selectFrom('gallery_wiggles')
      .select(['id', 'view_count'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    return rows.map((r) => Number(r.view_count));
  };
  const newVisitor = () => `198.51.100.${++visitorNumber}`;
  const visit = async (url: string, ip: string, token?: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url,
      remoteAddress: ip,
      headers: { 'user-agent': 'view-test', ...(token ? bearer(token) : {}) },
    });
    expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
  };

  it('an album page counts each wiggle it shows once per visitor and day; the wiggle page then adds nothing', async () => {
    const { album, ids } = await publicAlbum(3);
    const first = newVisitor();
    await visit(`/album/${album.id}`, first);
    await visit(`/album/${album.id}`, first);
    expect(await counts(ids)).toEqual([1, 1, 1]);
    await visit(`/album/${album.id}/${ids[0]}`, first);
    expect(await counts(ids)).toEqual([1, 1, 1]);
    await visit(`/album/${album.id}/${ids[0]}`, newVisitor());
    expect(await counts(ids)).toEqual([2, 1, 1]);
    await visit(`/album/${album.id}`, newVisitor());
    expect(await counts(ids)).toEqual([3, 2, 2]);
    const stored = await t.platform.db
      .selectFrom('gallery_views')
      .select('visitor')
      .where('wiggle_id', 'in', ids)
      .execute();
    expect(stored).toHaveLength(7);
    for (const row of stored) expect(row.visitor).not.toMatch(/198\.51\.100/);
  });

  it('both iframe kinds count: w- its wiggle, g- every wiggle of its grid', async () => {
    const { album, ids } = await publicAlbum(2);
    const visitor = newVisitor();
    await visit(`/iframe/w-${ids[1]}.html`, visitor);
    expect(await counts(ids)).toEqual([0, 1]);
    await visit(`/iframe/g-${album.id}.html`, visitor);
    await visit(`/iframe/g-${album.id}.html`, visitor);
    expect(await counts(ids)).toEqual([1, 1]);
    await visit(`/iframe/g-${album.id}.html`, newVisitor());
    expect(await counts(ids)).toEqual([2, 2]);
  });

  it("a shared album's page counts its wiggles for the link holder", async () => {
    const { album, ids } = await publicAlbum(2, false);
    const validUntil = new Date(Date.now() + 86_400_000).toISOString();
    const link = await createShareLink(deps, owner.id, { albumId: album.id, name: 'l', validUntil });
    const visitor = newVisitor();
    await visit(`/s/${link.token}`, visitor);
    await visit(`/s/${link.token}/${ids[0]}`, visitor);
    expect(await counts(ids)).toEqual([1, 1]);
  });

  it('neither the owner nor an admin counts, on any page', async () => {
    const { album, ids } = await publicAlbum(2);
    for (const token of [owner.token, admin.token]) {
      const ip = newVisitor();
      await visit(`/album/${album.id}`, ip, token);
      await visit(`/album/${album.id}/${ids[0]}`, ip, token);
      await visit(`/iframe/w-${ids[1]}.html`, ip, token);
      await visit(`/iframe/g-${album.id}.html`, ip, token);
    }
    expect(await counts(ids)).toEqual([0, 0]);
  });

  it('the database keeps one view per visitor, wiggle and day even past the process memory', async () => {
    const { ids } = await publicAlbum(2);
    expect((await recordViews(t.platform.db, ids, '2026-01-01', 'hash-a')).sort()).toEqual([...ids].sort());
    expect(await recordViews(t.platform.db, ids, '2026-01-01', 'hash-a')).toEqual([]);
    expect(await recordViews(t.platform.db, [ids[0]!], '2026-01-01', 'hash-b')).toEqual([ids[0]]);
    expect(await counts(ids)).toEqual([2, 1]);
  });
});
