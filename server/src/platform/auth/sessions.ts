import { UserStatus } from '@wiggle/common/enums';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import { fromDbBool, isoNow, toDbBool } from '../db/columns';
import { compiledOnce } from '../db/compiled-query';
import type { Database } from '../db/schema';
import { newToken, sha256 } from './secrets';

export interface Member {
  id: number;
  username: string;
  isAdmin: boolean;
  isVerifiedEmail: boolean;
  sessionId: number;
  /** The admin acting as this member in an impersonation session (SPEC §4), else null. */
  impersonatedBy: number | null;
}

export interface SessionLifetimes {
  strictHours: number;
  longDays: number;
}

/** Starts a session and returns the bearer token (the database keeps its SHA-256 only). */
export async function createSession(
  db: Kysely<Database>,
  userId: number,
  strict: boolean,
  lifetimes: SessionLifetimes,
): Promise<string> {
  const token = newToken();
  const ttlMs = strict ? lifetimes.strictHours * 3_600_000 : lifetimes.longDays * 86_400_000;
  const now = Date.now();
  await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: sha256(token),
      strict: toDbBool(strict),
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + ttlMs).toISOString(),
    })
    .execute();
  return token;
}

/** A short, strict session as `userId`, marked with the admin who asked for it (SPEC §4 impersonation). */
export async function createImpersonationSession(
  db: Kysely<Database>,
  userId: number,
  adminId: number,
  minutes: number,
): Promise<{ token: string; expires: string }> {
  const token = newToken();
  const now = Date.now();
  const expires = new Date(now + minutes * 60_000).toISOString();
  await db
    .insertInto('sessions')
    .values({
      user_id: userId,
      token_hash: sha256(token),
      strict: 1,
      created_at: new Date(now).toISOString(),
      expires_at: expires,
      impersonated_by: adminId,
    })
    .execute();
  return { token, expires };
}

const selectActiveSession = compiledOnce((db, tokenHash: string, now: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as sessionId',
      'users.id as id',
      'users.email as email',
      'users.is_admin as isAdmin',
      'users.is_verified_email as isVerifiedEmail',
      'users.status as status',
      'sessions.impersonated_by as impersonatedBy',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', now),
);

/**
 * The active member behind a token, or null for unknown, expired, blocked and deleted alike. Every request asks the
 * database (one compiled statement), so a blocked member or an ended session stops working at once.
 */
export async function findMemberByToken(db: Kysely<Database>, token: string): Promise<Member | null> {
  const [row] = await selectActiveSession(db, sha256(token), isoNow());
  if (!row || row.status !== UserStatus.Active) return null;
  return {
    id: row.id,
    username: row.email,
    isAdmin: fromDbBool(row.isAdmin),
    isVerifiedEmail: fromDbBool(row.isVerifiedEmail),
    sessionId: row.sessionId,
    impersonatedBy: row.impersonatedBy ?? null,
  };
}

/**
 * The status of the member behind a live session that no longer authenticates because an admin blocked or deleted
 * them (null for anything else), so the 401 can say why instead of a bare "not signed in".
 */
export async function refusedSessionStatus(db: Kysely<Database>, token: string): Promise<UserStatus | null> {
  const [row] = await selectActiveSession(db, sha256(token), isoNow());
  return row && row.status !== UserStatus.Active ? row.status : null;
}

/** A kept ("keep me logged in") session lasts from its last refresh; a strict one ends when it was set to. */
export async function extendLongSession(
  db: Kysely<Database>,
  sessionId: number,
  longDays: number,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ expires_at: new Date(Date.now() + longDays * 86_400_000).toISOString() })
    .where('id', '=', sessionId)
    .where('strict', '=', 0)
    .execute();
}

export async function deleteSession(db: Kysely<Database>, sessionId: number): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Ends every session of a member, optionally keeping one (the one that asked). */
export async function deleteSessionsOfUser(db: Kysely<Database>, userId: number, keepSessionId?: number) {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId !== undefined) query = query.where('id', '!=', keepSessionId);
  await query.execute();
}

/** Expired sessions are refused already; this keeps the table small. */
export async function deleteExpiredSessions(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', isoNow()).execute();
}

/** The session lifetimes the configuration sets. */
export const sessionLifetimes = (
  config: Pick<Config, 'SESSION_TTL_STRICT_HOURS' | 'SESSION_TTL_LONG_DAYS'>,
): SessionLifetimes => ({
  strictHours: config.SESSION_TTL_STRICT_HOURS,
  longDays: config.SESSION_TTL_LONG_DAYS,
});
