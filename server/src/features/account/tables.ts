import type { UserStatus } from '@wiggle/common/enums';
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Members. `email` is stored lower-case and is the login name (SPEC "username"). */
export interface UsersTable {
  id: Generated<number>;
  email: string;
  name: string;
  password_hash: string;
  status: UserStatus;
  is_admin: number;
  is_verified_email: number;
  /** Base32 TOTP secret of admins; null for everyone else. */
  totp_secret: string | null;
  /** TOTP time step of the admin's last sign-in; older and equal steps are refused (no replay). */
  totp_last_step: Generated<number | null>;
  about_me: Generated<string>;
  external_link: Generated<string>;
  subscribe_features: Generated<number>;
  subscribe_hints: Generated<number>;
  /** JSON object of the member's non-default view settings (SPEC §3 "User settings"). */
  settings: Generated<string>;
  /** Public id of the current avatar (avatars.id), null when none. */
  avatar_id: string | null;
  created_at: string;
  updated_at: string;
  /** When an admin set the status Deleted; the purge removes the member some days later (null otherwise). */
  deleted_at: Generated<string | null>;
}

/** Signed-in sessions; only the SHA-256 of the bearer token is stored. */
export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  strict: number;
  created_at: string;
  expires_at: string;
  /** The admin who started this impersonation session (SPEC §4); null for the member's own sessions. */
  impersonated_by: Generated<number | null>;
}

/** The pending e-mail verification code of a member (one row per member at most). */
export interface EmailVerificationsTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  expires_at: string;
  failed_tries: number;
  created_at: string;
}

/** Password reset requests: the link carries the token (looked up by hash) and a 6-digit code. */
export interface PasswordResetsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  code_hash: string;
  expires_at: string;
  failed_tries: number;
  used_at: string | null;
  created_at: string;
}

/** Uploaded avatars under random public ids, so the URL does not enumerate members. */
export interface AvatarsTable {
  id: string;
  user_id: number;
  created_at: string;
}

export interface AccountTables {
  users: UsersTable;
  sessions: SessionsTable;
  email_verifications: EmailVerificationsTable;
  password_resets: PasswordResetsTable;
  avatars: AvatarsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
