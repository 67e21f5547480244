import { IFRAME_BREAKPOINTS } from '@wiggle/common/constants';
import { Messages } from '@wiggle/common/messages';
import { escapeHtml, WIGGLE_STYLES } from './wiggle-markup';

/** The head tags that make a shared link preview as the wiggle (Open Graph, Twitter card) and announce oEmbed. */
export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of the page itself. */
  url: string;
  /** Absolute URL of the preview image. */
  image?: string | undefined;
  imageWidth?: number | undefined;
  imageHeight?: number | undefined;
  /** Absolute URL of a video (MP4), when one exists, and its frame size. */
  video?: string | undefined;
  videoWidth?: number | undefined;
  videoHeight?: number | undefined;
  /** Absolute URL of an embeddable HTML page playing the wiggle (Twitter's player card), with a video only. */
  player?: string | undefined;
  /** Absolute URL of /api/oembed for this page. */
  oembed?: string | undefined;
  /** Keep out of search engines (shared, private content). */
  noindex?: boolean;
}

const { md, lg, xl } = IFRAME_BREAKPOINTS;

/** Shared styles: a responsive grid at SPEC §9's breakpoints (md 768, lg 1024, xl 1280). */
const BASE_STYLES = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#222;background:#fafafa}
main{max-width:${xl}px;margin:0 auto;padding:16px}h1{font-size:1.5rem;margin:0 0 8px}p{margin:0 0 12px}
a{color:#1565c0}.grid{display:grid;gap:12px;grid-template-columns:1fr;list-style:none;padding:0;margin:0}
.grid a{display:block;text-decoration:none;color:inherit}.grid .n{display:block;padding:4px 0;font-size:.9rem}
.promoted{font-size:.75rem;background:#ffb300;color:#000;border-radius:4px;padding:0 6px;margin-left:6px}
@media (min-width:${md}px){.grid{grid-template-columns:repeat(2,1fr)}}
@media (min-width:${lg}px){.grid{grid-template-columns:repeat(3,1fr)}}
@media (min-width:${xl}px){.grid{grid-template-columns:repeat(4,1fr)}}
.one{max-width:100%;margin:0 auto}.notice{padding:48px 16px;text-align:center}`;

const cardType = (meta: PageMeta) =>
  meta.video && meta.player ? 'player' : meta.image ? 'summary_large_image' : 'summary';

/** Open Graph's video and Twitter's player card: the MP4 plays in place where a shared link is previewed. */
function videoTags(meta: PageMeta, video: string): [string, string, string][] {
  const tags: [string, string, string][] = [['property', 'og:video', video]];
  if (video.startsWith('https:')) tags.push(['property', 'og:video:secure_url', video]);
  tags.push(['property', 'og:video:type', 'video/mp4']);
  const size: [string, string][] = [];
  if (meta.videoWidth) size.push(['width', String(meta.videoWidth)]);
  if (meta.videoHeight) size.push(['height', String(meta.videoHeight)]);
  for (const [side, value] of size) tags.push(['property', `og:video:${side}`, value]);
  if (meta.player) {
    tags.push(['name', 'twitter:player', meta.player]);
    for (const [side, value] of size) tags.push(['name', `twitter:player:${side}`, value]);
    tags.push(
      ['name', 'twitter:player:stream', video],
      ['name', 'twitter:player:stream:content_type', 'video/mp4'],
    );
  }
  return tags;
}

function metaTags(meta: PageMeta): string {
  const tags: [string, string, string][] = [
    ['name', 'description', meta.description],
    ['property', 'og:title', meta.title],
    ['property', 'og:description', meta.description],
    ['property', 'og:url', meta.url],
    ['property', 'og:type', meta.video ? 'video.other' : 'website'],
    ['property', 'og:site_name', 'Wiggle Studio'],
    ['name', 'twitter:card', cardType(meta)],
    ['name', 'twitter:title', meta.title],
    ['name', 'twitter:description', meta.description],
  ];
  if (meta.image) {
    tags.push(
      ['property', 'og:image', meta.image],
      ['property', 'og:image:type', 'image/webp'],
      ['name', 'twitter:image', meta.image],
    );
    if (meta.imageWidth) tags.push(['property', 'og:image:width', String(meta.imageWidth)]);
    if (meta.imageHeight) tags.push(['property', 'og:image:height', String(meta.imageHeight)]);
  }
  if (meta.video) tags.push(...videoTags(meta, meta.video));
  if (meta.noindex) tags.push(['name', 'robots', 'noindex']);
  const lines = tags.map(([attr, key, value]) => `<meta ${attr}="${key}" content="${escapeHtml(value)}">`);
  lines.push(`<link rel="canonical" href="${escapeHtml(meta.url)}">`);
  if (meta.oembed) {
    lines.push(
      `<link rel="alternate" type="application/json+oembed" href="${escapeHtml(meta.oembed)}" title="${escapeHtml(meta.title)}">`,
    );
  }
  return lines.join('\n');
}

/** A whole small page: no script, inline styles only (the pages' CSP allows nothing else). */
export function renderPage(meta: PageMeta, body: string, extraStyles = ''): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(meta.title)}</title>
${metaTags(meta)}
<style>${BASE_STYLES}
${WIGGLE_STYLES}${extraStyles}</style></head>
<body>${body}</body></html>`;
}

/** The page an expired, inactive or unknown share link shows instead of the content. */
export function expiredPage(url: string): string {
  return renderPage(
    {
      title: 'This link has expired',
      description: 'This share link is no longer active.',
      url,
      noindex: true,
    },
    `<main class="notice"><h1>${escapeHtml(Messages.shareLinkExpired)}</h1><p>Ask the person who shared it for a new link.</p></main>`,
  );
}
