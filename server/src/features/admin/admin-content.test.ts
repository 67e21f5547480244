import { UserStatus } from '@wiggle/common/enums';
import type { FeedPage } from '@wiggle/common/schemas/gallery';
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
import { createAlbum } from '../gallery/album-service';
import { createShareLink } from '../gallery/share-link-service';
import { createGalleryWiggle } from '../gallery/wiggle-service';
import { purgeDeletedMembers } from './member-purge';

describe.each(testDialects())('admin content on %s', (dialect) => {
  let t: TestApp;
  let admin: TestAdmin;
  beforeAll(async () => {
    t = await createTestApp({ dialect, env: { RATE_LIMIT_LOGIN_PER_MINUTE: '1000' } });
    admin = await createAdmin(t.app);
  });
  afterAll(async () => t?.close());

  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const post = (url: string, token = admin.token, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const ids = (res: { json: () => { items: { id: number }[] } }) => res.json().items.map((i) => i.id);

  /** A member with a public album holding `count` gallery wiggles (rated 0, 1, 2...), and a share link to the first. */
  async function memberWithGallery(name: string, count = 1) {
    const member = await registerMember(t.app, { name });
    const deps = testGalleryDeps(t.app);
    const album = await createAlbum(t.platform.db, member.id, {
      name: `${name} album`,
      parentId: null,
      public: true,
      preventPublicListing: false,
    });
    const wiggles: number[] = [];
    for (let i = 0; i < count; i++) {
      const w = await createGalleryWiggle(deps, member.id, album.id, await galleryFrames(false), {
        name: `${name} wiggle ${i}`,
        width: 64,
        height: 48,
        showInFeed: true,
      });
      await t.platform.db.updateTable('gallery_wiggles').set({ rating: i }).where('id', '=', w.id).execute();
      wiggles.push(w.id);
    }
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const link = await createShareLink(deps, member.id, {
      name: 'l',
      validUntil: future,
      wiggleId: wiggles[0],
    });
    return { member, name, albumId: album.id, wiggles, shareToken: link.token };
  }

  /** What the public sees of one wiggle: its page, iframe, media, share link and whether the feed lists it. */
  async function publicView(albumId: number, wiggleId: number, shareToken: string) {
    const feed = (await get('/api/gallery/feed?limit=100')).json<FeedPage>();
    return {
      page: (await get(`/album/${albumId}/${wiggleId}`)).statusCode,
      album: (await get(`/album/${albumId}`)).statusCode,
      iframe: (await get(`/iframe/w-${wiggleId}.html`)).statusCode,
      albumIframe: (await get(`/iframe/g-${albumId}.html`)).statusCode,
      media: (await get(`/api/gallery/wiggle/image/${wiggleId}-left-f.webp`)).statusCode,
      shared: (await get(`/api/gallery/wiggle/image/${wiggleId}-left-f.webp?share=${shareToken}`)).statusCode,
      inFeed: feed.items.some((item) => item.id === wiggleId),
    };
  }
  const VISIBLE = {
    page: 200,
    album: 200,
    iframe: 200,
    albumIframe: 200,
    media: 200,
    shared: 200,
    inFeed: true,
  };

  it('sorts the user list by a whitelisted column both ways, pages by keyset, and refuses others', async () => {
    const tag = `srt${Date.now().toString(36)}`;
    const made: TestMember[] = [];
    for (const name of ['Cora', 'alba', 'Bea', 'Dan', 'Bea'])
      made.push(await registerMember(t.app, { name: `${name} ${tag}` }));
    const names = async (query: string) => {
      const all: string[] = [];
      let cursor = '';
      for (let i = 0; i < 10; i++) {
        const page = (
          await get(`/api/admin/users?search=${tag}&limit=2&${query}${cursor}`, admin.token)
        ).json();
        all.push(...page.items.map((u: { name: string; id: number }) => `${u.name.split(' ')[0]}#${u.id}`));
        if (!page.nextCursor) break;
        cursor = `&cursor=${page.nextCursor}`;
      }
      return all;
    };
    const [cora, alba, bea1, dan, bea2] = made.map((m) => m.id);
    expect(await names('sort=name&order=asc')).toEqual([
      `Bea#${bea1}`,
      `Bea#${bea2}`,
      `Cora#${cora}`,
      `Dan#${dan}`,
      `alba#${alba}`,
    ]);
    expect(await names('sort=name&order=desc')).toEqual([
      `alba#${alba}`,
      `Dan#${dan}`,
      `Cora#${cora}`,
      `Bea#${bea2}`,
      `Bea#${bea1}`,
    ]);
    expect(await names('sort=id&order=asc')).toEqual(
      [cora, alba, bea1, dan, bea2].map((id, i) => `${['Cora', 'alba', 'Bea', 'Dan', 'Bea'][i]}#${id}`),
    );
    const byEmail = (await get(`/api/admin/users?search=${tag}&sort=email&order=asc`, admin.token)).json();
    const emails = byEmail.items.map((u: { email: string }) => u.email);
    expect(emails).toEqual([...emails].sort());
    expect((await get(`/api/admin/users?search=${tag}&sort=created`, admin.token)).statusCode).toBe(200);
    expect((await get(`/api/admin/users?search=${tag}&sort=status`, admin.token)).statusCode).toBe(200);
    expect((await get('/api/admin/users?sort=password_hash', admin.token)).statusCode).toBe(400);
    expect((await get('/api/admin/users?order=sideways', admin.token)).statusCode).toBe(400);
    // A cursor of a name sort reused on the id sort carries a text where a number belongs: 400, not a 500.
    const nameCursor = (await get(`/api/admin/users?search=${tag}&sort=name&limit=1`, admin.token)).json()
      .nextCursor;
    expect((await get(`/api/admin/users?sort=id&cursor=${nameCursor}`, admin.token)).statusCode).toBe(400);
  });

  it('lists every member’s gallery wiggles with owner and album, filters and sorts them', async () => {
    const ann = await memberWithGallery(`Ann${Date.now().toString(36)}`, 3);
    const bob = await memberWithGallery(`Bob${Date.now().toString(36)}`, 1);
    const mine = (await get(`/api/admin/wiggles?ownerId=${ann.member.id}`, admin.token)).json();
    expect(mine.items.map((w: { id: number }) => w.id)).toEqual([...ann.wiggles].reverse());
    expect(mine.items[0]).toMatchObject({
      owner: { id: ann.member.id, email: ann.member.username },
      album: { id: ann.albumId },
      blocked: false,
      promoted: false,
      rating: 2,
      viewCount: 0,
      deleteStatus: 0,
    });
    const byRating = await get(
      `/api/admin/wiggles?ownerId=${ann.member.id}&sort=rating&order=asc&limit=2`,
      admin.token,
    );
    expect(ids(byRating)).toEqual(ann.wiggles.slice(0, 2));
    const rest = await get(
      `/api/admin/wiggles?ownerId=${ann.member.id}&sort=rating&order=asc&limit=2&cursor=${byRating.json().nextCursor}`,
      admin.token,
    );
    expect(rest.json()).toEqual({
      items: [expect.objectContaining({ id: ann.wiggles[2] })],
      nextCursor: null,
    });
    expect(ids(await get(`/api/admin/wiggles?search=${encodeURIComponent(bob.name)}`, admin.token))).toEqual(
      bob.wiggles,
    );
    expect(ids(await get(`/api/admin/wiggles?albumId=${bob.albumId}`, admin.token))).toEqual(bob.wiggles);
    expect((await get(`/api/admin/wiggles/${bob.wiggles[0]}`, admin.token)).json().name).toBe(
      `${bob.name} wiggle 0`,
    );
    expect((await get('/api/admin/wiggles/999999', admin.token)).statusCode).toBe(404);
    expect((await get('/api/admin/wiggles?blocked=maybe', admin.token)).statusCode).toBe(400);
    expect((await get('/api/admin/wiggles?sort=blob_prefix', admin.token)).statusCode).toBe(400);
  });

  it('blocks a wiggle: gone at once from its page, iframe, media, share link and feed; unblock brings it back', async () => {
    const g = await memberWithGallery(`Blk${Date.now().toString(36)}`, 2);
    const [target, sibling] = g.wiggles as [number, number];
    expect(await publicView(g.albumId, target, g.shareToken)).toEqual(VISIBLE);

    const blocked = await post(`/api/admin/wiggles/${target}/block`);
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json()).toMatchObject({ id: target, blocked: true });
    expect(await publicView(g.albumId, target, g.shareToken)).toEqual({
      ...VISIBLE,
      page: 404,
      iframe: 404,
      media: 404,
      shared: 404,
      inFeed: false,
    });
    // The album and its other wiggle stay; the admin still sees the blocked wiggle and its frames.
    expect((await get(`/album/${g.albumId}/${sibling}`)).statusCode).toBe(200);
    expect(
      (await get(`/api/admin/wiggles?ownerId=${g.member.id}&blocked=true`, admin.token)).json().items,
    ).toEqual([expect.objectContaining({ id: target, blocked: true })]);
    const frame = await get(`/api/admin/wiggles/${target}/frames/left-f`, admin.token);
    expect(frame.statusCode).toBe(200);
    expect(frame.headers['content-type']).toBe('image/webp');
    expect((await get(`/api/admin/wiggles/${target}/frames/left-f`, g.member.token)).statusCode).toBe(403);
    expect((await get(`/api/admin/wiggles/${target}/frames/nonsense`, admin.token)).statusCode).toBe(400);

    expect((await post(`/api/admin/wiggles/${target}/unblock`)).json().blocked).toBe(false);
    expect(await publicView(g.albumId, target, g.shareToken)).toEqual(VISIBLE);

    const logs = (
      await get(`/api/admin/logs?name=admin.&entityType=wiggle&entityId=${target}`, admin.token)
    ).json();
    expect(logs.items.map((l: { name: string }) => l.name)).toEqual([
      'admin.unblock-wiggle',
      'admin.block-wiggle',
    ]);
    expect(logs.items[1]).toMatchObject({ adminId: admin.id, entityGroup: 'gallery', result: 'ok' });
    expect(logs.items[1].description).toContain(g.member.username);
  });

  it('promotes, unpromotes and rates a wiggle (0 to 5), each written to the admin log', async () => {
    const g = await memberWithGallery(`Pro${Date.now().toString(36)}`);
    const id = g.wiggles[0];
    expect((await post(`/api/admin/wiggles/${id}/promote`)).json().promoted).toBe(true);
    const feed = (await get('/api/gallery/feed?limit=100')).json<FeedPage>();
    expect(feed.items.find((item) => item.id === id)?.promoted).toBe(true);
    expect(ids(await get(`/api/admin/wiggles?ownerId=${g.member.id}&promoted=true`, admin.token))).toEqual([
      id,
    ]);
    expect((await post(`/api/admin/wiggles/${id}/unpromote`)).json().promoted).toBe(false);
    const put = (payload: object) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/wiggles/${id}/rating`,
        headers: bearer(admin.token),
        payload,
      });
    expect((await put({ rating: 4 })).json().rating).toBe(4);
    for (const bad of [{ rating: 6 }, { rating: -1 }, { rating: 2.5 }, { rating: '3' }, {}]) {
      expect((await put(bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await get(`/api/admin/wiggles/${id}`, admin.token)).json().rating).toBe(4);
    const names = (await get(`/api/admin/logs?entityType=wiggle&entityId=${id}`, admin.token))
      .json()
      .items.map((l: { name: string }) => l.name);
    expect(names).toEqual(['admin.rate-wiggle', 'admin.unpromote-wiggle', 'admin.promote-wiggle']);
  });

  it('lists albums with owner, public flags and wiggle counts; an album’s detail', async () => {
    const g = await memberWithGallery(`Alb${Date.now().toString(36)}`, 2);
    const child = await createAlbum(t.platform.db, g.member.id, {
      name: 'Inner',
      parentId: g.albumId,
      public: false,
      preventPublicListing: true,
    });
    const list = (
      await get(`/api/admin/albums?ownerId=${g.member.id}&sort=name&order=asc`, admin.token)
    ).json();
    expect(list.items).toEqual([
      expect.objectContaining({ id: g.albumId, isPublic: true, hasPublicParent: false, wiggleCount: 2 }),
      expect.objectContaining({
        id: child.id,
        name: 'Inner',
        parentId: g.albumId,
        isPublic: false,
        hasPublicParent: true,
        preventPublicListing: true,
        wiggleCount: 0,
        owner: expect.objectContaining({ id: g.member.id }),
      }),
    ]);
    expect(ids(await get(`/api/admin/albums?ownerId=${g.member.id}&public=false`, admin.token))).toEqual([
      child.id,
    ]);
    expect((await get(`/api/admin/albums/${g.albumId}`, admin.token)).json()).toMatchObject({
      wiggleCount: 2,
    });
    expect((await get('/api/admin/albums/999999', admin.token)).statusCode).toBe(404);
  });

  it('lists originals with owner, size, type and upload date, sorted by size; shows any original', async () => {
    const member = await registerMember(t.app, { name: 'Orig' });
    const now = new Date().toISOString();
    await t.platform.blobs.put(`originals/${member.id}/x/p.jpg`, Buffer.from('preview-bytes'));
    const rows = await t.platform.db
      .insertInto('originals')
      .values(
        [300, 100, 200].map((size, i) => ({
          owner_id: member.id,
          folder_id: null,
          name: `orig ${i}`,
          width: 40,
          height: 30,
          pixels: 1200,
          size,
          format: 'png',
          source_type: 1,
          blob_o: `originals/${member.id}/x/o.png`,
          blob_p: `originals/${member.id}/x/p.jpg`,
          blob_t: `originals/${member.id}/x/t.jpg`,
          deleted_at: null,
          uploaded_at: now,
        })),
      )
      .returning('id')
      .execute();
    const list = (
      await get(`/api/admin/originals?ownerId=${member.id}&sort=size&order=desc`, admin.token)
    ).json();
    expect(list.items.map((o: { size: number }) => o.size)).toEqual([300, 200, 100]);
    expect(list.items[0]).toMatchObject({
      owner: { id: member.id, email: member.username, name: 'Orig' },
      format: 'png',
      width: 40,
      height: 30,
      uploaded: now,
    });
    const id = rows[0]?.id;
    expect((await get(`/api/admin/originals/${id}`, admin.token)).json().size).toBe(300);
    const preview = await get(`/api/admin/originals/${id}/view/p`, admin.token);
    expect(preview.statusCode).toBe(200);
    expect(preview.body).toBe('preview-bytes');
    expect((await get(`/api/admin/originals/${id}/view/x`, admin.token)).statusCode).toBe(400);
    expect((await get(`/api/admin/originals/${id}/view/p`, member.token)).statusCode).toBe(403);
    expect((await get(`/api/admin/originals/${id}/view/p`)).statusCode).toBe(401);
  });

  it('a deleted member’s public content answers 404 at once and returns on undelete, data kept', async () => {
    const g = await memberWithGallery(`Del${Date.now().toString(36)}`);
    const id = g.wiggles[0] as number;
    expect(await publicView(g.albumId, id, g.shareToken)).toEqual(VISIBLE);
    expect((await post(`/api/admin/users/${g.member.id}/delete`)).json().status).toBe(UserStatus.Deleted);
    expect(await publicView(g.albumId, id, g.shareToken)).toEqual({
      page: 404,
      album: 404,
      iframe: 404,
      albumIframe: 404,
      media: 404,
      shared: 404,
      inFeed: false,
    });
    expect((await get(`/s/${g.shareToken}`)).statusCode).toBe(404);
    // Admins still see it all.
    expect(ids(await get(`/api/admin/wiggles?ownerId=${g.member.id}`, admin.token))).toEqual([id]);
    await post(`/api/admin/users/${g.member.id}/undelete`);
    expect(await publicView(g.albumId, id, g.shareToken)).toEqual(VISIBLE);
    expect((await get(`/s/${g.shareToken}`)).statusCode).toBe(200);
  });

  it('purges members deleted longer ago than the setting: rows and files gone, others untouched, logged', async () => {
    const old = await memberWithGallery(`Old${Date.now().toString(36)}`);
    const recent = await memberWithGallery(`New${Date.now().toString(36)}`);
    const live = await memberWithGallery(`Live${Date.now().toString(36)}`);
    await post(`/api/admin/users/${old.member.id}/delete`);
    await post(`/api/admin/users/${recent.member.id}/delete`);
    await t.platform.db
      .updateTable('users')
      .set({ deleted_at: new Date(Date.now() - 31 * 86_400_000).toISOString() })
      .where('id', '=', old.member.id)
      .execute();
    const blobCount = async (ownerId: number) => {
      let n = 0;
      for await (const _ of t.platform.blobs.list(`gallery/${ownerId}/`)) n += 1;
      return n;
    };
    expect(await blobCount(old.member.id)).toBeGreaterThan(0);

    expect(await purgeDeletedMembers({ db: t.platform.db, blobs: t.platform.blobs }, 30)).toBe(1);
    const users = await t.platform.db
      .selectFrom('users')
      .select('id')
      .where('id', 'in', [old.member.id, recent.member.id, live.member.id])
      .execute();
    expect(users.map((u) => u.id).sort((a, b) => a - b)).toEqual([recent.member.id, live.member.id]);
    const left = await t.platform.db
      .selectFrom('gallery_wiggles')
      .select('owner_id')
      .where('owner_id', 'in', [old.member.id, recent.member.id, live.member.id])
      .execute();
    expect(left.map((w) => w.owner_id).sort((a, b) => a - b)).toEqual([recent.member.id, live.member.id]);
    expect(
      await t.platform.db.selectFrom('albums').select('id').where('id', '=', old.albumId).execute(),
    ).toEqual([]);
    expect(
      await t.platform.db
        .selectFrom('share_links')
        .select('id')
        .where('owner_id', '=', old.member.id)
        .execute(),
    ).toEqual([]);
    expect(await blobCount(old.member.id)).toBe(0);
    expect(await blobCount(recent.member.id)).toBeGreaterThan(0);
    const logs = (
      await get(`/api/admin/logs?name=admin.purge-deleted-member&entityId=${old.member.id}`, admin.token)
    ).json();
    expect(logs.items).toEqual([expect.objectContaining({ result: 'ok', entityType: 'user' })]);
    // Nothing left to purge: a second run removes nobody.
    expect(await purgeDeletedMembers({ db: t.platform.db, blobs: t.platform.blobs }, 30)).toBe(0);
  });

  it('an admin never blocks or deletes themselves; another admin only with a second admin’s confirmation', async () => {
    const second = await createAdmin(t.app);
    const target = await createAdmin(t.app);
    for (const action of ['block', 'delete']) {
      expect((await post(`/api/admin/users/${admin.id}/${action}`)).json().error.code).toBe('admin_self');
      const direct = await post(`/api/admin/users/${target.id}/${action}`);
      expect(direct.statusCode).toBe(403);
      expect(direct.json().error.code).toBe('admin_target');
    }
    const self = await post('/api/admin/requests', admin.token, { userId: admin.id, action: 'block' });
    expect(self.statusCode).toBe(403);
    expect(self.json().error.code).toBe('admin_self');
    const member = await registerMember(t.app);
    expect(
      (await post('/api/admin/requests', admin.token, { userId: member.id, action: 'block' })).statusCode,
    ).toBe(409);

    const asked = await post('/api/admin/requests', admin.token, { userId: target.id, action: 'block' });
    expect(asked.statusCode).toBe(201);
    const request = asked.json();
    expect(request).toMatchObject({
      action: 'block',
      target: { id: target.id },
      requestedBy: { id: admin.id },
      confirmedBy: null,
    });
    expect(
      (await post('/api/admin/requests', second.token, { userId: target.id, action: 'block' })).statusCode,
    ).toBe(409);
    expect((await get('/api/admin/requests', second.token)).json().items).toContainEqual(
      expect.objectContaining({ id: request.id }),
    );
    // Nothing changed yet; the asker and the target cannot confirm.
    expect((await get('/api/auth/refresh', target.token)).statusCode).toBe(200);
    const byAsker = await post(`/api/admin/requests/${request.id}/confirm`, admin.token);
    expect(byAsker.statusCode).toBe(403);
    expect(byAsker.json().error.code).toBe('second_admin_required');
    expect((await post(`/api/admin/requests/${request.id}/confirm`, target.token)).json().error.code).toBe(
      'admin_self',
    );
    expect((await get('/api/auth/refresh', target.token)).statusCode).toBe(200);

    const confirmed = await post(`/api/admin/requests/${request.id}/confirm`, second.token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ id: target.id, status: UserStatus.Blocked, isAdmin: true });
    expect((await get('/api/auth/refresh', target.token)).statusCode).toBe(401);
    expect((await post(`/api/admin/requests/${request.id}/confirm`, second.token)).statusCode).toBe(409);
    expect((await get('/api/admin/requests', second.token)).json().items).not.toContainEqual(
      expect.objectContaining({ id: request.id }),
    );
    const logs = (await get(`/api/admin/logs?entityType=user&entityId=${target.id}`, admin.token)).json();
    expect(logs.items.map((l: { name: string; adminId: number }) => [l.name, l.adminId])).toEqual([
      ['admin.block-user', second.id],
      ['admin.request-block-admin', admin.id],
    ]);
    // Unblocking another admin needs no second admin.
    expect((await post(`/api/admin/users/${target.id}/unblock`)).json().status).toBe(UserStatus.Active);
  });
});
