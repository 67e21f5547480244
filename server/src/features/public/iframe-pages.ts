import { albumIframeUrl, wiggleIframeUrl, wigglePageUrl } from '@wiggle/common/schemas/gallery';
import { ID_DIGITS, isIdText } from '@wiggle/common/schemas/ids';
import type { GalleryDeps } from '../gallery/deps';
import { countViews, type Viewer, visibleAlbum, visibleWiggleEmbed } from '../gallery/public-service';
import { albumIframe, wiggleIframe } from './pages';
import { pageEtag, type RenderedPage, renderedPageCache } from './rendered-pages';
import { sharedCacheable } from './viewer';

/** `w-{id}.html` or `g-{id}.html`, the id written plainly (no leading zero); its range is checked with isIdText. */
const IFRAME_FILE = new RegExp(`^([wg])-(${ID_DIGITS})\\.html$`);

/** Only the iframe pages may be framed, by any site; every other page keeps helmet's same-origin policy. */
export const IFRAME_CSP =
  "default-src 'self'; img-src 'self' data:; style-src 'unsafe-inline'; script-src 'none'; object-src 'none'; base-uri 'none'; frame-ancestors *";

/** An iframe page's file name read as what it embeds, or undefined for any other name (a 404). */
export function parseIframeFile(file: string): { kind: 'wiggle' | 'album'; id: number } | undefined {
  const match = IFRAME_FILE.exec(file);
  if (!match?.[2] || !isIdText(match[2])) return undefined;
  return { kind: match[1] === 'w' ? 'wiggle' : 'album', id: Number(match[2]) };
}

/** Who opens an embed, for its view count (the address is hashed with the day's salt, never stored). */
export interface IframeVisit {
  viewer: Viewer;
  address: string;
  userAgent: string;
  share: string | undefined;
}

export interface IframeAnswer {
  page: RenderedPage;
  /** Shared caches may keep it: public content seen by nobody in particular. */
  isPublic: boolean;
}

export type IframePages = (
  target: { kind: 'wiggle' | 'album'; id: number },
  visit: IframeVisit,
) => Promise<IframeAnswer>;

/**
 * The iframe embeds' content, one implementation for the Fastify route and for the server's fast path for anonymous
 * visitors (iframe-fast-path.ts), so both answer alike: access decided through the gallery's access module on every
 * request (NotFound otherwise), the view counted, the page rendered (a wiggle's once per content version; its key
 * holds every field the markup uses, so a hit is never stale).
 */
export function iframePages(deps: GalleryDeps, origin: string): IframePages {
  const wiggleIframes = renderedPageCache();
  const context = (path: string, share: string | undefined) => ({
    origin,
    path,
    share,
    wiggleHref: (w: number) => `${path}/${w}`,
  });

  return async (target, { viewer, address, userAgent, share }) => {
    if (target.kind === 'wiggle') {
      const wiggle = await visibleWiggleEmbed(deps, viewer, target.id);
      await countViews(deps, { viewer, wiggles: [wiggle], address, userAgent });
      const key = [
        wiggle.id,
        wiggle.album_id,
        wiggle.name,
        wiggle.description,
        wiggle.width,
        wiggle.height,
        wiggle.has_in_betweens,
        wiggle.video_key ?? '',
        wiggle.is_public_view,
        share ?? '',
      ].join('\u0000');
      const page = wiggleIframes(key, () =>
        wiggleIframe({ ...context(wiggleIframeUrl(target.id), share), watermark: 'iframe' }, wiggle),
      );
      return { page, isPublic: sharedCacheable(viewer, wiggle.is_public_view) };
    }
    const content = await visibleAlbum(deps, viewer, target.id);
    await countViews(deps, { viewer, wiggles: content.wiggles, address, userAgent });
    const html = albumIframe(
      {
        ...context(albumIframeUrl(target.id), share),
        wiggleHref: (w) => `${origin}${wigglePageUrl(target.id, w)}`,
        newTab: true,
      },
      content,
    );
    const bytes = Buffer.from(html);
    return {
      page: { html: bytes, etag: pageEtag(bytes) },
      isPublic: sharedCacheable(viewer, content.album.is_public_view),
    };
  };
}
