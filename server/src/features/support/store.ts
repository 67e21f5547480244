import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

export function createSupportStore(db: Kysely<Database>) {
  return {
    async insert(userId: number, message: string, sentAt: string): Promise<number> {
      const row = await db
        .insertInto('support_inquiries')
        .values({ user_id: userId, message, sent_at: sentAt, read_at: null, read_by: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
    findById(id: number) {
      return db.selectFrom('support_inquiries').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}
