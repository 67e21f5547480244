import { DeleteStatus } from '@wiggle/common/enums';
import type { Kysely } from 'kysely';
import { compiledOnce } from '../../platform/db/compiled-query';
import type { Database } from '../../platform/db/schema';
import type { FolderRow, OriginalRow, WiggleRow } from './mappers';

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

/** Which rows a delete-status change applies to: rows by their own id, or an item table's rows inside folders. */
type StatusTarget = { table: LibraryTable; column: 'id' } | { table: ItemTable; column: 'folder_id' };

interface StatusChange {
  from: DeleteStatus;
  to: DeleteStatus;
  /** `deleted_at` after the change: the trash time, or null when restored. */
  at: string | null;
  /** Only rows trashed at this time (contents trashed together with their folder). */
  trashedAt?: string;
}

/** The one trash/restore transition: the member's rows of `target` with `ids`, in status `from`, move to `to`. */
async function changeDeleteStatus(
  db: Db,
  ownerId: number,
  target: StatusTarget,
  ids: readonly number[],
  change: StatusChange,
) {
  if (ids.length === 0) return;
  let query = db
    .updateTable(target.table as 'originals')
    .set({ delete_status: change.to, deleted_at: change.at })
    .where('owner_id', '=', ownerId)
    .where(target.column, 'in', ids)
    .where('delete_status', '=', change.from);
  if (change.trashedAt !== undefined) query = query.where('deleted_at', '=', change.trashedAt);
  await query.execute();
}

const ITEM_TABLES = ['originals', 'wiggles'] as const satisfies readonly ItemTable[];

export async function trashRows(
  db: Db,
  ownerId: number,
  table: LibraryTable,
  ids: readonly number[],
  at: string,
) {
  await changeDeleteStatus(db, ownerId, { table, column: 'id' }, ids, {
    from: DeleteStatus.Active,
    to: DeleteStatus.Trash,
    at,
  });
}

/** Trashes the active originals or wiggles inside the given folders (a trashed folder takes its contents along). */
export async function trashContents(db: Db, ownerId: number, folderIds: readonly number[], at: string) {
  for (const table of ITEM_TABLES) {
    await changeDeleteStatus(db, ownerId, { table, column: 'folder_id' }, folderIds, {
      from: DeleteStatus.Active,
      to: DeleteStatus.Trash,
      at,
    });
  }
}

/** Restores the trashed contents of folders that were trashed together with them (same `deleted_at`). */
export async function restoreContents(db: Db, ownerId: number, folderIds: readonly number[], stamp: string) {
  for (const table of ITEM_TABLES) {
    await changeDeleteStatus(db, ownerId, { table, column: 'folder_id' }, folderIds, {
      from: DeleteStatus.Trash,
      to: DeleteStatus.Active,
      at: null,
      trashedAt: stamp,
    });
  }
}

export async function restoreRows(db: Db, ownerId: number, table: LibraryTable, ids: readonly number[]) {
  await changeDeleteStatus(db, ownerId, { table, column: 'id' }, ids, {
    from: DeleteStatus.Trash,
    to: DeleteStatus.Active,
    at: null,
  });
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

/** The row type of an item table: the shared queries below answer originals or wiggles as asked. */
export type ItemRow<T extends ItemTable> = T extends 'originals' ? OriginalRow : WiggleRow;
type AnyItemRow = OriginalRow | WiggleRow;
/** The row type of any library table (folders too). */
export type LibraryRow<T extends LibraryTable> = T extends 'folders' ? FolderRow : ItemRow<T & ItemTable>;

/** Active items of the member among `ids` (any order; missing or foreign ids are left out). */
export function findActiveItems<T extends ItemTable>(
  db: Db,
  table: T,
  ownerId: number,
  ids: readonly number[],
): Promise<ItemRow<T>[]>;
export function findActiveItems(
  db: Db,
  table: ItemTable,
  ownerId: number,
  ids: readonly number[],
): Promise<AnyItemRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom(table as 'originals')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('id', 'in', ids)
    .where('delete_status', '=', DeleteStatus.Active)
    .execute();
}

/** Any folder, original or wiggle of the member that is not Expired (Active or Trash). */
export function findItem<T extends LibraryTable>(
  db: Db,
  table: T,
  ownerId: number,
  id: number,
): Promise<LibraryRow<T> | undefined>;
export function findItem(
  db: Db,
  table: LibraryTable,
  ownerId: number,
  id: number,
): Promise<FolderRow | AnyItemRow | undefined> {
  return selectItem[table](db, ownerId, id).then(([row]) => row);
}

/** One compiled query per table: every media GET runs one (see compiledOnce). */
const itemQuery = (table: LibraryTable) =>
  compiledOnce((db, ownerId: number, id: number) =>
    db
      .selectFrom(table as 'originals')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('id', '=', id)
      .where('delete_status', '!=', DeleteStatus.Expired),
  );
const selectItem = {
  folders: itemQuery('folders'),
  originals: itemQuery('originals'),
  wiggles: itemQuery('wiggles'),
};

/** Active items of the member inside the given folders, by id. */
export function findItemsInFolders<T extends ItemTable>(
  db: Db,
  table: T,
  ownerId: number,
  folderIds: readonly number[],
): Promise<ItemRow<T>[]>;
export function findItemsInFolders(
  db: Db,
  table: ItemTable,
  ownerId: number,
  folderIds: readonly number[],
): Promise<AnyItemRow[]> {
  if (folderIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom(table as 'originals')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('folder_id', 'in', folderIds)
    .where('delete_status', '=', DeleteStatus.Active)
    .orderBy('id')
    .execute();
}

/** Top-level trashed items (their folder is not in the trash too), latest first. */
export function listTopTrashedItems<T extends ItemTable>(
  db: Db,
  table: T,
  ownerId: number,
): Promise<ItemRow<T>[]>;
export function listTopTrashedItems(db: Db, table: ItemTable, ownerId: number): Promise<AnyItemRow[]> {
  return db
    .selectFrom(`${table} as i` as 'originals as i')
    .leftJoin('folders as f', 'f.id', 'i.folder_id')
    .selectAll('i')
    .where('i.owner_id', '=', ownerId)
    .where('i.delete_status', '=', DeleteStatus.Trash)
    .where((eb) => eb.or([eb('f.id', 'is', null), eb('f.delete_status', '!=', DeleteStatus.Trash)]))
    .orderBy('i.deleted_at', 'desc')
    .orderBy('i.id')
    .execute();
}

/** Purge: the files of these items are gone, across members. */
export async function markItemsExpired(db: Db, table: ItemTable, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db
    .updateTable(table as 'originals')
    .set({ delete_status: DeleteStatus.Expired })
    .where('id', 'in', ids)
    .execute();
}
