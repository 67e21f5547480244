import { DeleteStatus, type SortOrder } from '@wiggle/common/enums';
import { type Insertable, type Kysely, sql, type Updateable } from 'kysely';
import { countAll } from '../../platform/db/columns';
import { afterCursor, type Cursor, nameContains } from '../../platform/db/keyset-cursor';
import type { Database } from '../../platform/db/schema';
import type { GalleryWiggleRow, GalleryWigglesTable } from './tables';

/** Gallery wiggle queries for their owner. Every one filters on the member (`owner_id`) in its own `where`. */

type Db = Kysely<Database>;

export const GALLERY_SORT_COLUMN = {
  name: 'name',
  created: 'created_at',
  lastModified: 'last_modified_at',
} as const;
export type GallerySortColumn = (typeof GALLERY_SORT_COLUMN)[keyof typeof GALLERY_SORT_COLUMN];

export type NewGalleryWiggle = Insertable<GalleryWigglesTable>;

export function insertGalleryWiggle(db: Db, values: NewGalleryWiggle): Promise<GalleryWiggleRow> {
  return db.insertInto('gallery_wiggles').values(values).returningAll().executeTakeFirstOrThrow();
}

export function findGalleryWiggle(db: Db, ownerId: number, id: number) {
  return db
    .selectFrom('gallery_wiggles')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .where('delete_status', '!=', DeleteStatus.Expired)
    .executeTakeFirst();
}

export function findActiveGalleryWiggles(db: Db, ownerId: number, ids: readonly number[]) {
  if (ids.length === 0) return Promise.resolve([] as GalleryWiggleRow[]);
  return db
    .selectFrom('gallery_wiggles')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where('id', 'in', ids)
    .where('delete_status', '=', DeleteStatus.Active)
    .execute();
}

export async function updateGalleryWiggle(
  db: Db,
  ownerId: number,
  id: number,
  fields: Updateable<GalleryWigglesTable>,
): Promise<number> {
  const result = await db
    .updateTable('gallery_wiggles')
    .set(fields)
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .where('delete_status', '=', DeleteStatus.Active)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function setWigglesAlbum(
  db: Db,
  ownerId: number,
  ids: readonly number[],
  albumId: number | null,
) {
  if (ids.length === 0) return;
  await db
    .updateTable('gallery_wiggles')
    .set({ album_id: albumId, last_modified_at: new Date().toISOString() })
    .where('owner_id', '=', ownerId)
    .where('id', 'in', ids)
    .execute();
}

/** Of the given wiggles, those whose album is no longer active (trashed, or purged and unset): restored, they go to the root. */
export async function wigglesOutsideActiveAlbums(db: Db, ownerId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('gallery_wiggles')
    .innerJoin('albums', 'albums.id', 'gallery_wiggles.album_id')
    .select('gallery_wiggles.id')
    .where('gallery_wiggles.owner_id', '=', ownerId)
    .where('gallery_wiggles.id', 'in', ids)
    .where('albums.delete_status', '!=', DeleteStatus.Active)
    .execute();
  return rows.map((r) => r.id);
}

/** Trash or restore wiggles by id, or all wiggles of the given albums (a trashed album takes its wiggles along). */
export async function setWigglesStatus(
  db: Db,
  ownerId: number,
  where: { ids?: readonly number[]; albumIds?: readonly number[] },
  from: DeleteStatus,
  to: DeleteStatus,
  deletedAt: string | null,
) {
  const ids = where.ids ?? [];
  const albumIds = where.albumIds ?? [];
  if (ids.length === 0 && albumIds.length === 0) return [];
  const rows = await db
    .updateTable('gallery_wiggles')
    .set({ delete_status: to, deleted_at: deletedAt })
    .where('owner_id', '=', ownerId)
    .where('delete_status', '=', from)
    .where((eb) =>
      eb.or([
        ...(ids.length ? [eb('id', 'in', ids)] : []),
        ...(albumIds.length ? [eb('album_id', 'in', albumIds)] : []),
      ]),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export interface OwnerPageOptions {
  albumId: number | null;
  column: GallerySortColumn;
  order: SortOrder;
  search?: string | undefined;
  after: Cursor | null;
  limit: number;
}

/** One keyset page (limit + 1 rows) of an album's (or the root's) active wiggles, ordered by (column, id). */
export function listOwnerWigglesPage(db: Db, ownerId: number, options: OwnerPageOptions) {
  const column = sql.ref(options.column);
  let query = db
    .selectFrom('gallery_wiggles')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where((eb) =>
      options.albumId === null ? eb('album_id', 'is', null) : eb('album_id', '=', options.albumId),
    )
    .where('delete_status', '=', DeleteStatus.Active);
  if (options.search) query = query.where(nameContains(options.search));
  if (options.after) query = query.where(afterCursor(options.column, options.order, options.after));
  return query
    .orderBy(column, options.order)
    .orderBy('id', options.order)
    .limit(options.limit + 1)
    .execute();
}

/** The member's gallery wiggles that are not in the trash (account usage statistics). */
export async function countActiveGalleryWiggles(db: Db, ownerId: number): Promise<number> {
  const row = await db
    .selectFrom('gallery_wiggles')
    .select(countAll().as('n'))
    .where('owner_id', '=', ownerId)
    .where('delete_status', '=', DeleteStatus.Active)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The trashed wiggles whose album is not trashed with them: what the trash list shows. */
export function listTopTrashedWiggles(db: Db, ownerId: number) {
  return db
    .selectFrom('gallery_wiggles as w')
    .leftJoin('albums as a', 'a.id', 'w.album_id')
    .selectAll('w')
    .where('w.owner_id', '=', ownerId)
    .where('w.delete_status', '=', DeleteStatus.Trash)
    .where((eb) => eb.or([eb('a.id', 'is', null), eb('a.delete_status', '!=', DeleteStatus.Trash)]))
    .orderBy('w.deleted_at', 'desc')
    .orderBy('w.id')
    .execute();
}

/** Trashed gallery wiggles older than `before`, across members (purge). */
export function trashedGalleryWigglesBefore(db: Db, before: string, limit: number) {
  return db
    .selectFrom('gallery_wiggles')
    .select(['id', 'blob_prefix'])
    .where('delete_status', '=', DeleteStatus.Trash)
    .where('deleted_at', '<', before)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export async function markGalleryWigglesExpired(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return;
  await db
    .updateTable('gallery_wiggles')
    .set({ delete_status: DeleteStatus.Expired })
    .where('id', 'in', ids)
    .execute();
}

/** Removes a wiggle row for good (one its creator withdraws before anyone saw it); answers its blob prefix. */
export async function deleteGalleryWiggleRow(
  db: Db,
  ownerId: number,
  id: number,
): Promise<string | undefined> {
  const row = await db
    .deleteFrom('gallery_wiggles')
    .where('id', '=', id)
    .where('owner_id', '=', ownerId)
    .returning('blob_prefix')
    .executeTakeFirst();
  return row?.blob_prefix;
}

/**
 * Sets the wiggle's video key if it still is `expected` (compare-and-swap): two uploads racing each see the key they
 * replaced, so each old blob is deleted exactly once and no upload's blob is left without a row. 1 = swapped.
 */
export async function swapGalleryWiggleVideo(
  db: Db,
  ownerId: number,
  id: number,
  expected: string | null,
  next: string,
): Promise<number> {
  const result = await db
    .updateTable('gallery_wiggles')
    .set({ video_key: next, last_modified_at: new Date().toISOString() })
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .where('delete_status', '=', DeleteStatus.Active)
    .where('video_key', expected === null ? 'is' : '=', expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
