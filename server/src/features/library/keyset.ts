import { DeleteStatus, type SortOrder } from '@wiggle/common/enums';
import { type Kysely, sql } from 'kysely';
import { afterCursor, type Cursor, nameContains } from '../../platform/db/keyset-cursor';
import type { Database } from '../../platform/db/schema';
import type { ItemTable } from './item-store';
import type { OriginalRow, WiggleRow } from './mappers';
import type { OriginalsTable, WigglesTable } from './tables';

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
  if (options.search) query = query.where(nameContains(options.search));
  if (options.after) query = query.where(afterCursor(options.column, direction, options.after));
  return query
    .orderBy(column, direction)
    .orderBy('id', direction)
    .limit(options.limit + 1)
    .execute();
}
