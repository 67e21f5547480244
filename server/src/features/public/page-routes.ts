import {
  albumPageUrl,
  FeedQuerySchema,
  shareLinkPageUrl,
  wigglePageUrl,
} from '@wiggle/common/schemas/gallery';
import { idText } from '@wiggle/common/schemas/ids';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFound } from '../../platform/errors';
import type { FeaturePluginOptionsWith } from '../../platform/http/plugin-options';
import { galleryDepsOf } from '../gallery/deps';
import type { Viewer } from '../gallery/public-service';
import { countViews, feedPage, shareLinkState, visibleAlbum, visibleWiggle } from '../gallery/public-service';
import { IFRAME_CSP, type IframePages, parseIframeFile } from './iframe-pages';
import { expiredPage, renderPage } from './page-layout';
import { albumPage, feedPageHtml, type PageContext, wigglePage } from './pages';
import { pageEtag, type RenderedPage } from './rendered-pages';
import { setCacheControl, sharedCacheable, viewerOf } from './viewer';

const id = idText();

/**
 * The public pages at the root (DESIGN §4): album, wiggle, share-link, feed and iframe pages, server-rendered HTML
 * without the single-page app. What they show comes through the gallery's access rules; anything else is a 404 page.
 */
export const publicPageRoutes: FastifyPluginAsyncZod<FeaturePluginOptionsWith<IframePages>> = async (
  app,
  { platform, deps: iframes },
) => {
  const deps = galleryDepsOf(platform);
  const origin = platform.config.PUBLIC_URL;
  const schema = { tags: ['public pages'], security: [], hide: true };

  const notFoundPage = (reply: FastifyReply) =>
    reply
      .code(404)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(
        renderPage(
          { title: 'Not found', description: 'Not found', url: origin, noindex: true },
          '<main class="notice"><h1>Not found</h1></main>',
        ),
      );

  /** Sends a page with its ETag (304 when the browser has it already) and its cache policy; NotFound = 404 page. */
  async function page(
    request: FastifyRequest,
    reply: FastifyReply,
    render: () => Promise<{ html: string | RenderedPage; isPublic: boolean }>,
  ) {
    try {
      const { html, isPublic } = await render();
      const rendered = typeof html === 'string' ? { html, etag: pageEtag(html) } : html;
      setCacheControl(reply, isPublic, 60);
      reply.header('ETag', rendered.etag);
      if (request.headers['if-none-match'] === rendered.etag) return reply.code(304).send();
      return reply.type('text/html; charset=utf-8').send(rendered.html);
    } catch (error) {
      if (error instanceof NotFound) return notFoundPage(reply);
      throw error;
    }
  }
  /**
   * One view per visitor, wiggle and day: a wiggle page or embed counts its wiggle, an album page or embed each wiggle
   * its grid shows (they all play there); the owner's and admins' visits do not count.
   */
  async function counted(
    request: FastifyRequest,
    viewer: Viewer,
    wiggles: readonly { id: number; owner_id: number }[],
  ) {
    await countViews(deps, {
      viewer,
      wiggles,
      address: request.ip,
      userAgent: request.headers['user-agent'] ?? '',
    });
  }

  const context = (
    path: string,
    share?: string,
    wiggleHref = (w: number) => `${path}/${w}`,
  ): PageContext => ({
    origin,
    path,
    share,
    wiggleHref,
  });

  app.get(
    '/album/:albumId',
    { config: { cookieAuth: true }, schema: { ...schema, params: z.object({ albumId: id }) } },
    async (request, reply) =>
      page(request, reply, async () => {
        const viewer = await viewerOf(request, '');
        const content = await visibleAlbum(deps, viewer, request.params.albumId);
        await counted(request, viewer, content.wiggles);
        const path = albumPageUrl(content.album.id);
        return {
          html: albumPage(context(path), content),
          isPublic: sharedCacheable(viewer, content.album.is_public_view),
        };
      }),
  );
  app.get(
    '/album/:albumId/:wiggleId',
    { config: { cookieAuth: true }, schema: { ...schema, params: z.object({ albumId: id, wiggleId: id }) } },
    async (request, reply) =>
      page(request, reply, async () => {
        const viewer = await viewerOf(request, '');
        const wiggle = await visibleWiggle(deps, viewer, request.params.wiggleId);
        if (wiggle.album_id !== request.params.albumId) throw new NotFound();
        await counted(request, viewer, [wiggle]);
        const albumHref = wiggle.allow_link_to_album === 1 ? albumPageUrl(wiggle.album_id) : null;
        const html = wigglePage(context(wigglePageUrl(wiggle.album_id, wiggle.id)), wiggle, albumHref);
        return { html, isPublic: sharedCacheable(viewer, wiggle.is_public_view) };
      }),
  );

  /** A share link's page: the shared wiggle, or the shared album's grid whose wiggles open under the same link. */
  app.get(
    '/s/:token',
    { config: { cookieAuth: true }, schema: { ...schema, params: z.object({ token: z.string().max(100) }) } },
    async (request, reply) => {
      const { token } = request.params;
      const link = await shareLinkState(deps, token);
      const path = shareLinkPageUrl(token);
      if (link.state !== 'valid') {
        return reply
          .code(link.state === 'expired' ? 410 : 404)
          .type('text/html; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .send(expiredPage(origin + path));
      }
      return page(request, reply, async () => {
        const viewer = await viewerOf(request, token);
        if (link.wiggleId !== null) {
          const wiggle = await visibleWiggle(deps, viewer, link.wiggleId);
          await counted(request, viewer, [wiggle]);
          return { html: wigglePage(context(path, token), wiggle, null), isPublic: false };
        }
        const content = await visibleAlbum(deps, viewer, link.albumId ?? 0);
        await counted(request, viewer, content.wiggles);
        return { html: albumPage(context(path, token), content), isPublic: false };
      });
    },
  );
  app.get(
    '/s/:token/:wiggleId',
    {
      config: { cookieAuth: true },
      schema: { ...schema, params: z.object({ token: z.string().max(100), wiggleId: id }) },
    },
    async (request, reply) => {
      const { token, wiggleId } = request.params;
      const link = await shareLinkState(deps, token);
      if (link.state !== 'valid') {
        return reply
          .code(410)
          .type('text/html; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .send(expiredPage(origin + shareLinkPageUrl(token)));
      }
      return page(request, reply, async () => {
        const viewer = await viewerOf(request, token);
        const wiggle = await visibleWiggle(deps, viewer, wiggleId);
        await counted(request, viewer, [wiggle]);
        const path = `${shareLinkPageUrl(token)}/${wiggleId}`;
        return { html: wigglePage(context(path, token), wiggle, shareLinkPageUrl(token)), isPublic: false };
      });
    },
  );

  app.get(
    '/iframe/:file',
    {
      config: { cookieAuth: true },
      schema: {
        ...schema,
        params: z.object({ file: z.string().max(40) }),
        querystring: z.object({ share: z.string().max(100).optional() }),
      },
    },
    async (request, reply) => {
      const target = parseIframeFile(request.params.file);
      if (!target) return notFoundPage(reply);
      reply.header('Content-Security-Policy', IFRAME_CSP).removeHeader('X-Frame-Options');
      return page(request, reply, async () => {
        const { page: html, isPublic } = await iframes(target, {
          viewer: await viewerOf(request),
          address: request.ip,
          userAgent: request.headers['user-agent'] ?? '',
          share: request.query.share,
        });
        return { html, isPublic };
      });
    },
  );

  app.get('/feed', { schema: { ...schema, querystring: FeedQuerySchema } }, async (request, reply) =>
    page(request, reply, async () => {
      const feed = await feedPage(deps, request.query.cursor, request.query.limit);
      const next = feed.nextCursor ? `/feed?cursor=${encodeURIComponent(feed.nextCursor)}` : null;
      const items = feed.items.map((item) => ({
        id: item.id,
        name: item.name,
        width: item.width,
        height: item.height,
        has_in_betweens: 0,
        promoted: item.promoted ? 1 : 0,
        album_id: item.albumId,
      }));
      const byId = new Map(items.map((item) => [item.id, item.album_id]));
      const html = feedPageHtml(
        context('/feed', undefined, (w) => wigglePageUrl(byId.get(w) ?? 0, w)),
        items,
        next,
      );
      return { html, isPublic: true };
    }),
  );
};
