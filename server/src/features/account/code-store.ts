import type { Kysely } from 'kysely';
import { isoNow } from '../../platform/db/columns';
import type { Database } from '../../platform/db/schema';

/** Queries on the e-mail verification codes and password reset requests. */
export function createCodeStore(db: Kysely<Database>) {
  return {
    /** Replaces the member's pending verification code (a resend invalidates the old one). */
    async putVerification(userId: number, codeHash: string, expiresAt: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('email_verifications').where('user_id', '=', userId).execute();
        await trx
          .insertInto('email_verifications')
          .values({
            user_id: userId,
            code_hash: codeHash,
            expires_at: expiresAt,
            failed_tries: 0,
            created_at: isoNow(),
          })
          .execute();
      });
    },
    findVerification(userId: number) {
      return db
        .selectFrom('email_verifications')
        .selectAll()
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },
    async countVerificationFailure(id: number): Promise<void> {
      await db
        .updateTable('email_verifications')
        .set((eb) => ({ failed_tries: eb('failed_tries', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },
    async deleteVerification(userId: number): Promise<void> {
      await db.deleteFrom('email_verifications').where('user_id', '=', userId).execute();
    },

    async insertReset(userId: number, tokenHash: string, codeHash: string, expiresAt: string): Promise<void> {
      await db
        .insertInto('password_resets')
        .values({
          user_id: userId,
          token_hash: tokenHash,
          code_hash: codeHash,
          expires_at: expiresAt,
          failed_tries: 0,
          used_at: null,
          created_at: isoNow(),
        })
        .execute();
    },
    async countResetsSince(userId: number, since: string): Promise<number> {
      const row = await db
        .selectFrom('password_resets')
        .select((eb) => eb.fn.countAll<string | number>().as('count'))
        .where('user_id', '=', userId)
        .where('created_at', '>', since)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },
    findResetByTokenHash(tokenHash: string) {
      return db
        .selectFrom('password_resets')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
    },
    async countResetFailure(id: number): Promise<void> {
      await db
        .updateTable('password_resets')
        .set((eb) => ({ failed_tries: eb('failed_tries', '+', 1) }))
        .where('id', '=', id)
        .execute();
    },
    /** Marks a reset used; false when another request used it first. */
    async useReset(id: number): Promise<boolean> {
      const result = await db
        .updateTable('password_resets')
        .set({ used_at: isoNow() })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Every open reset of a member ends when one succeeds or the password changes. */
    async closeResetsOfUser(userId: number): Promise<void> {
      await db
        .updateTable('password_resets')
        .set({ used_at: isoNow() })
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
    },
    async deleteExpired(): Promise<void> {
      const now = isoNow();
      await db.deleteFrom('email_verifications').where('expires_at', '<=', now).execute();
      await db.deleteFrom('password_resets').where('expires_at', '<=', now).execute();
    },
  };
}
export type CodeStore = ReturnType<typeof createCodeStore>;
