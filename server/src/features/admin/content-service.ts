import type { SortOrder } from '@wiggle/common/schemas/admin';
import type {
  AdminAlbum,
  AdminAlbumSort,
  AdminOriginal,
  AdminOriginalSort,
  AdminWiggle,
  AdminWiggleAction,
  AdminWiggleSort,
} from '@wiggle/common/schemas/admin-content';
import type { Kysely } from 'kysely';
import type { Member } from '../../platform/auth/sessions';
import { fromDbBool } from '../../platform/db/columns';
import { pageFromRows } from '../../platform/db/keyset-cursor';
import type { Database } from '../../platform/db/schema';
import { decodeSortCursor, type SortColumn, sortTag } from '../../platform/db/sorted-page';
import { NotFound } from '../../platform/errors';
import { CONTENT_TYPES } from '../library/upload-service';
import { logAdminAction } from './action-log';
import {
  type AdminAlbumRow,
  type AdminOriginalRow,
  type AdminWiggleRow,
  type AlbumFilter,
  createAdminContentStore,
  type OriginalFilter,
  type WiggleFilter,
} from './content-store';

type Sorts<Key extends string, Row> = Record<Key, SortColumn & { value: (row: Row) => string | number }>;

/** Whitelisted sorts, each on a (column, id) index (migration 0043). */
const WIGGLE_SORTS: Sorts<AdminWiggleSort, AdminWiggleRow> = {
  id: { column: 'w.id', kind: 'number', value: (r) => r.id },
  name: { column: 'w.name', kind: 'text', value: (r) => r.name },
  created: { column: 'w.created_at', kind: 'text', value: (r) => r.created_at },
  rating: { column: 'w.rating', kind: 'number', value: (r) => r.rating },
  views: { column: 'w.view_count', kind: 'number', value: (r) => r.view_count },
};
const ALBUM_SORTS: Sorts<AdminAlbumSort, AdminAlbumRow> = {
  id: { column: 'a.id', kind: 'number', value: (r) => r.id },
  name: { column: 'a.name', kind: 'text', value: (r) => r.name },
  created: { column: 'a.created_at', kind: 'text', value: (r) => r.created_at },
};
const ORIGINAL_SORTS: Sorts<AdminOriginalSort, AdminOriginalRow> = {
  id: { column: 'o.id', kind: 'number', value: (r) => r.id },
  name: { column: 'o.name', kind: 'text', value: (r) => r.name },
  size: { column: 'o.size', kind: 'number', value: (r) => r.size },
  uploaded: { column: 'o.uploaded_at', kind: 'text', value: (r) => r.uploaded_at },
};

const owner = (r: { owner_id: number; owner_email: string; owner_name: string }) => ({
  id: r.owner_id,
  email: r.owner_email,
  name: r.owner_name,
});

function toAdminWiggle(r: AdminWiggleRow): AdminWiggle {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    owner: owner(r),
    album: r.album_id !== null && r.album_name !== null ? { id: r.album_id, name: r.album_name } : null,
    deleteStatus: r.delete_status,
    rating: r.rating,
    viewCount: r.view_count,
    promoted: fromDbBool(r.promoted),
    blocked: fromDbBool(r.blocked),
    allowShare: fromDbBool(r.allow_share),
    showInFeed: fromDbBool(r.show_in_feed),
    width: r.width,
    height: r.height,
    created: r.created_at,
    lastModified: r.last_modified_at,
  };
}

function toAdminAlbum(r: AdminAlbumRow, wiggleCount: number): AdminAlbum {
  return {
    id: r.id,
    name: r.name,
    owner: owner(r),
    parentId: r.parent_id,
    isPublic: fromDbBool(r.is_public),
    hasPublicParent: fromDbBool(Number(r.has_public_parent)),
    preventPublicListing: fromDbBool(r.prevent_public_listing),
    deleteStatus: r.delete_status,
    wiggleCount,
    created: r.created_at,
  };
}

function toAdminOriginal(r: AdminOriginalRow): AdminOriginal {
  return {
    id: r.id,
    name: r.name,
    owner: owner(r),
    folderId: r.folder_id,
    width: r.width,
    height: r.height,
    size: r.size,
    format: r.format,
    deleteStatus: r.delete_status,
    uploaded: r.uploaded_at,
  };
}

interface PageQuery<Sort> {
  sort: Sort;
  order: SortOrder;
  cursor?: string | undefined;
  limit: number;
}

function pageRequest<Key extends string, Row>(
  sorts: Sorts<Key, Row>,
  idColumn: string,
  query: PageQuery<Key>,
) {
  const column = sorts[query.sort];
  return {
    column,
    page: {
      sort: { column, idColumn, order: query.order },
      after: decodeSortCursor(query.cursor, column, query.order),
      limit: query.limit,
    },
  };
}

/** What each wiggle action changes, and how the admin log says it. */
const WIGGLE_ACTIONS: Record<
  AdminWiggleAction,
  { set: { blocked?: number; promoted?: number }; past: string }
> = {
  block: { set: { blocked: 1 }, past: 'blocked' },
  unblock: { set: { blocked: 0 }, past: 'unblocked' },
  promote: { set: { promoted: 1 }, past: 'promoted' },
  unpromote: { set: { promoted: 0 }, past: 'unpromoted' },
};

/**
 * Content across members for admins (SPEC §2 admin wiggle, album, original pages): lists with their owners, and
 * the moderation of gallery wiggles. Blocking needs nothing more here: the gallery's access conditions hide a
 * blocked wiggle from public pages, embeds, media and the feed in the query itself, from the next request on.
 */
export function createAdminContentService(db: Kysely<Database>) {
  const store = createAdminContentStore(db);
  const wiggle = async (id: number) => {
    const row = await store.findWiggle(id);
    if (!row) throw new NotFound('This wiggle does not exist.');
    return row;
  };

  return {
    async listWiggles(query: PageQuery<AdminWiggleSort> & WiggleFilter) {
      const { column, page } = pageRequest(WIGGLE_SORTS, 'w.id', query);
      const rows = await store.listWiggles({ ...query, search: query.search || undefined }, page);
      const { rows: items, nextCursor } = pageFromRows(
        rows,
        query.limit,
        column.value,
        sortTag(column, query.order),
      );
      return { items: items.map(toAdminWiggle), nextCursor };
    },
    async getWiggle(id: number): Promise<AdminWiggle> {
      return toAdminWiggle(await wiggle(id));
    },
    async actOnWiggle(admin: Member, id: number, action: AdminWiggleAction): Promise<AdminWiggle> {
      const row = await wiggle(id);
      const { set, past } = WIGGLE_ACTIONS[action];
      await store.updateWiggle(id, set);
      await logAdminAction(
        db,
        admin,
        `${action}-wiggle`,
        { group: 'gallery', type: 'wiggle', id },
        `${past} the wiggle "${row.name}" of ${row.owner_email}`,
      );
      return toAdminWiggle({ ...row, ...set });
    },
    async rateWiggle(admin: Member, id: number, rating: number): Promise<AdminWiggle> {
      const row = await wiggle(id);
      await store.updateWiggle(id, { rating });
      await logAdminAction(
        db,
        admin,
        'rate-wiggle',
        { group: 'gallery', type: 'wiggle', id },
        `rated the wiggle "${row.name}" of ${row.owner_email} ${rating} (was ${row.rating})`,
      );
      return toAdminWiggle({ ...row, rating });
    },
    /** The blob of one frame of any gallery wiggle (admins see blocked and private ones too). */
    async wiggleFrameKey(id: number, frame: string): Promise<string> {
      const row = await wiggle(id);
      return `${row.blob_prefix}/${frame}.webp`;
    },

    async listAlbums(query: PageQuery<AdminAlbumSort> & AlbumFilter) {
      const { column, page } = pageRequest(ALBUM_SORTS, 'a.id', query);
      const rows = await store.listAlbums({ ...query, search: query.search || undefined }, page);
      const { rows: items, nextCursor } = pageFromRows(
        rows,
        query.limit,
        column.value,
        sortTag(column, query.order),
      );
      const counts = await store.wiggleCounts(items.map((r) => r.id));
      return { items: items.map((r) => toAdminAlbum(r, counts.get(r.id) ?? 0)), nextCursor };
    },
    async getAlbum(id: number): Promise<AdminAlbum> {
      const row = await store.findAlbum(id);
      if (!row) throw new NotFound('This album does not exist.');
      const counts = await store.wiggleCounts([id]);
      return toAdminAlbum(row, counts.get(id) ?? 0);
    },

    async listOriginals(query: PageQuery<AdminOriginalSort> & OriginalFilter) {
      const { column, page } = pageRequest(ORIGINAL_SORTS, 'o.id', query);
      const rows = await store.listOriginals({ ...query, search: query.search || undefined }, page);
      const { rows: items, nextCursor } = pageFromRows(
        rows,
        query.limit,
        column.value,
        sortTag(column, query.order),
      );
      return { items: items.map(toAdminOriginal), nextCursor };
    },
    async getOriginal(id: number): Promise<AdminOriginal> {
      const row = await store.findOriginal(id);
      if (!row) throw new NotFound('This original does not exist.');
      return toAdminOriginal(row);
    },
    /** The blob and type of one size of any original. */
    async originalFile(id: number, size: 'o' | 'p' | 't'): Promise<{ key: string; contentType: string }> {
      const row = await store.findOriginal(id);
      if (!row) throw new NotFound('This original does not exist.');
      const key = size === 'o' ? row.blob_o : size === 'p' ? row.blob_p : row.blob_t;
      const format = size === 'o' ? row.format : 'jpeg';
      return { key, contentType: CONTENT_TYPES[format] ?? 'application/octet-stream' };
    },
  };
}
