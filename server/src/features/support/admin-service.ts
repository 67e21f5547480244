import type { AdminInquiry } from '@wiggle/common/schemas/admin';
import type { Kysely } from 'kysely';
import { isoNow } from '../../platform/db/columns';
import { decodeCursor, pageFromRows } from '../../platform/db/keyset-cursor';
import type { Database } from '../../platform/db/schema';
import { NotFound } from '../../platform/errors';

/** The admins' side of support (SPEC §3 "Support inquiry"): list with the member and who read it, mark read. */
export function createSupportAdminService(db: Kysely<Database>) {
  const select = () =>
    db
      .selectFrom('support_inquiries as s')
      .innerJoin('users as u', 'u.id', 's.user_id')
      .leftJoin('users as r', 'r.id', 's.read_by')
      .select([
        's.id as id',
        's.message as message',
        's.sent_at as sent',
        's.read_at as read',
        'u.id as userId',
        'u.email as userEmail',
        'u.name as userName',
        'r.id as readerId',
        'r.email as readerEmail',
      ]);
  type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
  const toInquiry = (row: Row): AdminInquiry => ({
    id: row.id,
    user: { id: row.userId, email: row.userEmail, name: row.userName },
    message: row.message,
    sent: row.sent,
    read: row.read,
    readBy:
      row.readerId !== null && row.readerEmail !== null ? { id: row.readerId, email: row.readerEmail } : null,
  });

  return {
    /** Newest first by id (keyset), optionally the unread ones only. */
    async list(query: { unread?: boolean | undefined; cursor?: string | undefined; limit: number }) {
      const after = decodeCursor(query.cursor);
      let q = select();
      if (query.unread) q = q.where('s.read_at', 'is', null);
      if (after) q = q.where('s.id', '<', after.id);
      const rows = await q
        .orderBy('s.id', 'desc')
        .limit(query.limit + 1)
        .execute();
      const { rows: page, nextCursor } = pageFromRows(rows, query.limit, (row) => row.id);
      return {
        items: page.map(toInquiry),
        nextCursor,
      };
    },

    /** Marks read by `adminId`; an inquiry read already keeps its first reader and date. */
    async markRead(id: number, adminId: number): Promise<AdminInquiry> {
      await db
        .updateTable('support_inquiries')
        .set({ read_at: isoNow(), read_by: adminId })
        .where('id', '=', id)
        .where('read_at', 'is', null)
        .execute();
      const row = await select().where('s.id', '=', id).executeTakeFirst();
      if (!row) throw new NotFound('This inquiry does not exist.');
      return toInquiry(row);
    },
  };
}
