/** The five roles of the authorization matrix and the expectations rows share (own module: rows import it early). */
export type Role = 'visitor' | 'unverified' | 'verified' | 'other' | 'admin';
export const ROLES: Role[] = ['visitor', 'unverified', 'verified', 'other', 'admin'];

export const everyone = (status: number): Record<Role, number> => ({
  visitor: status,
  unverified: status,
  verified: status,
  other: status,
  admin: status,
});
/** Signed-in members, verified or not. */
export const members = (status = 200): Record<Role, number> => ({ ...everyone(status), visitor: 401 });
/** Verified members only (SPEC §6). */
export const verified = (status = 200): Record<Role, number> => ({
  ...everyone(status),
  visitor: 401,
  unverified: 403,
});
