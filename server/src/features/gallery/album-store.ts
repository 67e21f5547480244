import { DeleteStatus } from '@wiggle/common/enums';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';
import type { AlbumRow } from './tables';

/** Album queries. Every one filters on the member (`owner_id`) in its own `where`. */

type Db = Kysely<Database>;

export function listAlbums(db: Db, ownerId: number, status: DeleteStatus = DeleteStatus.Active) {
  return db
    .selectFrom('albums')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('delete_status', '=', status)
    .orderBy('name')
    .orderBy('id')
    .execute();
}

export function findAlbum(db: Db, ownerId: number, id: number): Promise<AlbumRow | undefined> {
  return db
    .selectFrom('albums')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .where('delete_status', '!=', DeleteStatus.Expired)
    .executeTakeFirst();
}

/** Inserts an album under `parentPath` ('/' at the root) and sets its path, which needs its id. */
export async function insertAlbum(
  db: Db,
  values: {
    ownerId: number;
    parentId: number | null;
    parentPath: string;
    name: string;
    isPublic: boolean;
    preventPublicListing: boolean;
    createdAt: string;
  },
): Promise<AlbumRow> {
  const row = await db
    .insertInto('albums')
    .values({
      owner_id: values.ownerId,
      parent_id: values.parentId,
      path: '',
      name: values.name,
      is_public: values.isPublic ? 1 : 0,
      prevent_public_listing: values.preventPublicListing ? 1 : 0,
      created_at: values.createdAt,
      deleted_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return db
    .updateTable('albums')
    .set({ path: `${values.parentPath}${row.id}/` })
    .where('id', '=', row.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateAlbumFields(
  db: Db,
  ownerId: number,
  id: number,
  fields: { name?: string; is_public?: number; prevent_public_listing?: number },
) {
  if (Object.keys(fields).length === 0) return;
  await db.updateTable('albums').set(fields).where('owner_id', '=', ownerId).where('id', '=', id).execute();
}

/** Moves the subtree at `oldPath` under a new parent: the album's parent and every path in the subtree change. */
export async function reparentAlbum(
  db: Db,
  ownerId: number,
  id: number,
  parentId: number | null,
  oldPath: string,
  newPath: string,
) {
  await db
    .updateTable('albums')
    .set({ parent_id: parentId })
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .execute();
  await db
    .updateTable('albums')
    .set({ path: sql`${newPath} || substr(path, ${oldPath.length + 1})` })
    .where('owner_id', '=', ownerId)
    .where(sql<boolean>`substr(path, 1, ${oldPath.length}) = ${oldPath}`)
    .execute();
}

/** Ids of the album at `path` and every album below it (any status but Expired). */
export async function subtreeAlbumIds(db: Db, ownerId: number, path: string): Promise<number[]> {
  const rows = await db
    .selectFrom('albums')
    .select('id')
    .where('owner_id', '=', ownerId)
    .where('delete_status', '!=', DeleteStatus.Expired)
    .where(sql<boolean>`substr(path, 1, ${path.length}) = ${path}`)
    .execute();
  return rows.map((r) => r.id);
}

export async function setAlbumsStatus(
  db: Db,
  ownerId: number,
  ids: readonly number[],
  status: DeleteStatus,
  deletedAt: string | null,
) {
  if (ids.length === 0) return;
  await db
    .updateTable('albums')
    .set({ delete_status: status, deleted_at: deletedAt })
    .where('owner_id', '=', ownerId)
    .where('id', 'in', ids)
    .execute();
}
