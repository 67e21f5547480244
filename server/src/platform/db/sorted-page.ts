import { type SqlBool, sql } from 'kysely';
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

/** The cursor of a sorted page, checked against the sort column's type. */
export function decodeSortCursor(text: string | undefined, column: SortColumn): Cursor | null {
  const cursor = decodeCursor(text);
  if (cursor && typeof cursor.value !== (column.kind === 'text' ? 'string' : 'number')) {
    throw new BadRequest('Invalid cursor.', { cursor: 'Invalid cursor.' });
  }
  return cursor;
}

/** Rows strictly after the cursor in (column, id) order, both in the page's order (the seek of a keyset page). */
export function afterSortCursor(request: SortedPageRequest, after: Cursor) {
  const op = sql.raw(request.order === 'asc' ? '>' : '<');
  return sql<SqlBool>`(${sql.ref(request.column.column)}, ${sql.ref(request.idColumn)}) ${op} (${after.value}, ${after.id})`;
}
