import type { Kysely } from 'kysely';
import { isoNow } from '../../platform/db/columns';
import type { Database } from '../../platform/db/schema';

/** Queries on `avatars` and the member's current avatar id. */
export function createAvatarStore(db: Kysely<Database>) {
  return {
    async currentAvatarId(userId: number): Promise<string | null> {
      const row = await db
        .selectFrom('users')
        .select('avatar_id')
        .where('id', '=', userId)
        .executeTakeFirst();
      return row?.avatar_id ?? null;
    },
    /** Records avatar `id` as the member's current one and forgets `previousId`, in one transaction. */
    async replaceAvatar(userId: number, id: string, previousId: string | null): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('avatars').values({ id, user_id: userId, created_at: isoNow() }).execute();
        await trx
          .updateTable('users')
          .set({ avatar_id: id, updated_at: isoNow() })
          .where('id', '=', userId)
          .execute();
        if (previousId) await trx.deleteFrom('avatars').where('id', '=', previousId).execute();
      });
    },
    /** Avatar `id` if it exists and, unless `ownerId` is null (admins), belongs to that member. */
    async findAvatar(id: string, ownerId: number | null): Promise<{ id: string } | undefined> {
      let query = db.selectFrom('avatars').select('id').where('id', '=', id);
      if (ownerId !== null) query = query.where('user_id', '=', ownerId);
      return query.executeTakeFirst();
    },
  };
}
