import type { OriginalSort, SortOrder, WiggleSort } from '@wiggle/common/enums';
import type { OriginalPage, WigglePage } from '@wiggle/common/schemas/library';
import type { LibraryDeps } from './deps';
import { requireActiveFolder } from './folder-service';
import { decodeCursor, encodeCursor } from './keyset';
import { toOriginal, toWiggle } from './mappers';
import { listOriginalsPage, sortValueOfOriginal } from './original-store';
import { listWigglesPage, sortValueOfWiggle } from './wiggle-store';

type Db = LibraryDeps['db'];

interface PageQuery<S> {
  folderId?: number | undefined;
  sort: S;
  order: SortOrder;
  search?: string | undefined;
  cursor?: string | undefined;
  limit: number;
}

/** One page of a folder's originals; `nextCursor` continues after the last row, null on the last page. */
export async function pageOfOriginals(
  db: Db,
  ownerId: number,
  query: PageQuery<OriginalSort>,
): Promise<OriginalPage> {
  const folderId = await requireActiveFolder(db, ownerId, query.folderId ?? null);
  const rows = await listOriginalsPage(db, ownerId, {
    folderId,
    sort: query.sort,
    order: query.order,
    search: query.search?.trim() || undefined,
    after: decodeCursor(query.cursor),
    limit: query.limit,
  });
  const items = rows.slice(0, query.limit);
  const last = items[items.length - 1];
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor({ value: sortValueOfOriginal(last, query.sort), id: last.id })
      : null;
  return { items: items.map(toOriginal), nextCursor };
}

export async function pageOfWiggles(
  db: Db,
  ownerId: number,
  query: PageQuery<WiggleSort>,
): Promise<WigglePage> {
  const folderId = await requireActiveFolder(db, ownerId, query.folderId ?? null);
  const rows = await listWigglesPage(db, ownerId, {
    folderId,
    sort: query.sort,
    order: query.order,
    search: query.search?.trim() || undefined,
    after: decodeCursor(query.cursor),
    limit: query.limit,
  });
  const items = rows.slice(0, query.limit);
  const last = items[items.length - 1];
  const nextCursor =
    rows.length > query.limit && last
      ? encodeCursor({ value: sortValueOfWiggle(last, query.sort), id: last.id })
      : null;
  return { items: items.map(toWiggle), nextCursor };
}
