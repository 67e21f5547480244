import { DeleteStatus, type OriginalSort } from '@wiggle/common/enums';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { OriginalRow } from './mappers';
import type { OriginalsTable } from './tables';

/** Original queries; member queries filter on `owner_id` in their own `where`. */
type Db = Kysely<Database>;

export const ORIGINAL_SORT_COLUMN = {
  name: 'name',
  date: 'uploaded_at',
  width: 'width',
  height: 'height',
  resolution: 'pixels',
} as const satisfies Record<OriginalSort, keyof OriginalsTable>;

export function insertOriginal(db: Db, values: Insertable<OriginalsTable>): Promise<OriginalRow> {
  return db.insertInto('originals').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Bulk insert for benchmarks and copies; returns nothing to stay fast. */
export async function insertOriginals(db: Db, values: Insertable<OriginalsTable>[]) {
  if (values.length > 0) await db.insertInto('originals').values(values).execute();
}

/** Trashed originals older than `before`, across members (purge). */
export function trashedOriginalsBefore(db: Db, before: string, limit: number) {
  return db
    .selectFrom('originals')
    .select(['id', 'blob_o', 'blob_p', 'blob_t'])
    .where('delete_status', '=', DeleteStatus.Trash)
    .where('deleted_at', '<', before)
    .limit(limit)
    .execute();
}

/** The creation job reads its sources by id alone (the owner enqueued it); Expired originals have no files. */
export function originalBlobForJob(db: Db, id: number) {
  return db
    .selectFrom('originals')
    .select('blob_o')
    .where('id', '=', id)
    .where('delete_status', '!=', DeleteStatus.Expired)
    .executeTakeFirst();
}
