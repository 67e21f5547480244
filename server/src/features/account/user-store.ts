import { UserStatus } from '@wiggle/common/enums';
import type { Kysely } from 'kysely';
import { isoNow, isUniqueViolation } from '../../platform/db/columns';
import type { Database } from '../../platform/db/schema';
import type { NewUser, UserRow, UserUpdate } from './tables';

/** Queries on `users`; no rules here (STYLE.md: a store never decides policy). */
export function createUserStore(db: Kysely<Database>) {
  return {
    findById(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
    },
    findByEmail(email: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();
    },
    /** Inserts a member; resolves undefined when the e-mail is taken (unique index, race-safe). */
    async insert(user: Omit<NewUser, 'created_at' | 'updated_at'>): Promise<number | undefined> {
      const now = isoNow();
      try {
        const row = await db
          .insertInto('users')
          .values({ ...user, created_at: now, updated_at: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },
    async update(id: number, changes: UserUpdate): Promise<void> {
      await db
        .updateTable('users')
        .set({ ...changes, updated_at: isoNow() })
        .where('id', '=', id)
        .execute();
    },
    /** Records a used TOTP step; false when this or a later step was used already (a replayed code). */
    async claimTotpStep(id: number, step: number): Promise<boolean> {
      const result = await db
        .updateTable('users')
        .set({ totp_last_step: step })
        .where('id', '=', id)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async setStatus(id: number, status: UserStatus): Promise<void> {
      await db.updateTable('users').set({ status, updated_at: isoNow() }).where('id', '=', id).execute();
    },
  };
}
export type UserStore = ReturnType<typeof createUserStore>;

export const isActive = (user: Pick<UserRow, 'status'>) => user.status === UserStatus.Active;
