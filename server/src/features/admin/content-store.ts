import { type Kysely, type SqlBool, sql } from 'kysely';
import { countAll } from '../../platform/db/columns';
import { likeContains } from '../../platform/db/keyset-cursor';
import type { Database } from '../../platform/db/schema';
import { type SortedPageSlice, sortedPage } from '../../platform/db/sorted-page';

export interface WiggleFilter {
  search?: string | undefined;
  ownerId?: number | undefined;
  albumId?: number | undefined;
  blocked?: boolean | undefined;
  promoted?: boolean | undefined;
}

export interface AlbumFilter {
  search?: string | undefined;
  ownerId?: number | undefined;
  public?: boolean | undefined;
}

export interface OriginalFilter {
  search?: string | undefined;
  ownerId?: number | undefined;
}

const nameLike = (column: string, search: string) =>
  sql<SqlBool>`lower(${sql.ref(column)}) like ${likeContains(search)} escape '\\'`;

/** Queries of the admin content lists: every member's gallery wiggles, albums and originals; no rules here. */
export function createAdminContentStore(db: Kysely<Database>) {
  const wiggles = () =>
    db
      .selectFrom('gallery_wiggles as w')
      .innerJoin('users as u', 'u.id', 'w.owner_id')
      .leftJoin('albums as a', 'a.id', 'w.album_id')
      .select([
        'w.id',
        'w.name',
        'w.description',
        'w.owner_id',
        'u.email as owner_email',
        'u.name as owner_name',
        'w.album_id',
        'a.name as album_name',
        'w.delete_status',
        'w.rating',
        'w.view_count',
        'w.promoted',
        'w.blocked',
        'w.allow_share',
        'w.show_in_feed',
        'w.width',
        'w.height',
        'w.blob_prefix',
        'w.created_at',
        'w.last_modified_at',
      ]);
  const albums = () =>
    db
      .selectFrom('albums as a')
      .innerJoin('users as u', 'u.id', 'a.owner_id')
      .select([
        'a.id',
        'a.name',
        'a.owner_id',
        'u.email as owner_email',
        'u.name as owner_name',
        'a.parent_id',
        'a.is_public',
        'a.prevent_public_listing',
        'a.delete_status',
        'a.created_at',
        // A public ancestor makes the album public too (paths are materialized "/1/5/9/").
        sql<number>`case when exists (select 1 from albums p where p.owner_id = a.owner_id and p.id != a.id and p.is_public = 1 and substr(a.path, 1, length(p.path)) = p.path) then 1 else 0 end`.as(
          'has_public_parent',
        ),
      ]);
  const originals = () =>
    db
      .selectFrom('originals as o')
      .innerJoin('users as u', 'u.id', 'o.owner_id')
      .select([
        'o.id',
        'o.name',
        'o.owner_id',
        'u.email as owner_email',
        'u.name as owner_name',
        'o.folder_id',
        'o.width',
        'o.height',
        'o.size',
        'o.format',
        'o.blob_o',
        'o.blob_p',
        'o.blob_t',
        'o.delete_status',
        'o.uploaded_at',
      ]);

  return {
    listWiggles(filter: WiggleFilter, page: SortedPageSlice) {
      let query = wiggles();
      if (filter.search) query = query.where(nameLike('w.name', filter.search));
      if (filter.ownerId) query = query.where('w.owner_id', '=', filter.ownerId);
      if (filter.albumId) query = query.where('w.album_id', '=', filter.albumId);
      if (filter.blocked !== undefined) query = query.where('w.blocked', '=', filter.blocked ? 1 : 0);
      if (filter.promoted !== undefined) query = query.where('w.promoted', '=', filter.promoted ? 1 : 0);
      return sortedPage(query, page).execute();
    },
    findWiggle(id: number) {
      return wiggles().where('w.id', '=', id).executeTakeFirst();
    },
    async updateWiggle(
      id: number,
      values: { blocked?: number; promoted?: number; rating?: number },
    ): Promise<void> {
      await db.updateTable('gallery_wiggles').set(values).where('id', '=', id).execute();
    },

    listAlbums(filter: AlbumFilter, page: SortedPageSlice) {
      let query = albums();
      if (filter.search) query = query.where(nameLike('a.name', filter.search));
      if (filter.ownerId) query = query.where('a.owner_id', '=', filter.ownerId);
      if (filter.public !== undefined) query = query.where('a.is_public', '=', filter.public ? 1 : 0);
      return sortedPage(query, page).execute();
    },
    findAlbum(id: number) {
      return albums().where('a.id', '=', id).executeTakeFirst();
    },
    /** The gallery wiggles directly in each album of a page (one grouped query on the album index). */
    async wiggleCounts(albumIds: number[]): Promise<Map<number, number>> {
      const counts = new Map<number, number>();
      if (albumIds.length === 0) return counts;
      const rows = await db
        .selectFrom('gallery_wiggles')
        .select(['album_id', countAll().as('count')])
        .where('album_id', 'in', albumIds)
        .groupBy('album_id')
        .execute();
      for (const row of rows) if (row.album_id !== null) counts.set(row.album_id, Number(row.count));
      return counts;
    },

    listOriginals(filter: OriginalFilter, page: SortedPageSlice) {
      let query = originals();
      if (filter.search) query = query.where(nameLike('o.name', filter.search));
      if (filter.ownerId) query = query.where('o.owner_id', '=', filter.ownerId);
      return sortedPage(query, page).execute();
    },
    findOriginal(id: number) {
      return originals().where('o.id', '=', id).executeTakeFirst();
    },
  };
}

type Store = ReturnType<typeof createAdminContentStore>;
export type AdminWiggleRow = NonNullable<Awaited<ReturnType<Store['findWiggle']>>>;
export type AdminAlbumRow = NonNullable<Awaited<ReturnType<Store['findAlbum']>>>;
export type AdminOriginalRow = NonNullable<Awaited<ReturnType<Store['findOriginal']>>>;
