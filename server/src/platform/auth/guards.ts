import { UserStatus } from '@wiggle/common/enums';
import { AuthErrorCodes } from '@wiggle/common/schemas/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Forbidden, Unauthorized } from '../errors';
import type { Platform } from '../platform';
import { findMemberByToken, type Member, refusedSessionStatus } from './sessions';

declare module 'fastify' {
  interface FastifyInstance {
    platform: Platform;
  }
  interface FastifyContextConfig {
    /**
     * The `token` cookie authenticates this GET/HEAD route too: media in <img src> and the session refresh. Every
     * other route needs the bearer header, so no page of another site can act in a member's name.
     */
    cookieAuth?: boolean;
  }
  interface FastifyRequest {
    /** Set by the guards below; undefined on routes without one. */
    member?: Member;
  }
}

export const TOKEN_COOKIE = 'token';

/**
 * The token of `Authorization: Bearer ...`, else, on GET/HEAD routes marked `cookieAuth` (media, refresh) only, of
 * the `token` cookie the web app keeps so that media URLs in <img src> work (SPEC §3). A browser sends the cookie
 * with requests that other sites start (an <img src=".../logout">, a form), so it may show, never change, anything.
 */
export function requestToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) {
    const token = header.slice('Bearer '.length).trim();
    if (token) return token;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD') return undefined;
  if (request.routeOptions.config?.cookieAuth !== true) return undefined;
  const cookie = request.cookies?.[TOKEN_COOKIE];
  return cookie || undefined;
}

/** Resolves the member once per request; blocked and deleted members resolve to nobody. */
export async function authenticate(request: FastifyRequest): Promise<Member | undefined> {
  if (request.member) return request.member;
  const token = requestToken(request);
  if (!token || token.length > 200) return undefined;
  const member = await findMemberByToken(request.server.platform.db, token);
  if (member) request.member = member;
  return member ?? undefined;
}

/**
 * The 401 of a guarded route: a session of a member an admin blocked or deleted says so in the login's words (the
 * web app shows it on the login page), anything else is plainly "not signed in".
 */
async function notSignedIn(request: FastifyRequest): Promise<Unauthorized> {
  const token = requestToken(request);
  const status =
    token && token.length <= 200 ? await refusedSessionStatus(request.server.platform.db, token) : null;
  if (status === UserStatus.Blocked)
    return new Unauthorized('This account has been blocked.', AuthErrorCodes.blocked);
  if (status === UserStatus.Deleted)
    return new Unauthorized('This account has been deleted.', AuthErrorCodes.deleted);
  return new Unauthorized();
}

/** Signed in, verified or not. */
export async function requireMember(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  if (!(await authenticate(request))) throw await notSignedIn(request);
}

/** Signed in with a verified e-mail address (SPEC §6: everything but register/verify and support). */
export async function requireVerified(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const member = await authenticate(request);
  if (!member) throw await notSignedIn(request);
  if (!member.isVerifiedEmail)
    throw new Forbidden('Please verify your e-mail address first.', 'email_not_verified');
}

export async function requireAdmin(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const member = await authenticate(request);
  if (!member) throw await notSignedIn(request);
  if (!member.isAdmin) throw new Forbidden();
}

/**
 * Verified, and in the member's own session: an impersonating admin may look and tidy up, never change the member's
 * password, e-mail address or payments (SPEC §4). Routes doing those use this guard.
 */
export async function requireOwnSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await requireVerified(request, reply);
  if (request.member?.impersonatedBy != null) {
    throw new Forbidden('This is not possible while an admin is viewing the account.', 'impersonation');
  }
}

/** The member of a guarded route (a guard ran, so it is set). */
export function currentMember(request: FastifyRequest): Member {
  if (!request.member) throw new Unauthorized();
  return request.member;
}
