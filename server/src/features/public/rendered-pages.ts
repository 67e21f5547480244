import { createHash } from 'node:crypto';

export interface RenderedPage {
  /** The page's bytes: a Buffer goes to the socket as it is, where a string is encoded again on every send. */
  html: Buffer;
  etag: string;
}

const MAX_PAGES = 1000;

/** A strong ETag of a page's bytes: a browser's revalidation of an unchanged page answers 304 without a body. */
export const pageEtag = (html: string | Buffer) => `"${createHash('sha1').update(html).digest('base64url')}"`;

/**
 * Rendered pages kept in memory by the exact inputs they were rendered from (the caller builds `key` from every
 * field the markup uses), so a hit can never show stale content: a renamed or moved wiggle has a new key. Access is
 * decided before the cache is consulted, on every request, so blocked or private content stops at once. Bounded,
 * oldest first out.
 */
export function renderedPageCache(max = MAX_PAGES) {
  const pages = new Map<string, RenderedPage>();
  return (key: string, render: () => string): RenderedPage => {
    const hit = pages.get(key);
    if (hit) return hit;
    const html = Buffer.from(render());
    const page = { html, etag: pageEtag(html) };
    if (pages.size >= max) pages.delete(pages.keys().next().value as string);
    pages.set(key, page);
    return page;
  };
}
