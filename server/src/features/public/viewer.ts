import type { FastifyReply, FastifyRequest } from 'fastify';
import { authenticate } from '../../platform/auth/guards';
import type { Viewer } from '../gallery/public-service';

/** Who is asking: the signed-in member (bearer or, for GET, the cookie) and a share token they hold. */
export async function viewerOf(request: FastifyRequest, shareToken?: string): Promise<Viewer> {
  const member = await authenticate(request);
  const share = shareToken ?? (request.query as { share?: unknown } | undefined)?.share;
  return {
    memberId: member?.id,
    shareToken: typeof share === 'string' && share ? share : undefined,
    // An admin acting as a member (impersonation) sees what that member sees, not everything.
    isAdmin: member?.isAdmin === true && member.impersonatedBy === null,
  };
}

/** A page shaped for a signed-in viewer (the owner's blocked wiggles, an admin's view) never goes to shared caches. */
export const sharedCacheable = (viewer: Viewer, isPublic: number) =>
  isPublic === 1 && viewer.memberId === undefined;

/**
 * Public content may sit in shared caches (CDNs, proxies) for a few minutes. Private or shared content never does,
 * and the viewer's own browser revalidates it each time (ETag), so a deactivated link or a wiggle made private
 * stops showing at once.
 */
export const cacheControlFor = (isPublic: boolean, maxAgeSeconds = 300) =>
  isPublic ? `public, max-age=${maxAgeSeconds}` : 'private, no-cache';

/** The caching headers of an answer (lower case, as sent); private answers vary by who asks. */
export function cacheHeadersFor(isPublic: boolean, maxAgeSeconds = 300): Record<string, string> {
  const cacheControl = cacheControlFor(isPublic, maxAgeSeconds);
  return isPublic
    ? { 'cache-control': cacheControl }
    : { 'cache-control': cacheControl, vary: 'Authorization, Cookie' };
}

export function setCacheControl(reply: FastifyReply, isPublic: boolean, maxAgeSeconds = 300): void {
  reply.headers(cacheHeadersFor(isPublic, maxAgeSeconds));
}
