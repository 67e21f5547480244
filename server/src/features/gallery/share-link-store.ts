import type { Kysely, Updateable } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { ShareLinkRow, ShareLinksTable } from './tables';

/** Share-link queries. Every one filters on the member (`owner_id`) except the lookup by token. */

type Db = Kysely<Database>;

export function insertShareLink(
  db: Db,
  values: Omit<ShareLinksTable, 'id' | 'is_active'>,
): Promise<ShareLinkRow> {
  return db.insertInto('share_links').values(values).returningAll().executeTakeFirstOrThrow();
}

export function listShareLinks(db: Db, ownerId: number, target: { wiggleId?: number; albumId?: number }) {
  let query = db.selectFrom('share_links').selectAll().where('owner_id', '=', ownerId);
  if (target.wiggleId !== undefined) query = query.where('wiggle_id', '=', target.wiggleId);
  if (target.albumId !== undefined) query = query.where('album_id', '=', target.albumId);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export function updateShareLink(db: Db, ownerId: number, id: number, fields: Updateable<ShareLinksTable>) {
  return db
    .updateTable('share_links')
    .set(fields)
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteShareLink(db: Db, ownerId: number, id: number): Promise<number> {
  const result = await db
    .deleteFrom('share_links')
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The link behind a token, whatever its state: the share page tells an expired link from an unknown one. */
export function findShareLinkByToken(db: Db, token: string) {
  return db.selectFrom('share_links').selectAll().where('token', '=', token).executeTakeFirst();
}
