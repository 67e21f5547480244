import type { Kysely } from 'kysely';
import { hashPassword } from '../../platform/auth/passwords';
import { newTotpSecret, totpUri } from '../../platform/auth/totp';
import type { Database } from '../../platform/db/schema';
import { createUserStore } from './user-store';

export interface AdminAccountInput {
  email: string;
  password: string;
  name: string;
}

/**
 * Creates a verified admin with a new TOTP secret, or turns an existing member into one (new password and secret).
 * Used by `npm run admin:create` and the tests.
 */
export async function createAdminAccount(
  db: Kysely<Database>,
  input: AdminAccountInput,
): Promise<{ id: number; totpSecret: string; otpauthUri: string; created: boolean }> {
  const email = input.email.trim().toLowerCase();
  const totpSecret = newTotpSecret();
  const passwordHash = await hashPassword(input.password);
  const users = createUserStore(db);
  const fields = {
    name: input.name,
    password_hash: passwordHash,
    is_admin: 1,
    is_verified_email: 1,
    totp_secret: totpSecret,
  };
  const existing = await users.findByEmail(email);
  let id: number;
  if (existing) {
    await users.update(existing.id, fields);
    id = existing.id;
  } else {
    const inserted = await users.insert({ email, status: 1, ...fields });
    if (inserted === undefined) throw new Error(`could not create ${email}`);
    id = inserted;
  }
  return { id, totpSecret, otpauthUri: totpUri(totpSecret, email), created: !existing };
}
