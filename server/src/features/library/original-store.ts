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

/** Active originals of the member among `ids` (any order; missing or foreign ids are left out). */
export function findActiveOriginals(db: Db, ownerId: number, ids: readonly number[]): Promise<OriginalRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('originals')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('id', 'in', ids)
    .where('delete_status', '=', DeleteStatus.Active)
    .execute();
}

/** Any original of the member that still has files (Active or Trash). */
export function findOriginal(db: Db, ownerId: number, id: number): Promise<OriginalRow | undefined> {
  return db
    .selectFrom('originals')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .where('delete_status', '!=', DeleteStatus.Expired)
    .executeTakeFirst();
}

export function findOriginalsInFolders(db: Db, ownerId: number, folderIds: readonly number[]) {
  if (folderIds.length === 0) return Promise.resolve([] as OriginalRow[]);
  return db
    .selectFrom('originals')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('folder_id', 'in', folderIds)
    .where('delete_status', '=', DeleteStatus.Active)
    .orderBy('id')
    .execute();
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

export async function markOriginalsExpired(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db
    .updateTable('originals')
    .set({ delete_status: DeleteStatus.Expired })
    .where('id', 'in', ids)
    .execute();
}

/** Top-level trashed originals (their folder is not in the trash too). */
export function listTopTrashedOriginals(db: Db, ownerId: number) {
  return db
    .selectFrom('originals as o')
    .leftJoin('folders as f', 'f.id', 'o.folder_id')
    .selectAll('o')
    .where('o.owner_id', '=', ownerId)
    .where('o.delete_status', '=', DeleteStatus.Trash)
    .where((eb) => eb.or([eb('f.id', 'is', null), eb('f.delete_status', '!=', DeleteStatus.Trash)]))
    .orderBy('o.deleted_at', 'desc')
    .orderBy('o.id')
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
