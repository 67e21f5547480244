import { UPLOAD_RESOLUTION_LIMITS } from '@wiggle/common/constants';
import type { AuthInfo } from '@wiggle/common/schemas/auth';
import type { Kysely } from 'kysely';
import { fromDbBool } from '../../platform/db/columns';
import type { Database } from '../../platform/db/schema';
import { createCodeStore } from './code-store';
import type { UserRow } from './tables';
import { createUserStore } from './user-store';

/**
 * What other features read and write of a member's account: auth (credentials, auth info), support (contact),
 * library (upload preferences), and the cleanup job. The account's own rules are in service.ts.
 */

export const avatarUrl = (avatarId: string | null): string | null =>
  avatarId ? `/api/account/avatar/${avatarId}` : null;

/** SPEC §3 "Auth info" of a member and a token. */
export function toAuthInfo(user: UserRow, token: string): AuthInfo {
  return {
    token,
    settings: user.settings,
    username: user.email,
    isVerifiedEmail: fromDbBool(user.is_verified_email),
    isAdmin: fromDbBool(user.is_admin),
    details: { name: user.name, avatar: avatarUrl(user.avatar_id) },
  };
}

export function createUsersService(db: Kysely<Database>) {
  const users = createUserStore(db);
  return {
    findByEmail: (email: string) => users.findByEmail(email),
    findById: (id: number) => users.findById(id),
    /** Records a used TOTP step; false when this or a later step was used already (a replayed code). */
    claimTotpStep: (id: number, step: number) => users.claimTotpStep(id, step),
    replacePasswordHash: (id: number, passwordHash: string) =>
      users.update(id, { password_hash: passwordHash }),
    /** "Name <e-mail>" of a member, for mails written on their behalf. */
    async contactOf(id: number): Promise<string | undefined> {
      const user = await users.findById(id);
      return user ? `${user.name} <${user.email}>` : undefined;
    },
  };
}
export type UsersService = ReturnType<typeof createUsersService>;

/**
 * The member's upload preferences from the stored user settings (SPEC §3: only non-default values are stored),
 * used when an upload does not send resolutionLimit / reencode itself. Keys are the web settings store's.
 */
export async function memberUploadPreferences(
  db: Kysely<Database>,
  ownerId: number,
): Promise<{ resolutionLimit?: number; reencode?: boolean }> {
  const user = await createUserStore(db).findById(ownerId);
  let settings: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(user?.settings ?? '{}');
    if (parsed && typeof parsed === 'object') settings = parsed as Record<string, unknown>;
  } catch {
    // Unreadable settings are the defaults.
  }
  const limit = settings.uploadResolutionLimit;
  const reencode = settings.uploadForceReencode;
  return {
    ...(typeof limit === 'number' && (UPLOAD_RESOLUTION_LIMITS as readonly number[]).includes(limit)
      ? { resolutionLimit: limit }
      : {}),
    ...(typeof reencode === 'boolean' ? { reencode } : {}),
  };
}

/** Expired verification codes and reset links; all are refused already, this keeps the tables small. */
export async function deleteExpiredCodes(db: Kysely<Database>): Promise<void> {
  await createCodeStore(db).deleteExpired();
}
