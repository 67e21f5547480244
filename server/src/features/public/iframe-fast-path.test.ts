import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NotFound } from '../../platform/errors';
import { fastPathServers } from '../../platform/http/fast-path-server';
import { galleryFrames, testGalleryDeps } from '../../test/gallery-fixtures';
import {
  createTestApp,
  registerMember,
  type TestApp,
  type TestMember,
  testDialects,
} from '../../test/harness';
import { createAlbum } from '../gallery/album-service';
import { createGalleryWiggle } from '../gallery/wiggle-service';
import { iframeFastPath } from './iframe-fast-path';
import { IFRAME_CSP, type IframePages, type IframeVisit } from './iframe-pages';
import { pageEtag } from './rendered-pages';

const listen = async (server: import('node:http').Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};

/** The iframe fast path's choice of requests, with a stand-in for the pages and for Fastify. */
describe('iframeFastPath', () => {
  const html = Buffer.from('<p>embed</p>');
  const page = { html, etag: pageEtag(html) };
  const visits: { target: { kind: string; id: number }; visit: IframeVisit }[] = [];
  const iframes: IframePages = async (target, visit) => {
    visits.push({ target, visit });
    if (target.id === 404) throw new NotFound();
    return { page, isPublic: true };
  };
  const servers = fastPathServers();
  servers.use(
    iframeFastPath({
      iframes,
      securityHeaders: { 'x-frame-options': 'SAMEORIGIN', 'x-content-type-options': 'nosniff' },
      clientAddress: () => '203.0.113.9',
      log: { level: 'silent' } as never,
    }),
  );
  const server = servers.serverFactory((_request, response) => response.end('fastify'), {
    keepAliveTimeout: 5000,
    requestTimeout: 0,
    connectionTimeout: 0,
  });
  let base = '';
  beforeAll(async () => {
    base = await listen(server);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  afterEach(() => {
    visits.length = 0;
  });

  it("answers an anonymous visitor's embed itself, framable by any site, counted with the client's address", async () => {
    const res = await fetch(`${base}/iframe/w-12.html`, {
      headers: { 'user-agent': 'probe/1', cookie: 'theme=dark' },
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('<p>embed</p>');
    expect(res.headers.get('content-security-policy')).toBe(IFRAME_CSP);
    expect(res.headers.get('x-frame-options')).toBeNull();
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(res.headers.get('etag')).toBe(page.etag);
    expect(visits).toEqual([
      {
        target: { kind: 'wiggle', id: 12 },
        visit: {
          viewer: { memberId: undefined, shareToken: undefined, isAdmin: false },
          address: '203.0.113.9',
          userAgent: 'probe/1',
          share: undefined,
        },
      },
    ]);
    const album = await fetch(`${base}/iframe/g-7.html`);
    expect(await album.text()).toBe('<p>embed</p>');
    expect(visits[1]?.target).toEqual({ kind: 'album', id: 7 });
  });

  it('answers 304 without a body to its ETag', async () => {
    const res = await fetch(`${base}/iframe/w-12.html`, { headers: { 'if-none-match': page.etag } });
    expect(res.status).toBe(304);
    expect(await res.text()).toBe('');
    expect(res.headers.get('etag')).toBe(page.etag);
  });

  it('leaves members, share links, other methods, other names, 404s and errors to Fastify', async () => {
    const cases: [string, RequestInit][] = [
      ['/iframe/w-12.html', { headers: { authorization: 'Bearer abc' } }],
      ['/iframe/w-12.html', { headers: { cookie: 'theme=dark; token=abc' } }],
      ['/iframe/w-12.html?share=abc', {}],
      ['/iframe/w-12.html', { method: 'HEAD' }],
      ['/iframe/w-12.html', { method: 'POST' }],
      ['/iframe/w-012.html', {}],
      ['/iframe/w-2147483648.html', {}],
      ['/iframe/x-12.html', {}],
      ['/iframe/w-12.htm', {}],
      ['/album/12', {}],
      ['/iframe/w-404.html', {}],
    ];
    for (const [path, init] of cases) {
      const res = await fetch(`${base}${path}`, init);
      expect(init.method === 'HEAD' ? '' : await res.text(), path).toBe(
        init.method === 'HEAD' ? '' : 'fastify',
      );
      expect(res.headers.get('content-security-policy'), path).toBeNull();
    }
    // Only the one that looked like an embed for a visitor reached the pages (and its 404 went on to Fastify).
    expect(visits.map((v) => v.target.id)).toEqual([404]);
  });
});

/** Over a real socket the app answers an anonymous embed through the fast path exactly as its Fastify route does. */
describe.each(testDialects())('iframe fast path in the app on %s', (dialect) => {
  let t: TestApp;
  let owner: TestMember;
  let base = '';

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    owner = await registerMember(t.app);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => t?.close());

  const publicWiggle = async (name: string, isPublic = true) => {
    const album = await createAlbum(t.platform.db, owner.id, {
      name,
      parentId: null,
      public: isPublic,
      preventPublicListing: false,
    });
    return createGalleryWiggle(testGalleryDeps(t.app), owner.id, album.id, await galleryFrames(false), {
      name,
      width: 64,
      height: 48,
    });
  };
  const headersOf = (headers: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(headers).filter(([name]) => !['date', 'connection', 'keep-alive'].includes(name)),
    );
  const viewCount = async (id: number) =>
    (
      await t.platform.db
        .selectFrom('gallery_wiggles')
        .select('view_count')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).view_count;

  it('sends the bytes and headers of the Fastify route, and counts one view per visitor and day', async () => {
    const wiggle = await publicWiggle('Fast');
    const url = `/iframe/w-${wiggle.id}.html`;
    const viaFastify = await t.app.inject({ method: 'GET', url, headers: { 'user-agent': 'reader/1' } });
    const viaSocket = await fetch(base + url, { headers: { 'user-agent': 'reader/2' } });
    expect(viaSocket.status).toBe(200);
    expect(await viaSocket.text()).toBe(viaFastify.body);
    expect(headersOf(Object.fromEntries(viaSocket.headers))).toEqual(headersOf(viaFastify.headers));
    expect(await viewCount(wiggle.id)).toBe(2);
    await fetch(base + url, { headers: { 'user-agent': 'reader/2' } });
    expect(await viewCount(wiggle.id)).toBe(2);
  });

  it('shows a new video at once, and a private wiggle is the 404 page', async () => {
    const wiggle = await publicWiggle('Video');
    const url = `${base}/iframe/w-${wiggle.id}.html`;
    expect(await (await fetch(url)).text()).not.toContain('og:video');
    await t.platform.db
      .updateTable('gallery_wiggles')
      .set({ video_key: 'gallery/1/x/video-1.mp4' })
      .where('id', '=', wiggle.id)
      .execute();
    expect(await (await fetch(url)).text()).toContain('og:video');

    const hidden = await publicWiggle('Hidden', false);
    const res = await fetch(`${base}/iframe/w-${hidden.id}.html`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('Not found');
  });
});
