import { DeleteStatus, type SortOrder } from '@wiggle/common/enums';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { BadRequest } from '../../platform/errors';
import type { ItemTable } from './item-store';
import type { OriginalRow, WiggleRow } from './mappers';
import type { OriginalsTable, WigglesTable } from './tables';

/**
 * Keyset (seek) pagination: a page continues strictly after the (sort value, id) of the last row of the previous
 * page, so pages neither repeat nor skip rows when many rows share a sort value, and a deep page costs as little as
 * the first one (an index range scan on (owner_id, folder_id, delete_status, sort column, id)).
 */
export type SortValue = string | number;

export interface Cursor {
  value: SortValue;
  id: number;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.value, cursor.id])).toString('base64url');
}

export function decodeCursor(text: string | undefined): Cursor | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      (typeof parsed[0] === 'string' || typeof parsed[0] === 'number') &&
      Number.isSafeInteger(parsed[1])
    ) {
      return { value: parsed[0], id: parsed[1] as number };
    }
  } catch {
    // falls through to the error below
  }
  throw new BadRequest('Invalid cursor.', { cursor: 'Invalid cursor.' });
}

/** Escapes LIKE wildcards so a search for "50%" finds the text "50%". */
export function likeContains(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface ItemPageOptions<Column extends string> {
  folderId: number | null;
  column: Column;
  order: SortOrder;
  search?: string | undefined;
  after: Cursor | null;
  limit: number;
}

/**
 * One keyset page of a folder's active originals or wiggles, ordered by (column, id); fetches limit + 1 rows so the
 * caller knows if more follow. The overloads tie the sort column and the row type to the table.
 */
export function listItemsPage(
  db: Kysely<Database>,
  table: 'originals',
  ownerId: number,
  options: ItemPageOptions<keyof OriginalsTable>,
): Promise<OriginalRow[]>;
export function listItemsPage(
  db: Kysely<Database>,
  table: 'wiggles',
  ownerId: number,
  options: ItemPageOptions<keyof WigglesTable>,
): Promise<WiggleRow[]>;
export function listItemsPage(
  db: Kysely<Database>,
  table: ItemTable,
  ownerId: number,
  options: ItemPageOptions<string>,
): Promise<OriginalRow[] | WiggleRow[]> {
  const column = sql.ref(options.column);
  const direction = options.order;
  let query = db
    .selectFrom(table as 'originals')
    .selectAll()
    .where('owner_id', '=', ownerId)
    .where((eb) =>
      options.folderId === null ? eb('folder_id', 'is', null) : eb('folder_id', '=', options.folderId),
    )
    .where('delete_status', '=', DeleteStatus.Active);
  if (options.search) {
    query = query.where(sql<boolean>`lower(name) like ${likeContains(options.search)} escape '\\'`);
  }
  const after = options.after;
  if (after) {
    query = query.where(
      sql<boolean>`(${column}, id) ${sql.raw(direction === 'asc' ? '>' : '<')} (${after.value}, ${after.id})`,
    );
  }
  return query
    .orderBy(column, direction)
    .orderBy('id', direction)
    .limit(options.limit + 1)
    .execute();
}
