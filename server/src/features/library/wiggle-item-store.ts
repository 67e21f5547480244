import { DeleteStatus, type WiggleSort } from '@wiggle/common/enums';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { WiggleRow } from './mappers';
import type { WigglesTable } from './tables';

/**
 * The library's queries on wiggle rows as items of a folder (sorting, copies, purge). How a wiggle is made is
 * the wiggles feature's store; a wiggle row is declared here because every library item lives in a folder.
 */
type Db = Kysely<Database>;

export const WIGGLE_SORT_COLUMN = {
  name: 'name',
  created: 'created_at',
  lastModified: 'last_modified_at',
  rating: 'rating',
} as const satisfies Record<WiggleSort, keyof WigglesTable>;

export function insertWiggleCopy(db: Db, values: Insertable<WigglesTable>): Promise<WiggleRow> {
  return db.insertInto('wiggles').values(values).returningAll().executeTakeFirstOrThrow();
}

export function trashedWigglesBefore(db: Db, before: string, limit: number) {
  return db
    .selectFrom('wiggles')
    .select(['id', 'blob_prefix'])
    .where('delete_status', '=', DeleteStatus.Trash)
    .where('deleted_at', '<', before)
    .limit(limit)
    .execute();
}
