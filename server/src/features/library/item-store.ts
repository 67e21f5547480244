import { DeleteStatus } from '@wiggle/common/enums';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

/**
 * Operations shared by the three library tables (rename, trash, restore, move). Each filters on `owner_id`
 * in its own `where`, so an id of another member simply matches nothing.
 */
type Db = Kysely<Database>;
export type LibraryTable = 'folders' | 'originals' | 'wiggles';
export type ItemTable = 'originals' | 'wiggles';

export async function renameItem(db: Db, ownerId: number, table: LibraryTable, id: number, name: string) {
  const result = await db
    .updateTable(table as 'folders')
    .set({ name })
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .where('delete_status', '=', DeleteStatus.Active)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Active rows of `ids` that belong to the member. */
export async function ownedActiveIds(db: Db, ownerId: number, table: LibraryTable, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom(table as 'folders')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('id', 'in', ids)
    .where('delete_status', '=', DeleteStatus.Active)
    .execute();
  return rows.map((r) => r.id);
}

export async function trashRows(
  db: Db,
  ownerId: number,
  table: LibraryTable,
  ids: readonly number[],
  at: string,
) {
  if (ids.length === 0) return;
  await db
    .updateTable(table as 'folders')
    .set({ delete_status: DeleteStatus.Trash, deleted_at: at })
    .where('owner_id', '=', ownerId)
    .where('id', 'in', ids)
    .where('delete_status', '=', DeleteStatus.Active)
    .execute();
}

/** Trashes the active originals or wiggles inside the given folders (a trashed folder takes its contents along). */
export async function trashContents(db: Db, ownerId: number, folderIds: readonly number[], at: string) {
  if (folderIds.length === 0) return;
  for (const table of ['originals', 'wiggles'] as const) {
    await db
      .updateTable(table as 'originals')
      .set({ delete_status: DeleteStatus.Trash, deleted_at: at })
      .where('owner_id', '=', ownerId)
      .where('folder_id', 'in', folderIds)
      .where('delete_status', '=', DeleteStatus.Active)
      .execute();
  }
}

/** Restores the trashed contents of folders that were trashed together with them (same `deleted_at`). */
export async function restoreContents(db: Db, ownerId: number, folderIds: readonly number[], stamp: string) {
  if (folderIds.length === 0) return;
  for (const table of ['originals', 'wiggles'] as const) {
    await db
      .updateTable(table as 'originals')
      .set({ delete_status: DeleteStatus.Active, deleted_at: null })
      .where('owner_id', '=', ownerId)
      .where('folder_id', 'in', folderIds)
      .where('delete_status', '=', DeleteStatus.Trash)
      .where('deleted_at', '=', stamp)
      .execute();
  }
}

export async function restoreRows(db: Db, ownerId: number, table: LibraryTable, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db
    .updateTable(table as 'folders')
    .set({ delete_status: DeleteStatus.Active, deleted_at: null })
    .where('owner_id', '=', ownerId)
    .where('id', 'in', ids)
    .where('delete_status', '=', DeleteStatus.Trash)
    .execute();
}

export async function moveItems(
  db: Db,
  ownerId: number,
  table: ItemTable,
  ids: readonly number[],
  folderId: number | null,
) {
  if (ids.length === 0) return;
  await db
    .updateTable(table as 'originals')
    .set({ folder_id: folderId })
    .where('owner_id', '=', ownerId)
    .where('id', 'in', ids)
    .execute();
}

/** Trashed originals or wiggles (not Expired) of the member, with the status of their folder. */
export function trashedItemsWithFolder(db: Db, ownerId: number, table: ItemTable) {
  return db
    .selectFrom(`${table} as i` as 'originals as i')
    .leftJoin('folders as f', 'f.id', 'i.folder_id')
    .select(['i.id', 'i.folder_id', 'i.deleted_at', 'f.delete_status as folder_status'])
    .where('i.owner_id', '=', ownerId)
    .where('i.delete_status', '=', DeleteStatus.Trash)
    .execute();
}
