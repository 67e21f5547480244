import { ID_MAX } from '@wiggle/common/schemas/ids';
import { sql } from 'kysely';
import { BadRequest } from '../errors';

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

/**
 * `sort` names the order a page was cut in (see sortTag): a cursor continued under another sort or direction would
 * seek a position that means nothing there and silently skip or repeat rows, so it is refused instead.
 */
export function encodeCursor(cursor: Cursor, sort?: string): string {
  const fields = sort === undefined ? [cursor.value, cursor.id] : [cursor.value, cursor.id, sort];
  return Buffer.from(JSON.stringify(fields)).toString('base64url');
}

/** Every numeric sort column is an `integer` (32-bit on PostgreSQL); dates sort as ISO text. */
const INT_MIN = -2_147_483_648;
const INT_MAX = 2_147_483_647;
const isSortValue = (value: unknown): value is SortValue =>
  typeof value === 'string' ||
  (Number.isInteger(value) && Number(value) >= INT_MIN && Number(value) <= INT_MAX);
const isRowId = (value: unknown): value is number =>
  Number.isInteger(value) && Number(value) >= 1 && Number(value) <= ID_MAX;

/**
 * A cursor as a client sent it back: `[value, id]` whose id could be a row's and whose value could be in a sort
 * column, so a forged one is a 400 here rather than an "out of range" error from PostgreSQL.
 */
export function decodeCursor(text: string | undefined, sort?: string): Cursor | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    // [value, id], or [value, id, sort] when the page's order is the client's.
    const fields = sort === undefined ? 2 : 3;
    if (
      Array.isArray(parsed) &&
      parsed.length === fields &&
      (sort === undefined || parsed[2] === sort) &&
      isSortValue(parsed[0]) &&
      isRowId(parsed[1])
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

/**
 * Cuts a page from `limit + 1` fetched rows: `nextCursor` continues after the page's last row, null at the end;
 * `sort` (sortTag) when the client chooses the order.
 */
export function pageFromRows<Row extends { id: number }>(
  rows: readonly Row[],
  limit: number,
  sortValue: (row: Row) => SortValue,
  sort?: string,
): { rows: Row[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > limit && last ? encodeCursor({ value: sortValue(last), id: last.id }, sort) : null;
  return { rows: page, nextCursor };
}

/** `name` contains `search`, case-insensitively, wildcards taken literally. */
export const nameContains = (search: string) =>
  sql<boolean>`lower(name) like ${likeContains(search)} escape '\\'`;

/** Rows strictly after the cursor in (column, id) order: the seek condition of a keyset page. */
export const afterCursor = (column: string, order: 'asc' | 'desc', after: Cursor) =>
  sql<boolean>`(${sql.ref(column)}, id) ${sql.raw(order === 'asc' ? '>' : '<')} (${after.value}, ${after.id})`;
