import type { Album, GalleryWigglePage, ShareLink } from '@wiggle/common/schemas/gallery';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { galleryFrames, testGalleryDeps } from '../../test/gallery-fixtures';
import {
  bearer,
  createTestApp,
  registerMember,
  type TestApp,
  type TestMember,
  testDialects,
} from '../../test/harness';
import type { GalleryDeps } from './deps';
import { purgeGalleryTrash } from './purge-service';
import { countGalleryWiggles, createGalleryWiggle } from './wiggle-service';

describe.each(testDialects())('gallery API on %s', (dialect) => {
  let t: TestApp;
  let deps: GalleryDeps;
  let owner: TestMember;
  let other: TestMember;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    deps = testGalleryDeps(t.app);
    owner = await registerMember(t.app);
    other = await registerMember(t.app);
  });
  afterAll(async () => t?.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, member = owner) =>
    t.app.inject({
      method,
      url,
      headers: bearer(member.token),
      ...(payload ? { payload: payload as object } : {}),
    });
  const newAlbum = async (body: Record<string, unknown>) => {
    const res = await call('POST', '/api/gallery/albums', body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Album>();
  };
  const addWiggle = async (albumId: number | null, name: string) =>
    createGalleryWiggle(deps, owner.id, albumId, await galleryFrames(false), { name, width: 64, height: 48 });

  it('creates, renames and moves albums; hasPublicParent follows the tree; a move into its own subtree is refused', async () => {
    const root = await newAlbum({ name: '  Trips  ', public: true });
    expect(root).toMatchObject({ name: 'Trips', public: true, parentId: null, hasPublicParent: false });
    const child = await newAlbum({ name: 'Alps', parentId: root.id });
    const grandchild = await newAlbum({ name: 'Day 1', parentId: child.id });
    expect(child.hasPublicParent).toBe(true);
    expect(grandchild.hasPublicParent).toBe(true);

    const cycle = await call('PUT', `/api/gallery/albums/${root.id}`, { parentId: grandchild.id });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().error.fields.parentId).toMatch(/cannot be moved into itself/);

    const moved = await call('PUT', `/api/gallery/albums/${child.id}`, { parentId: null, name: 'Alps 2024' });
    expect(moved.json<Album>()).toMatchObject({ parentId: null, name: 'Alps 2024', hasPublicParent: false });
    const list = (await call('GET', '/api/gallery/albums')).json<{ albums: Album[] }>().albums;
    expect(list.find((a) => a.id === grandchild.id)?.hasPublicParent).toBe(false);

    expect((await call('PUT', `/api/gallery/albums/${root.id}`, { name: 'x' }, other)).statusCode).toBe(404);
    expect((await call('PUT', `/api/gallery/albums/${root.id}`, { name: 'x'.repeat(256) })).statusCode).toBe(
      400,
    );
    // A rule on the whole body (no field to point at) answers its own words, not a generic message.
    for (const payload of [{}, { bogus: 1 }]) {
      const nothing = await call('PUT', `/api/gallery/albums/${root.id}`, payload);
      expect(nothing.statusCode).toBe(400);
      expect(nothing.json().error).toMatchObject({
        code: 'validation',
        message: 'Give at least one field to change.',
      });
    }
    expect((await call('POST', '/api/gallery/albums', { name: 'x', parentId: 999999 })).statusCode).toBe(404);
  });

  it('trashes an album with its sub-albums and wiggles, and restores them together', async () => {
    const album = await newAlbum({ name: 'To trash' });
    const sub = await newAlbum({ name: 'Sub', parentId: album.id });
    const wiggle = await addWiggle(sub.id, 'In sub');
    expect((await call('POST', '/api/gallery/delete', { type: 1, ids: [album.id] })).statusCode).toBe(200);
    expect((await call('GET', `/api/gallery/albums/${sub.id}`)).statusCode).toBe(404);
    const trash = (await call('GET', '/api/gallery/trash')).json<{ albums: Album[] }>();
    expect(trash.albums.map((a) => a.id)).toEqual([album.id]);
    expect((await call('GET', `/api/gallery/wiggles/${wiggle.id}`)).json().deleteStatus).toBe(1);
    expect((await call('POST', '/api/gallery/restore', { type: 1, ids: [album.id] })).statusCode).toBe(200);
    expect((await call('GET', `/api/gallery/albums/${sub.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/gallery/wiggles/${wiggle.id}`)).json().deleteStatus).toBe(0);
  });

  it('restores a wiggle whose album is still in the trash to the root, where it can be seen', async () => {
    const album = await newAlbum({ name: 'Gone later' });
    const wiggle = await addWiggle(album.id, 'Trashed first');
    expect((await call('POST', '/api/gallery/delete', { type: 2, ids: [wiggle.id] })).statusCode).toBe(200);
    expect((await call('POST', '/api/gallery/delete', { type: 1, ids: [album.id] })).statusCode).toBe(200);
    expect((await call('POST', '/api/gallery/restore', { type: 2, ids: [wiggle.id] })).statusCode).toBe(200);
    const restored = (await call('GET', `/api/gallery/wiggles/${wiggle.id}`)).json();
    expect(restored).toMatchObject({ deleteStatus: 0, albumId: null });
    const root = (await call('GET', '/api/gallery/wiggles')).json<GalleryWigglePage>();
    expect(root.items.map((w) => w.id)).toContain(wiggle.id);
    expect((await call('GET', `/api/gallery/albums/${album.id}`)).statusCode).toBe(404);
  });

  it("pages an album's wiggles by keyset, searches by name and sorts without rating", async () => {
    const album = await newAlbum({ name: 'Paged' });
    for (const name of ['delta', 'alpha', 'charlie', 'bravo', 'echo']) await addWiggle(album.id, name);
    const names: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = `sort=name&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const page: GalleryWigglePage = (
        await call('GET', `/api/gallery/albums/${album.id}/wiggles?${query}`)
      ).json();
      names.push(...page.items.map((w) => w.name));
      cursor = page.nextCursor;
    } while (cursor);
    expect(names).toEqual(['alpha', 'bravo', 'charlie', 'delta', 'echo']);
    const found = (
      await call('GET', `/api/gallery/albums/${album.id}/wiggles?search=HARL`)
    ).json<GalleryWigglePage>();
    expect(found.items.map((w) => w.name)).toEqual(['charlie']);
    expect((await call('GET', `/api/gallery/albums/${album.id}/wiggles?sort=rating`)).statusCode).toBe(400);
    expect((await call('GET', `/api/gallery/albums/${album.id}/wiggles?cursor=nonsense`)).statusCode).toBe(
      400,
    );
    expect((await call('GET', `/api/gallery/albums/${album.id}/wiggles`, undefined, other)).statusCode).toBe(
      404,
    );
  });

  it('renames, describes, moves and copies wiggles; a copy has its own frames', async () => {
    const from = await newAlbum({ name: 'From' });
    const to = await newAlbum({ name: 'To' });
    const wiggle = await addWiggle(from.id, 'Original name');
    const updated = await call('PUT', `/api/gallery/wiggles/${wiggle.id}`, {
      name: 'New name',
      description: 'A bridge',
      showInFeed: true,
      iframeWatermark: '© me',
    });
    expect(updated.json()).toMatchObject({
      name: 'New name',
      description: 'A bridge',
      showInFeed: true,
      iframeWatermark: '© me',
    });
    const copy = await call('POST', '/api/gallery/move', {
      type: 2,
      ids: [wiggle.id],
      targetAlbumId: to.id,
      copy: true,
    });
    const [copyId] = copy.json<{ ids: number[] }>().ids;
    expect(copyId).not.toBe(wiggle.id);
    const rows = await t.platform.db
      .selectFrom('gallery_wiggles')
      .select(['id', 'blob_prefix', 'album_id'])
      .where('id', 'in', [wiggle.id, copyId!])
      .execute();
    expect(new Set(rows.map((r) => r.blob_prefix)).size).toBe(2);
    await call('POST', '/api/gallery/delete', { type: 2, ids: [wiggle.id] });
    const image = await call('GET', `/api/gallery/wiggle/image/${copyId}-left-f.webp`);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    const moved = await call('POST', '/api/gallery/move', { type: 2, ids: [copyId], targetAlbumId: null });
    expect(moved.statusCode).toBe(200);
    expect((await call('GET', `/api/gallery/wiggles/${copyId}`)).json().albumId).toBeNull();
    expect(
      (await call('POST', '/api/gallery/move', { type: 2, ids: [copyId], targetAlbumId: null }, other))
        .statusCode,
    ).toBe(404);
  });

  it('makes share links (several per wiggle), renames, deactivates and re-dates them', async () => {
    const wiggle = await addWiggle(null, 'Shared');
    const validUntil = new Date(Date.now() + 3_600_000).toISOString();
    const first = (
      await call('POST', '/api/gallery/share-links', { wiggleId: wiggle.id, name: 'For Anna', validUntil })
    ).json<ShareLink>();
    const second = (
      await call('POST', '/api/gallery/share-links', { wiggleId: wiggle.id, name: 'For Ben', validUntil })
    ).json<ShareLink>();
    expect(first.token).not.toBe(second.token);
    expect(first.token.length).toBeGreaterThanOrEqual(32);
    expect(first.url).toBe(`http://wiggle.test/s/${first.token}`);
    expect((await t.app.inject({ method: 'GET', url: `/s/${first.token}` })).statusCode).toBe(200);

    const renamed = await call('PUT', `/api/gallery/share-links/${first.id}`, { name: 'For Anna and Tom' });
    expect(renamed.json()).toMatchObject({ name: 'For Anna and Tom', isActive: true });
    await call('PUT', `/api/gallery/share-links/${first.id}`, { isActive: false });
    expect((await t.app.inject({ method: 'GET', url: `/s/${first.token}` })).statusCode).toBe(410);
    await call('PUT', `/api/gallery/share-links/${second.id}`, {
      validUntil: new Date(Date.now() - 1000).toISOString(),
    });
    expect((await t.app.inject({ method: 'GET', url: `/s/${second.token}` })).statusCode).toBe(410);
    await call('PUT', `/api/gallery/share-links/${second.id}`, { validUntil });
    expect((await t.app.inject({ method: 'GET', url: `/s/${second.token}` })).statusCode).toBe(200);

    const listed = (await call('GET', `/api/gallery/share-links?wiggleId=${wiggle.id}`)).json<{
      links: ShareLink[];
    }>();
    expect(listed.links.map((l) => l.id).sort()).toEqual([first.id, second.id].sort());
    expect((await call('POST', '/api/gallery/share-links', { name: 'x', validUntil })).statusCode).toBe(400);
    expect(
      (
        await call('POST', '/api/gallery/share-links', {
          wiggleId: wiggle.id,
          name: 'x',
          validUntil: 'tomorrow',
        })
      ).statusCode,
    ).toBe(400);
    // A link born expired would be a silent no-op: creating one with a past date is refused (re-dating an existing
    // link into the past above stays the way to expire it at once).
    const past = await call('POST', '/api/gallery/share-links', {
      wiggleId: wiggle.id,
      name: 'Already over',
      validUntil: new Date(Date.now() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.fields.validUntil).toBe('The validity date must be in the future.');
    expect((await call('GET', `/api/gallery/share-links?wiggleId=${wiggle.id}`)).json().links).toHaveLength(
      2,
    );
    expect(
      (await call('POST', '/api/gallery/share-links', { wiggleId: wiggle.id, name: 'x', validUntil }, other))
        .statusCode,
    ).toBe(404);
    await call('PUT', `/api/gallery/wiggles/${wiggle.id}`, { allowShare: false });
    expect(
      (await call('POST', '/api/gallery/share-links', { wiggleId: wiggle.id, name: 'x', validUntil }))
        .statusCode,
    ).toBe(409);
    // Sharing turned off hides the wiggle from existing links too.
    expect((await t.app.inject({ method: 'GET', url: `/s/${second.token}` })).statusCode).toBe(404);
  });

  it('counts a view once per visitor and day, stores no address, and never counts the owner', async () => {
    const album = await newAlbum({ name: 'Viewed', public: true });
    const wiggle = await addWiggle(album.id, 'Viewed');
    const visit = (ip: string) =>
      t.app.inject({
        method: 'GET',
        url: `/album/${album.id}/${wiggle.id}`,
        remoteAddress: ip,
        headers: { 'user-agent': 'test' },
      });
    await visit('203.0.113.7');
    await visit('203.0.113.7');
    await visit('203.0.113.8');
    await call('GET', `/album/${album.id}/${wiggle.id}`);
    expect((await call('GET', `/api/gallery/wiggles/${wiggle.id}`)).json().viewCount).toBe(2);
    const views = await t.platform.db
      .selectFrom('gallery_views')
      .selectAll()
      .where('wiggle_id', '=', wiggle.id)
      .execute();
    expect(views).toHaveLength(2);
    for (const view of views) expect(view.visitor).not.toContain('203.0.113');
  });

  it('keeps no frames when the target album is not the member’s; counts gallery wiggles for the account', async () => {
    const foreign = (await call('POST', '/api/gallery/albums', { name: 'Theirs' }, other)).json<Album>();
    const before = await countGalleryWiggles(t.platform.db, owner.id);
    await expect(addWiggle(foreign.id, 'Nope')).rejects.toMatchObject({ status: 404 });
    expect(await countGalleryWiggles(t.platform.db, owner.id)).toBe(before);
    await addWiggle(null, 'Counted');
    expect(await countGalleryWiggles(t.platform.db, owner.id)).toBe(before + 1);
  });

  it('sets the member’s default watermarks', async () => {
    expect((await call('GET', '/api/gallery/watermarks')).json()).toEqual({
      video: '',
      iframe: '',
      share: '',
    });
    await call('PUT', '/api/gallery/watermarks', { video: 'v', iframe: '© Iframe', share: 's' });
    expect((await call('GET', '/api/gallery/watermarks')).json()).toEqual({
      video: 'v',
      iframe: '© Iframe',
      share: 's',
    });
    expect((await call('GET', '/api/gallery/watermarks', undefined, other)).json().iframe).toBe('');
  });

  it('purges trash older than the retention: the frames are deleted and the rows stay as Expired', async () => {
    const album = await newAlbum({ name: 'Old trash' });
    const old = await addWiggle(album.id, 'Old');
    const recent = await addWiggle(null, 'Recent');
    await call('POST', '/api/gallery/delete', { type: 1, ids: [album.id] });
    await call('POST', '/api/gallery/delete', { type: 2, ids: [recent.id] });
    const longAgo = new Date(Date.now() - 31 * 86_400_000).toISOString();
    await t.platform.db
      .updateTable('gallery_wiggles')
      .set({ deleted_at: longAgo })
      .where('id', '=', old.id)
      .execute();
    await t.platform.db
      .updateTable('albums')
      .set({ deleted_at: longAgo })
      .where('id', '=', album.id)
      .execute();
    const prefix = (
      await t.platform.db
        .selectFrom('gallery_wiggles')
        .select('blob_prefix')
        .where('id', '=', old.id)
        .executeTakeFirstOrThrow()
    ).blob_prefix;

    expect(await purgeGalleryTrash(deps, 30)).toEqual({ albums: 1, wiggles: 1 });
    expect(await t.platform.blobs.stat(`${prefix}/left-f.webp`)).toBeNull();
    expect((await call('GET', `/api/gallery/wiggles/${old.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/gallery/wiggle/image/${old.id}-left-f.webp`)).statusCode).toBe(404);
    expect((await call('GET', `/api/gallery/wiggles/${recent.id}`)).json().deleteStatus).toBe(1);
  });
});
