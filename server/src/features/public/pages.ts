import {
  albumPageUrl,
  galleryAnimationUrl,
  galleryImageUrl,
  wiggleIframeUrl,
  wigglePageUrl,
} from '@wiggle/common/schemas/gallery';
import { galleryVideoUrl, videoFrameSize } from '@wiggle/common/schemas/gallery-video';
import type { EmbeddedWiggle, VisibleAlbum, VisibleWiggle } from '../gallery/public-service';
import { type PageMeta, renderPage } from './page-layout';
import { escapeHtml, type WiggleView, wiggleFrames } from './wiggle-markup';

/** The bodies of the public pages: an album's grid, one wiggle large, the feed and the two iframe embeds. */

export interface PageContext {
  /** PUBLIC_URL, for absolute URLs in the head tags. */
  origin: string;
  /** The page's own path. */
  path: string;
  /** A share token to carry into media URLs and links (share-link pages). */
  share?: string | undefined;
  /** The embed's watermark for media URLs (iframe pages of a wiggle with an iframe watermark). */
  watermark?: 'iframe' | undefined;
  /** Where a wiggle of the grid links to. */
  wiggleHref: (wiggleId: number) => string;
  /** Inside an iframe, links open the site in a new tab (the full pages may not be framed). */
  newTab?: boolean;
}

export const viewOf = (
  row: Pick<VisibleWiggle, 'id' | 'name' | 'width' | 'height' | 'has_in_betweens'>,
): WiggleView => ({
  id: row.id,
  name: row.name,
  width: row.width,
  height: row.height,
  hasInBetweens: row.has_in_betweens === 1,
});

/** The animated preview is at most 640 px on its long side (never enlarged). */
const previewSize = ({ width, height }: { width: number; height: number }) => {
  const scale = Math.min(1, 640 / Math.max(width, height));
  return { width: Math.round(width * scale), height: Math.round(height * scale) };
};

const access = (context: PageContext) => ({ share: context.share, watermark: context.watermark });

const oembedOf = (context: PageContext) =>
  `${context.origin}/api/oembed?format=json&url=${encodeURIComponent(context.origin + context.path)}`;

/** The stored video, when there is one: og:video, and Twitter's player card with the iframe page as its player. */
function videoMeta(context: PageContext, wiggle: EmbeddedWiggle): Partial<PageMeta> {
  if (!wiggle.video_key) return {};
  const size = videoFrameSize(wiggle.width, wiggle.height);
  const share = context.share ? `?share=${encodeURIComponent(context.share)}` : '';
  return {
    video: context.origin + galleryVideoUrl(wiggle.id, { share: context.share }),
    videoWidth: size.width,
    videoHeight: size.height,
    player: `${context.origin}${wiggleIframeUrl(wiggle.id)}${share}`,
  };
}

function wiggleMeta(context: PageContext, wiggle: EmbeddedWiggle): PageMeta {
  return {
    ...videoMeta(context, wiggle),
    title: wiggle.name,
    description: wiggle.description || `${wiggle.name}: a wiggle on Wiggle Studio`,
    url: context.origin + context.path,
    image: context.origin + galleryAnimationUrl(wiggle.id, { share: context.share }),
    imageWidth: previewSize(wiggle).width,
    imageHeight: previewSize(wiggle).height,
    oembed: context.share ? undefined : oembedOf(context),
    noindex: Boolean(context.share) || wiggle.is_public_view !== 1,
  };
}

function gridItems(context: PageContext, wiggles: readonly VisibleWiggle[] | readonly FeedRow[]): string {
  return wiggles
    .map(
      (w) =>
        `<li><a href="${escapeHtml(context.wiggleHref(w.id))}"${context.newTab ? ' target="_blank" rel="noopener"' : ''}>${wiggleFrames(viewOf(w), 'grid', access(context))}<span class="n">${escapeHtml(w.name)}${'promoted' in w && w.promoted === 1 ? '<span class="promoted">promoted</span>' : ''}</span></a></li>`,
    )
    .join('');
}

type FeedRow =
  | VisibleWiggle
  | Pick<VisibleWiggle, 'id' | 'name' | 'width' | 'height' | 'has_in_betweens' | 'promoted'>;

export function albumPage(context: PageContext, content: VisibleAlbum): string {
  const { album, wiggles, subAlbums } = content;
  const first = wiggles[0];
  const subs = subAlbums.length
    ? `<h2>Albums</h2><ul>${subAlbums.map((a) => `<li><a href="${albumPageUrl(a.id)}">${escapeHtml(a.name)}</a></li>`).join('')}</ul>`
    : '';
  const body = `<main><h1>${escapeHtml(album.name)}</h1>${subs}<ul class="grid">${gridItems(context, wiggles)}</ul>${
    wiggles.length === 0 ? '<p>This album has no wiggles yet.</p>' : ''
  }</main>`;
  return renderPage(
    {
      title: album.name,
      description: `${album.name}: an album of ${wiggles.length} wiggle${wiggles.length === 1 ? '' : 's'} on Wiggle Studio`,
      url: context.origin + context.path,
      image: first
        ? context.origin + galleryImageUrl(first.id, 'left', 'f', { share: context.share })
        : undefined,
      oembed: context.share ? undefined : oembedOf(context),
      noindex: Boolean(context.share) || album.is_public_view !== 1,
    },
    body,
  );
}

export function wigglePage(context: PageContext, wiggle: VisibleWiggle, albumHref: string | null): string {
  const back =
    albumHref && wiggle.album_name
      ? `<p><a href="${escapeHtml(albumHref)}">${escapeHtml(wiggle.album_name)}</a></p>`
      : '';
  const description = wiggle.description ? `<p>${escapeHtml(wiggle.description)}</p>` : '';
  const body = `<main>${back}<h1>${escapeHtml(wiggle.name)}</h1><div class="one" style="max-width:${wiggle.width}px">${wiggleFrames(viewOf(wiggle), 'single', access(context))}</div>${description}</main>`;
  return renderPage(wiggleMeta(context, wiggle), body);
}

export function feedPageHtml(
  context: PageContext,
  items: readonly FeedRow[],
  nextHref: string | null,
): string {
  const more = nextHref ? `<p><a href="${escapeHtml(nextHref)}" rel="next">Older wiggles</a></p>` : '';
  const body = `<main><h1>Feed</h1><ul class="grid">${gridItems(context, items)}</ul>${items.length === 0 ? '<p>Nothing here yet.</p>' : ''}${more}</main>`;
  return renderPage(
    {
      title: 'Wiggle Studio feed',
      description: 'The newest public wiggles',
      url: context.origin + context.path,
    },
    body,
  );
}

/** The iframe body: no headings or chrome, the wiggle (or the grid) fills the frame. */
const IFRAME_STYLES = 'main{padding:0;max-width:none}body{background:transparent}.grid{gap:4px}';

export function wiggleIframe(context: PageContext, wiggle: EmbeddedWiggle): string {
  const body = `<main><a href="${escapeHtml(context.origin + wigglePageUrl(wiggle.album_id ?? 0, wiggle.id))}" target="_blank" rel="noopener">${wiggleFrames(viewOf(wiggle), 'single', access(context))}</a></main>`;
  return renderPage({ ...wiggleMeta(context, wiggle), noindex: true }, body, IFRAME_STYLES);
}

export function albumIframe(context: PageContext, content: VisibleAlbum): string {
  const body = `<main><ul class="grid">${gridItems(context, content.wiggles)}</ul></main>`;
  return renderPage(
    {
      title: content.album.name,
      description: `${content.album.name} on Wiggle Studio`,
      url: context.origin + context.path,
      noindex: true,
    },
    body,
    `${IFRAME_STYLES}.grid a{color:inherit}`,
  );
}
