/** Deployment settings of the web app, read once from Vite's environment. */

/** Origin of the API (SPEC's {host}); empty means the page's own origin. */
export const API_ORIGIN: string = (import.meta.env.VITE_API_ORIGIN ?? '').replace(/\/$/, '');
export const API_PREFIX = '/api/';

/** The product's public site; the terms live at `${PUBLIC_SITE}/terms` (SPEC §2). */
export const PUBLIC_SITE: string = (import.meta.env.VITE_PUBLIC_SITE ?? '').replace(/\/$/, '');
export const TERMS_URL = `${PUBLIC_SITE}/terms`;
export const PRIVACY_POLICY_URL = '/privacy-policy.html';

/** Where a page goes once the visitor is or is not signed in (SPEC §2 "Home destination"). */
export const AUTHENTICATED_HOME = '/library/';
export const UNAUTHENTICATED_HOME = '/auth/login';

/** localStorage key of the flag that disables remote settings (set while impersonating, SPEC §4). */
export const DISABLE_REMOTE_SETTINGS_KEY = 'disableRemoteSettings';
export const TOKEN_STORAGE_KEY = 'token';
/** The admin's own token while they view a member's account (SPEC §4 impersonation). */
export const IMPERSONATION_STORAGE_KEY = 'impersonation';
export const TOKEN_COOKIE_NAME = 'token';
