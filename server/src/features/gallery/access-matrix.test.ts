import type { FeedPage } from '@wiggle/common/schemas/gallery';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { galleryFrames, testGalleryDeps } from '../../test/gallery-fixtures';
import {
  bearer,
  createAdmin,
  createTestApp,
  registerMember,
  type TestApp,
  testDialects,
} from '../../test/harness';
import { h264Mp4, multipartFile } from '../../test/video-fixtures';
import { createAlbum, updateAlbum } from './album-service';
import { createShareLink, updateMemberShareLink } from './share-link-service';
import { createGalleryWiggle } from './wiggle-service';

/**
 * Who sees what: every public, media and share route × every kind of visitor × every album and wiggle state,
 * each cell asserted (DESIGN §6). Album pages and oEmbed ignore share tokens; media and iframes take `?share=`.
 */
type Viewer =
  | 'visitor'
  | 'owner'
  | 'other'
  | 'admin'
  | 'linkValid'
  | 'linkExpired'
  | 'linkInactive'
  | 'albumLink';
const VIEWERS: Viewer[] = [
  'visitor',
  'owner',
  'other',
  'admin',
  'linkValid',
  'linkExpired',
  'linkInactive',
  'albumLink',
];

type Case = 'private' | 'public' | 'childOfPublic' | 'unlisted' | 'blocked';
const CASES: Case[] = ['private', 'public', 'childOfPublic', 'unlisted', 'blocked'];

/** Who may see the wiggle of each case (media, iframe w-, wiggle page through the share route). */
function wiggleVisible(c: Case, v: Viewer, withShare: boolean): boolean {
  // An admin opens everything that is not expired, blocked and private included (moderation).
  if (v === 'owner' || v === 'admin') return true;
  if (c === 'blocked') return false;
  if (c === 'private') return withShare && (v === 'linkValid' || v === 'albumLink');
  return true;
}
function albumVisible(c: Case, v: Viewer, withShare: boolean): boolean {
  if (v === 'owner' || v === 'admin') return true;
  if (c === 'private') return withShare && v === 'albumLink';
  return true; // public, child of public, unlisted; the blocked case lives in the public album
}

describe.each(testDialects())('gallery access matrix on %s', (dialect) => {
  let t: TestApp;
  const tokens = {} as Record<Viewer, string | undefined>;
  const shares = {} as Record<Viewer, string | undefined>;
  const wiggles = {} as Record<Case, { id: number; albumId: number }>;
  const albums = {} as Record<Case, number>;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    const deps = testGalleryDeps(t.app);
    const owner = await registerMember(t.app, { name: 'Owner' });
    const other = await registerMember(t.app, { name: 'Other' });
    const admin = await createAdmin(t.app);
    Object.assign(tokens, { owner: owner.token, other: other.token, admin: admin.token });

    const privateAlbum = await createAlbum(t.platform.db, owner.id, {
      name: 'Private',
      parentId: null,
      public: false,
      preventPublicListing: false,
    });
    const publicAlbum = await createAlbum(t.platform.db, owner.id, {
      name: 'Public',
      parentId: null,
      public: true,
      preventPublicListing: false,
    });
    const child = await createAlbum(t.platform.db, owner.id, {
      name: 'Child',
      parentId: publicAlbum.id,
      public: false,
      preventPublicListing: false,
    });
    const unlisted = await createAlbum(t.platform.db, owner.id, {
      name: 'Unlisted',
      parentId: null,
      public: false,
      preventPublicListing: false,
    });
    await updateAlbum(t.platform.db, owner.id, unlisted.id, { public: true, preventPublicListing: true });
    expect(child.hasPublicParent).toBe(true);
    Object.assign(albums, {
      private: privateAlbum.id,
      public: publicAlbum.id,
      childOfPublic: child.id,
      unlisted: unlisted.id,
      blocked: publicAlbum.id,
    });

    for (const c of CASES) {
      const w = await createGalleryWiggle(deps, owner.id, albums[c], await galleryFrames(), {
        name: `Wiggle ${c}`,
        width: 64,
        height: 48,
        showInFeed: true,
      });
      wiggles[c] = { id: w.id, albumId: albums[c] };
      const video = multipartFile('file', await h264Mp4());
      const uploaded = await t.app.inject({
        method: 'POST',
        url: `/api/gallery/wiggles/${w.id}/video`,
        headers: { ...video.headers, ...bearer(owner.token) },
        payload: video.payload,
      });
      expect(uploaded.statusCode).toBe(200);
    }
    await t.platform.db
      .updateTable('gallery_wiggles')
      .set({ blocked: 1 })
      .where('id', '=', wiggles.blocked.id)
      .execute();

    const future = new Date(Date.now() + 86_400_000).toISOString();
    const link = (body: { wiggleId?: number; albumId?: number; validUntil?: string }) =>
      createShareLink(deps, owner.id, { name: 'link', validUntil: body.validUntil ?? future, ...body });
    // One wiggle link per case would hide nothing new: the link to the private wiggle is the interesting one.
    shares.linkValid = (await link({ wiggleId: wiggles.private.id })).token;
    const expired = await link({ wiggleId: wiggles.private.id });
    await t.platform.db
      .updateTable('share_links')
      .set({ valid_until: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', expired.id)
      .execute();
    shares.linkExpired = expired.token;
    const inactive = await link({ wiggleId: wiggles.private.id });
    await updateMemberShareLink(deps, owner.id, inactive.id, { isActive: false });
    shares.linkInactive = inactive.token;
    shares.albumLink = (await link({ albumId: albums.private })).token;
  });
  afterAll(async () => t?.close());

  const get = (url: string, v: Viewer) => {
    const share = shares[v];
    const withShare = share ? `${url}${url.includes('?') ? '&' : '?'}share=${share}` : url;
    const token = tokens[v];
    return t.app.inject({ method: 'GET', url: withShare, headers: token ? bearer(token) : {} });
  };

  const wiggleRoutes: [string, (w: { id: number; albumId: number }) => string, boolean][] = [
    ['image left full', (w) => `/api/gallery/wiggle/image/${w.id}-left-f.webp`, true],
    ['image right thumb', (w) => `/api/gallery/wiggle/image/${w.id}-right-t.webp`, true],
    ['frame 50', (w) => `/api/gallery/wiggle/frame/${w.id}-50.webp`, true],
    ['animated preview', (w) => `/api/gallery/wiggle/animated/${w.id}.webp`, true],
    ['video', (w) => `/api/gallery/wiggle/video/${w.id}.mp4`, true],
    ['download original', (w) => `/api/gallery/wiggle/download/${w.id}-original.zip`, true],
    ['download enhanced', (w) => `/api/gallery/wiggle/download/${w.id}-enhanced.zip`, true],
    ['iframe w-', (w) => `/iframe/w-${w.id}.html`, true],
    ['wiggle page', (w) => `/album/${w.albumId}/${w.id}`, false],
    [
      'oembed',
      (w) => `/api/oembed?url=${encodeURIComponent(`http://wiggle.test/album/${w.albumId}/${w.id}`)}`,
      false,
    ],
  ];

  it.each(wiggleRoutes)('%s: every case × viewer', async (_name, url, takesShare) => {
    const actual: Record<string, number> = {};
    const expected: Record<string, number> = {};
    for (const c of CASES) {
      for (const v of VIEWERS) {
        const res = await get(url(wiggles[c]), v);
        actual[`${c}/${v}`] = res.statusCode;
        // oEmbed describes public pages only: its callers are other sites' servers, never the owner.
        const visible = url(wiggles[c]).startsWith('/api/oembed')
          ? wiggleVisible(c, 'visitor', false)
          : wiggleVisible(c, v, takesShare);
        expected[`${c}/${v}`] = visible ? 200 : 404;
      }
    }
    expect(actual).toEqual(expected);
  });

  const albumRoutes: [string, (albumId: number) => string, boolean][] = [
    ['album page', (id) => `/album/${id}`, false],
    ['iframe g-', (id) => `/iframe/g-${id}.html`, true],
  ];
  it.each(albumRoutes)('%s: every album × viewer', async (_name, url, takesShare) => {
    const actual: Record<string, number> = {};
    const expected: Record<string, number> = {};
    for (const c of CASES.filter((x) => x !== 'blocked')) {
      for (const v of VIEWERS) {
        actual[`${c}/${v}`] = (await get(url(albums[c]), v)).statusCode;
        expected[`${c}/${v}`] = albumVisible(c, v, takesShare) ? 200 : 404;
      }
    }
    expect(actual).toEqual(expected);
  });

  it('a public album page lists its wiggles but not the blocked one; the owner sees both', async () => {
    const visitor = (await get(`/album/${albums.public}`, 'visitor')).body;
    expect(visitor).toContain(`/album/${albums.public}/${wiggles.public.id}`);
    expect(visitor).not.toContain(`/album/${albums.public}/${wiggles.blocked.id}`);
    expect(visitor).toContain(`/album/${albums.childOfPublic}`);
    const owner = (await get(`/album/${albums.public}`, 'owner')).body;
    expect(owner).toContain(`/album/${albums.public}/${wiggles.blocked.id}`);
  });

  it('the feed shows public listed wiggles only, for everyone alike', async () => {
    for (const v of VIEWERS) {
      const feed = (await get('/api/gallery/feed', v)).json<FeedPage>();
      expect(feed.items.map((i) => i.id).sort()).toEqual(
        [wiggles.public.id, wiggles.childOfPublic.id].sort(),
      );
    }
    await t.platform.db
      .updateTable('gallery_wiggles')
      .set({ promoted: 1 })
      .where('id', '=', wiggles.public.id)
      .execute();
    const marked = (await get('/api/gallery/feed', 'visitor')).json<FeedPage>();
    expect(marked.items.map((i) => [i.id, i.promoted])).toContainEqual([wiggles.public.id, true]);
    expect(marked.items.map((i) => [i.id, i.promoted])).toContainEqual([wiggles.childOfPublic.id, false]);
    const page = (await get('/feed', 'visitor')).body;
    expect(page).toContain(`/album/${albums.public}/${wiggles.public.id}`);
    expect(page).toContain('<span class="promoted">promoted</span>');
    expect(page).not.toContain(`/album/${albums.unlisted}/${wiggles.unlisted.id}`);
  });

  it('share pages: a valid link shows the content, an expired or inactive one the expired page, an unknown one 404', async () => {
    const valid = await t.app.inject({ method: 'GET', url: `/s/${shares.linkValid}` });
    expect(valid.statusCode).toBe(200);
    expect(valid.body).toContain(
      `/api/gallery/wiggle/image/${wiggles.private.id}-left-f.webp?share=${shares.linkValid}`,
    );
    for (const token of [shares.linkExpired, shares.linkInactive]) {
      const res = await t.app.inject({ method: 'GET', url: `/s/${token}` });
      expect(res.statusCode).toBe(410);
      expect(res.body).toContain('This link has expired.');
      expect(res.body).not.toContain(`${wiggles.private.id}-left`);
    }
    expect((await t.app.inject({ method: 'GET', url: '/s/not-a-token' })).statusCode).toBe(404);
    const album = await t.app.inject({ method: 'GET', url: `/s/${shares.albumLink}` });
    expect(album.statusCode).toBe(200);
    expect(album.body).toContain(`/s/${shares.albumLink}/${wiggles.private.id}`);
    expect(
      (await t.app.inject({ method: 'GET', url: `/s/${shares.albumLink}/${wiggles.private.id}` })).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/s/${shares.linkValid}/${wiggles.blocked.id}` })).statusCode,
    ).toBe(404);
  });

  it('public media may sit in shared caches; private and shared media may not', async () => {
    for (const media of ['image/{id}-left-f.webp', 'video/{id}.mp4']) {
      const url = (id: number) => `/api/gallery/wiggle/${media.replace('{id}', String(id))}`;
      const pub = await get(url(wiggles.public.id), 'visitor');
      expect(pub.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
      for (const v of ['owner', 'linkValid'] as const) {
        const res = await get(url(wiggles.private.id), v);
        expect(res.headers['cache-control']).toMatch(/^private/);
      }
    }
  });

  it("an admin's answers never go to shared caches where they differ from a visitor's", async () => {
    for (const c of ['private', 'blocked'] as const) {
      for (const url of [
        `/api/gallery/wiggle/image/${wiggles[c].id}-left-f.webp`,
        `/api/gallery/wiggle/download/${wiggles[c].id}-original.zip`,
        `/iframe/w-${wiggles[c].id}.html`,
        `/album/${wiggles[c].albumId}/${wiggles[c].id}`,
      ]) {
        const res = await get(url, 'admin');
        expect([url, res.statusCode, res.headers['cache-control']]).toEqual([url, 200, 'private, no-cache']);
      }
    }
    // The public album's page shows an admin (and the owner) the blocked wiggle: never a shared cache's copy.
    for (const v of ['admin', 'owner'] as const) {
      const page = await get(`/album/${albums.public}`, v);
      expect(page.body).toContain(`/album/${albums.public}/${wiggles.blocked.id}`);
      expect(page.headers['cache-control']).toBe('private, no-cache');
    }
    expect((await get(`/album/${albums.public}`, 'visitor')).headers['cache-control']).toMatch(/^public/);
    // Admins' visits are not views.
    const viewed = await t.platform.db
      .selectFrom('gallery_wiggles')
      .select(['id', 'view_count'])
      .where('id', '=', wiggles.blocked.id)
      .executeTakeFirstOrThrow();
    expect(Number(viewed.view_count)).toBe(0);
  });

  it('only the iframe pages may be framed by other sites', async () => {
    const iframe = await get(`/iframe/w-${wiggles.public.id}.html`, 'visitor');
    expect(iframe.headers['content-security-policy']).toContain('frame-ancestors *');
    expect(iframe.headers['x-frame-options']).toBeUndefined();
    const page = await get(`/album/${albums.public}`, 'visitor');
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });
});
