import { AuthenticationStatus } from '@wiggle/common/enums';
import { AUTHENTICATED_HOME, UNAUTHENTICATED_HOME } from '../lib/config';

export interface GuardAuthState {
  status: AuthenticationStatus;
  isVerifiedEmail: boolean;
  isAdmin: boolean;
}

/** Pages for the signed-out (SPEC §2 whitelist); a verified member opening one goes home instead. */
const SIGNED_OUT_PAGES = ['/auth/login', '/account/register/', '/account/reset/'] as const;
/** Pages a visitor may open, by exact path or as a prefix; the terms must open from the register form. */
export const PUBLIC_WHITELIST = [...SIGNED_OUT_PAGES, '/terms'] as const;
/** An unverified member may also reach support (SPEC §6: "register/verify and support only"). */
export const UNVERIFIED_WHITELIST = [...PUBLIC_WHITELIST, '/support/'] as const;

const withoutTrailingSlash = (path: string) => (path.length > 1 ? path.replace(/\/+$/, '') : path);

/** Exact path (trailing slash ignored) or a prefix at a path-segment boundary, so /auth/loginx is not /auth/login. */
export function matchesRoute(pathname: string, route: string): boolean {
  const path = withoutTrailingSlash(pathname);
  const base = withoutTrailingSlash(route);
  if (base === '/') return path === '/';
  return path === base || path.startsWith(`${base}/`);
}

const inList = (pathname: string, list: readonly string[]) =>
  list.some((route) => matchesRoute(pathname, route));

/** SPEC §2 route guard as a pure function: where to send the member instead, or null to stay. */
export function decideRedirect(pathname: string, auth: GuardAuthState): string | null {
  if (auth.status !== AuthenticationStatus.Authenticated) {
    return inList(pathname, PUBLIC_WHITELIST) ? null : UNAUTHENTICATED_HOME;
  }
  if (!auth.isVerifiedEmail) {
    return inList(pathname, UNVERIFIED_WHITELIST) ? null : '/account/register/';
  }
  if (pathname === '/') return AUTHENTICATED_HOME;
  if (inList(pathname, SIGNED_OUT_PAGES)) return AUTHENTICATED_HOME;
  if (!auth.isAdmin && matchesRoute(pathname, '/admin')) return AUTHENTICATED_HOME;
  return null;
}
