import { type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { BadRequest } from '../errors';
import { type Cursor, decodeCursor } from './keyset-cursor';

/**
 * A whitelisted sort column of an admin list: the SQL column (qualified when the query joins) and the type of its
 * values, so a cursor carrying a value of the wrong type is a 400 rather than a database error. Each column has an
 * index on (column, id) (migration 0043), so a sorted page at any depth is one index range scan.
 */
export interface SortColumn {
  column: string;
  kind: 'text' | 'number';
}

export interface SortedPageRequest {
  column: SortColumn;
  /** The id column of the same table (qualified like `column`). */
  idColumn: string;
  order: 'asc' | 'desc';
}

/** What a sorted page's cursor records of its order (see encodeCursor): the column and the direction. */
export function sortTag(column: SortColumn, order: 'asc' | 'desc'): string {
  return `${column.column} ${order}`;
}

/** The cursor of a sorted page, checked against the sort it was cut in and the sort column's type. */
export function decodeSortCursor(
  text: string | undefined,
  column: SortColumn,
  order: 'asc' | 'desc',
): Cursor | null {
  const cursor = decodeCursor(text, sortTag(column, order));
  if (cursor && typeof cursor.value !== (column.kind === 'text' ? 'string' : 'number')) {
    throw new BadRequest('Invalid cursor.', { cursor: 'Invalid cursor.' });
  }
  return cursor;
}

/** One sorted keyset page: its sort, the cursor it continues after (null: the first page) and its size. */
export interface SortedPageSlice {
  sort: SortedPageRequest;
  after: Cursor | null;
  limit: number;
}

/** Rows strictly after the cursor in (column, id) order, both in the page's order (the seek of a keyset page). */
function afterSortCursor(request: SortedPageRequest, after: Cursor) {
  const op = sql.raw(request.order === 'asc' ? '>' : '<');
  return sql<SqlBool>`(${sql.ref(request.column.column)}, ${sql.ref(request.idColumn)}) ${op} (${after.value}, ${after.id})`;
}

/** The rows after the cursor (all of them for the first page), in no particular order. */
function afterCursor<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  { sort, after }: SortedPageSlice,
): SelectQueryBuilder<DB, TB, O> {
  return after ? query.where(afterSortCursor(sort, after)) : query;
}

/**
 * The tail of a sorted keyset page's query, after its filters: the rows after the cursor in (column, id) order,
 * `limit + 1` of them so the caller knows whether another page follows (`pageFromRows`).
 */
export function sortedPage<DB, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB, O>,
  slice: SortedPageSlice,
): SelectQueryBuilder<DB, TB, O> {
  const { sort, limit } = slice;
  return afterCursor(query, slice)
    .orderBy(sql.ref(sort.column.column), sort.order)
    .orderBy(sql.ref(sort.idColumn), sort.order)
    .limit(limit + 1);
}
