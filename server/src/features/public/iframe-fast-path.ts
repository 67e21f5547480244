import type { IncomingMessage, ServerResponse } from 'node:http';
import { TOKEN_COOKIE } from '../../platform/auth/guards';
import type { FastPath } from '../../platform/http/fast-path-server';
import type { Logger } from '../../platform/logger';
import type { Viewer } from '../gallery/public-service';
import { IFRAME_CSP, type IframePages, parseIframeFile } from './iframe-pages';
import type { RenderedPage } from './rendered-pages';
import { cacheHeadersFor } from './viewer';

type Headers = Record<string, string | number>;

const NOBODY: Viewer = { memberId: undefined, shareToken: undefined, isAdmin: false };
const PREFIX = '/iframe/';
/** The levels at which Fastify logs each request's completion. */
const LOGGED_LEVELS = new Set(['trace', 'debug', 'info']);

/** Whether a Cookie header holds a session cookie (then the visitor may be a member: Fastify's route decides). */
const hasSessionCookie = (cookie: string | undefined) =>
  cookie?.split(';').some((part) => part.trimStart().startsWith(`${TOKEN_COOKIE}=`)) === true;

export interface IframeFastPathOptions {
  iframes: IframePages;
  /** Helmet's headers, as every Fastify response carries them (security-headers.ts). */
  securityHeaders: Record<string, string>;
  clientAddress: (request: IncomingMessage) => string;
  log: Logger;
}

/**
 * The iframe embeds for anonymous visitors, answered without Fastify: embeds are the most requested pages (every
 * view of every page that embeds a wiggle), and Fastify's per-request work (hooks, routing, validation, logger child)
 * cost more than the page. Only a plain `GET /iframe/{w|g}-{id}.html` with no query, no bearer token and no session
 * cookie comes here, and only a page the visitor may see is answered (200, or 304 to its ETag) with the same bytes,
 * headers and view count as the Fastify route (both use iframePages); anything else, a 404 or an error included,
 * goes on to Fastify.
 */
export function iframeFastPath({
  iframes,
  securityHeaders,
  clientAddress,
  log,
}: IframeFastPathOptions): FastPath {
  const base: Record<string, string> = { ...securityHeaders, 'content-security-policy': IFRAME_CSP };
  delete base['x-frame-options'];

  /** A page's response headers, built once per rendered page (the wiggle pages are kept, see renderedPageCache). */
  const built = new WeakMap<RenderedPage, { isPublic: boolean; ok: Headers; notModified: Headers }>();
  function headersFor(page: RenderedPage, isPublic: boolean) {
    const known = built.get(page);
    if (known?.isPublic === isPublic) return known;
    const notModified: Headers = { ...base, ...cacheHeadersFor(isPublic, 60), etag: page.etag };
    const ok = {
      ...notModified,
      'content-type': 'text/html; charset=utf-8',
      'content-length': page.html.length,
    };
    const headers = { isPublic, ok, notModified };
    built.set(page, headers);
    return headers;
  }

  async function serve(
    request: IncomingMessage,
    response: ServerResponse,
    target: NonNullable<ReturnType<typeof parseIframeFile>>,
  ) {
    const started = performance.now();
    const address = clientAddress(request);
    const { page, isPublic } = await iframes(target, {
      viewer: NOBODY,
      address,
      userAgent: request.headers['user-agent'] ?? '',
      share: undefined,
    });
    const headers = headersFor(page, isPublic);
    if (request.headers['if-none-match'] === page.etag) response.writeHead(304, headers.notModified).end();
    else response.writeHead(200, headers.ok).end(page.html);
    if (LOGGED_LEVELS.has(log.level)) {
      const { method, url } = request;
      log.info(
        {
          req: { method, url, headers: request.headers, ip: address },
          res: { statusCode: response.statusCode },
          responseTime: performance.now() - started,
        },
        'request completed',
      );
    }
    return true;
  }

  return (request, response) => {
    const { url } = request;
    if (request.method !== 'GET' || !url?.startsWith(PREFIX) || url.includes('?')) return false;
    if (request.headers.authorization !== undefined || hasSessionCookie(request.headers.cookie)) return false;
    const target = parseIframeFile(url.slice(PREFIX.length));
    if (!target) return false;
    return serve(request, response, target).catch(() => false);
  };
}
