import { DeleteStatus } from '@wiggle/common/enums';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { FolderRow } from './mappers';

/** Folder queries. Every one filters on the member (`owner_id`) in its own `where`. */

type Db = Kysely<Database>;

export function listFolders(db: Db, ownerId: number, status: DeleteStatus = DeleteStatus.Active) {
  return db
    .selectFrom('folders')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('delete_status', '=', status)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

/** Id, parent and status of all the member's folders: the tree is small enough to walk in memory. */
export function folderSkeleton(db: Db, ownerId: number) {
  return db
    .selectFrom('folders')
    .select(['id', 'parent_id', 'delete_status', 'deleted_at'])
    .where('owner_id', '=', ownerId)
    .where('delete_status', '!=', DeleteStatus.Expired)
    .execute();
}

export function findFoldersByIds(db: Db, ownerId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([] as FolderRow[]);
  return db
    .selectFrom('folders')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('id', 'in', ids)
    .where('delete_status', '!=', DeleteStatus.Expired)
    .execute();
}

export function insertFolder(
  db: Db,
  values: { ownerId: number; parentId: number | null; name: string; createdAt: string },
): Promise<FolderRow> {
  return db
    .insertInto('folders')
    .values({
      owner_id: values.ownerId,
      parent_id: values.parentId,
      name: values.name,
      created_at: values.createdAt,
      deleted_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function setFolderParent(
  db: Db,
  ownerId: number,
  ids: readonly number[],
  parentId: number | null,
) {
  if (ids.length === 0) return;
  await db
    .updateTable('folders')
    .set({ parent_id: parentId })
    .where('owner_id', '=', ownerId)
    .where('id', 'in', ids)
    .execute();
}

/** Trashed folders whose parent is not trashed: what the trash list shows. */
export function listTopTrashedFolders(db: Db, ownerId: number) {
  return db
    .selectFrom('folders as f')
    .leftJoin('folders as p', 'p.id', 'f.parent_id')
    .selectAll('f')
    .where('f.owner_id', '=', ownerId)
    .where('f.delete_status', '=', DeleteStatus.Trash)
    .where((eb) => eb.or([eb('p.id', 'is', null), eb('p.delete_status', '!=', DeleteStatus.Trash)]))
    .orderBy('f.deleted_at', 'desc')
    .orderBy('f.id')
    .execute();
}

/**
 * Inside a transaction: true when the member's folder is active, and then locked until the transaction ends (a
 * no-op update takes the row lock on PostgreSQL; SQLite holds the database's write lock), so a concurrent trash
 * waits and then takes along whatever was put into the folder meanwhile.
 */
export async function lockActiveFolder(db: Db, ownerId: number, folderId: number): Promise<boolean> {
  const result = await db
    .updateTable('folders')
    .set((eb) => ({ delete_status: eb.ref('delete_status') }))
    .where('id', '=', folderId)
    .where('owner_id', '=', ownerId)
    .where('delete_status', '=', DeleteStatus.Active)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
