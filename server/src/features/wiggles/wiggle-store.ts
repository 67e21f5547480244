import { DeleteStatus } from '@wiggle/common/enums';
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { WiggleRow } from '../library/mappers';

/** The creation's queries on wiggle rows; member queries filter on `owner_id` in their own `where`. */
type Db = Kysely<Database>;
type WigglesTable = Database['wiggles'];

export function insertWiggle(db: Db, values: Insertable<WigglesTable>): Promise<WiggleRow> {
  return db.insertInto('wiggles').values(values).returningAll().executeTakeFirstOrThrow();
}

export function wiggleStatuses(db: Db, ownerId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('wiggles')
    .select(['id', 'create_status', 'auto_align_status', 'i_status', 'error_message'])
    .where('owner_id', '=', ownerId)
    .where('id', 'in', ids)
    .where('delete_status', '!=', DeleteStatus.Expired)
    .orderBy('id')
    .execute();
}

/** The creation job works on behalf of the system, by wiggle id alone (the owner enqueued it). */
export function loadWiggleForJob(db: Db, id: number): Promise<WiggleRow | undefined> {
  return db.selectFrom('wiggles').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * Updates the wiggle a job works on, unless it was purged (Expired) or removed meanwhile. Returns false then: the
 * job's media has no row any more, and the job removes what it wrote. Check and update are one statement, so a purge
 * (which marks Expired before it deletes files) cannot slip in between.
 */
export async function updateWiggleForJob(
  db: Db,
  id: number,
  patch: Updateable<WigglesTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('wiggles')
    .set(patch)
    .where('id', '=', id)
    .where('delete_status', '!=', DeleteStatus.Expired)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The member's wiggle that is not Expired (Active or Trash), for its media. */
export function findMemberWiggle(db: Db, ownerId: number, id: number) {
  return db
    .selectFrom('wiggles')
    .select(['id', 'blob_prefix'])
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .where('delete_status', '!=', DeleteStatus.Expired)
    .executeTakeFirst();
}
