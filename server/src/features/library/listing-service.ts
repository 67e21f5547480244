import type { OriginalSort, SortOrder, WiggleSort } from '@wiggle/common/enums';
import type { Original, OriginalPage, Wiggle, WigglePage } from '@wiggle/common/schemas/library';
import { pageFromRows, type SortValue } from '../../platform/db/keyset-cursor';
import { decodeSortCursor, sortTag } from '../../platform/db/sorted-page';
import { NotFound } from '../../platform/errors';
import type { LibraryDeps } from './deps';
import { requireActiveFolder } from './folder-service';
import { findItem } from './item-store';
import { type ItemPageOptions, listItemsPage } from './keyset';
import { toOriginal, toWiggle } from './mappers';
import { ORIGINAL_SORT_COLUMN } from './original-store';
import { WIGGLE_SORT_COLUMN } from './wiggle-item-store';

type Db = LibraryDeps['db'];

/** The library's sort columns holding numbers (the others hold text: names and ISO dates). */
const NUMBER_SORT_COLUMNS: ReadonlySet<string> = new Set(['width', 'height', 'pixels', 'rating']);

interface PageQuery<S> {
  folderId?: number | undefined;
  sort: S;
  order: SortOrder;
  search?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

/**
 * Cuts one keyset page from the rows `load` returns (limit + 1 of them): `nextCursor` continues after the last row
 * of the page, null on the last page. The folder is checked before the cursor is read.
 */
async function keysetPage<Column extends string, Row extends { id: number } & Record<Column, SortValue>>(
  db: Db,
  ownerId: number,
  query: PageQuery<unknown>,
  column: Column,
  load: (options: ItemPageOptions<Column>) => Promise<Row[]>,
): Promise<{ rows: Row[]; nextCursor: string | null }> {
  const folderId = await requireActiveFolder(db, ownerId, query.folderId ?? null);
  const sort = { column, kind: NUMBER_SORT_COLUMNS.has(column) ? 'number' : 'text' } as const;
  const rows = await load({
    folderId,
    column,
    order: query.order,
    search: query.search?.trim() || undefined,
    after: decodeSortCursor(query.cursor, sort, query.order),
    limit: query.limit,
  });
  return pageFromRows(rows, query.limit, (row) => row[column], sortTag(sort, query.order));
}

/** One page of a folder's originals; `nextCursor` continues after the last row, null on the last page. */
export async function pageOfOriginals(
  db: Db,
  ownerId: number,
  query: PageQuery<OriginalSort>,
): Promise<OriginalPage> {
  const page = await keysetPage(db, ownerId, query, ORIGINAL_SORT_COLUMN[query.sort], (options) =>
    listItemsPage(db, 'originals', ownerId, options),
  );
  return { items: page.rows.map(toOriginal), nextCursor: page.nextCursor };
}

export async function pageOfWiggles(
  db: Db,
  ownerId: number,
  query: PageQuery<WiggleSort>,
): Promise<WigglePage> {
  const page = await keysetPage(db, ownerId, query, WIGGLE_SORT_COLUMN[query.sort], (options) =>
    listItemsPage(db, 'wiggles', ownerId, options),
  );
  return { items: page.rows.map(toWiggle), nextCursor: page.nextCursor };
}

/** One original of the member (also from the trash); another member's id is NotFound. */
export async function oneOriginal(db: Db, ownerId: number, id: number): Promise<Original> {
  const row = await findItem(db, 'originals', ownerId, id);
  if (!row) throw new NotFound('Original not found.');
  return toOriginal(row);
}

export async function oneWiggle(db: Db, ownerId: number, id: number): Promise<Wiggle> {
  const row = await findItem(db, 'wiggles', ownerId, id);
  if (!row) throw new NotFound('Wiggle not found.');
  return toWiggle(row);
}
