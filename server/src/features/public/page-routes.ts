import {
  albumIframeUrl,
  albumPageUrl,
  FeedQuerySchema,
  shareLinkPageUrl,
  wiggleIframeUrl,
  wigglePageUrl,
} from '@wiggle/common/schemas/gallery';
import { ID_DIGITS, idText, isIdText } from '@wiggle/common/schemas/ids';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFound } from '../../platform/errors';
import type { FeaturePluginOptions } from '../../platform/http/plugin-options';
import { galleryDepsOf } from '../gallery/deps';
import type { Viewer } from '../gallery/public-service';
import { countViews, feedPage, shareLinkState, visibleAlbum, visibleWiggle } from '../gallery/public-service';
import { expiredPage, renderPage } from './page-layout';
import { albumIframe, albumPage, feedPageHtml, type PageContext, wiggleIframe, wigglePage } from './pages';
import { pageEtag, type RenderedPage, renderedPageCache } from './rendered-pages';
import { setCacheControl, viewerOf } from './viewer';

const id = idText();
/** `w-{id}.html` or `g-{id}.html`, the id written plainly (no leading zero); its range is checked with isIdText. */
const IFRAME_FILE = new RegExp(`^([wg])-(${ID_DIGITS})\\.html$`);
/** Only the iframe pages may be framed, by any site; every other page keeps helmet's same-origin policy. */
const IFRAME_CSP =
  "default-src 'self'; img-src 'self' data:; style-src 'unsafe-inline'; script-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors *";

/**
 * The public pages at the root (DESIGN §4): album, wiggle, share-link, feed and iframe pages, server-rendered HTML
 * without the single-page app. What they show comes through the gallery's access rules; anything else is a 404 page.
 */
export const publicPageRoutes: FastifyPluginAsyncZod<FeaturePluginOptions> = async (app, { platform }) => {
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
  /** The single-wiggle iframe, the hottest public page, rendered once per content (see renderedPageCache). */
  const wiggleIframes = renderedPageCache();

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

  /** A page shaped for a signed-in viewer (the owner's blocked wiggles, an admin's view) never goes to shared caches. */
  const cacheable = (viewer: Viewer, isPublic: number) => isPublic === 1 && viewer.memberId === undefined;

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
          isPublic: cacheable(viewer, content.album.is_public_view),
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
        return { html, isPublic: cacheable(viewer, wiggle.is_public_view) };
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
      const match = IFRAME_FILE.exec(request.params.file);
      if (!match?.[2] || !isIdText(match[2])) return notFoundPage(reply);
      reply.header('Content-Security-Policy', IFRAME_CSP).removeHeader('X-Frame-Options');
      const share = request.query.share;
      return page(request, reply, async () => {
        const viewer = await viewerOf(request);
        const target = Number(match[2]);
        if (match[1] === 'w') {
          const wiggle = await visibleWiggle(deps, viewer, target);
          await counted(request, viewer, [wiggle]);
          const key = [
            wiggle.id,
            wiggle.album_id,
            wiggle.name,
            wiggle.description,
            wiggle.width,
            wiggle.height,
            wiggle.has_in_betweens,
            wiggle.is_public_view,
            share ?? '',
          ].join('\u0000');
          const html = wiggleIframes(key, () =>
            wiggleIframe({ ...context(wiggleIframeUrl(target), share), watermark: 'iframe' }, wiggle),
          );
          return { html, isPublic: cacheable(viewer, wiggle.is_public_view) };
        }
        const content = await visibleAlbum(deps, viewer, target);
        await counted(request, viewer, content.wiggles);
        const html = albumIframe(
          {
            ...context(albumIframeUrl(target), share, (w) => `${origin}${wigglePageUrl(target, w)}`),
            newTab: true,
          },
          content,
        );
        return { html, isPublic: cacheable(viewer, content.album.is_public_view) };
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
