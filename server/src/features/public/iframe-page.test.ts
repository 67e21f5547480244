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
import { createAlbum, updateAlbum } from '../gallery/album-service';
import { createGalleryWiggle } from '../gallery/wiggle-service';

/**
 * The iframe page is rendered once per content and revalidated by ETag, yet access is decided on every request:
 * a rename shows at once, and a wiggle made private or blocked stops being served at once.
 */
describe.each(testDialects())('iframe page cache on %s', (dialect) => {
  let t: TestApp;
  let owner: TestMember;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    owner = await registerMember(t.app);
  });
  afterAll(async () => t?.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });
  /** A public album holding one gallery wiggle of the given name. */
  const publicWiggle = async (albumName: string, wiggleName: string) => {
    const album = await createAlbum(t.platform.db, owner.id, {
      name: albumName,
      parentId: null,
      public: true,
      preventPublicListing: false,
    });
    const wiggle = await createGalleryWiggle(
      testGalleryDeps(t.app),
      owner.id,
      album.id,
      await galleryFrames(false),
      { name: wiggleName, width: 64, height: 48 },
    );
    return { album, wiggle };
  };

  it('answers 304 to its own ETag, shows a rename at once, and stops at once when private or blocked', async () => {
    const { album, wiggle } = await publicWiggle('Embeds', 'First name');
    const url = `/iframe/w-${wiggle.id}.html`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.body).toContain('First name');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/gallery/wiggles/${wiggle.id}`,
      headers: bearer(owner.token),
      payload: { name: 'Second name' },
    });
    expect(renamed.statusCode).toBe(200);
    const after = await get(url, { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('Second name');
    expect(after.body).not.toContain('First name');

    await updateAlbum(t.platform.db, owner.id, album.id, { public: false });
    expect((await get(url)).statusCode).toBe(404);
    expect((await get(url, { 'if-none-match': String(after.headers.etag) })).statusCode).toBe(404);
    await updateAlbum(t.platform.db, owner.id, album.id, { public: true });
    expect((await get(url)).statusCode).toBe(200);
    await t.platform.db
      .updateTable('gallery_wiggles')
      .set({ blocked: 1 })
      .where('id', '=', wiggle.id)
      .execute();
    expect((await get(url)).statusCode).toBe(404);
  });

  it('names an embed only by its plain id: a leading zero or an id beyond the id columns is a 404 page, never 500', async () => {
    const { album, wiggle } = await publicWiggle('Ids', 'Plain');
    expect((await get(`/iframe/w-${wiggle.id}.html`)).statusCode).toBe(200);
    expect((await get(`/iframe/g-${album.id}.html`)).statusCode).toBe(200);
    for (const file of [
      `w-0${wiggle.id}.html`,
      `g-0${album.id}.html`,
      'w-2147483648.html',
      `g-${'9'.repeat(20)}.html`,
      'w-0.html',
    ]) {
      const res = await get(`/iframe/${file}`);
      expect(res.statusCode, file).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
    }
  });

  it('reads oEmbed maxwidth and maxheight as decimal digits: 1e3, " 300" and 0x10 are a 400', async () => {
    const { album, wiggle } = await publicWiggle('oEmbed', 'Sized');
    const base = `/api/oembed?url=${encodeURIComponent(`http://wiggle.test/album/${album.id}/${wiggle.id}`)}`;
    const ok = await get(`${base}&maxwidth=300`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json().width).toBeLessThanOrEqual(300);
    for (const query of ['maxwidth=1e3', 'maxwidth=%20300', 'maxwidth=0x10', 'maxheight=2.0', 'maxheight=']) {
      const res = await get(`${base}&${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBe('validation');
    }
  });
});
