import { type Kysely, sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createPostgresDatabase, testDialects } from '../../test/harness';
import { createDatabase } from './database';
import { decodeCursor, encodeCursor, pageFromRows } from './keyset-cursor';
import type { Database } from './schema';
import { decodeSortCursor, type SortedPageRequest, sortedPage, sortTag } from './sorted-page';

interface Item {
  id: number;
  name: string;
}

describe.each(testDialects())('sortedPage on %s', (dialect) => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
  });

  /** A table of items whose names repeat (ties the id must break), on a fresh database. */
  async function itemsDb() {
    const database = dialect === 'postgres' ? await createPostgresDatabase() : undefined;
    if (database) closers.push(database.drop);
    const db = createDatabase({ DATABASE_URL: database?.url ?? ':memory:', DATA_DIR: '' });
    closers.push(() => db.destroy());
    const items = (db as Kysely<Database>).withTables<{ items: Item }>();
    await sql`create table items (id integer primary key, name text not null)`.execute(items);
    const names = ['b', 'a', 'c', 'a', 'b', 'a', 'c'];
    await items
      .insertInto('items')
      .values(names.map((name, i) => ({ id: i + 1, name })))
      .execute();
    return items;
  }

  /** Every item, page by page of `limit`, as "name/id", each page's cursor taken from its last row. */
  async function walk(items: Awaited<ReturnType<typeof itemsDb>>, order: 'asc' | 'desc', limit: number) {
    const sort: SortedPageRequest = { column: { column: 'name', kind: 'text' }, idColumn: 'id', order };
    const seen: string[] = [];
    const fetched: number[] = [];
    let cursor: string | null = null;
    do {
      const after = decodeSortCursor(cursor ?? undefined, sort.column, order);
      const rows = await sortedPage(items.selectFrom('items').select(['id', 'name']), {
        sort,
        after,
        limit,
      }).execute();
      fetched.push(rows.length);
      const page = pageFromRows(rows, limit, (row) => row.name, sortTag(sort.column, order));
      seen.push(...page.rows.map((row) => `${row.name}/${row.id}`));
      cursor = page.nextCursor;
    } while (cursor);
    return { seen, fetched };
  }

  it('pages through ties in (column, id) order, neither repeating nor skipping, limit + 1 fetched', async () => {
    const items = await itemsDb();
    const ascending = ['a/2', 'a/4', 'a/6', 'b/1', 'b/5', 'c/3', 'c/7'];
    const asc = await walk(items, 'asc', 2);
    expect(asc.seen).toEqual(ascending);
    // Three rows while more follow (one beyond the page), then the last page's one.
    expect(asc.fetched).toEqual([3, 3, 3, 1]);
    expect((await walk(items, 'desc', 3)).seen).toEqual([...ascending].reverse());
  });

  it('continues strictly after a cursor between rows', async () => {
    const items = await itemsDb();
    const sort: SortedPageRequest = {
      column: { column: 'name', kind: 'text' },
      idColumn: 'id',
      order: 'asc',
    };
    const after = decodeSortCursor(
      encodeCursor({ value: 'a', id: 5 }, sortTag(sort.column, 'asc')),
      sort.column,
      'asc',
    );
    const rows = await sortedPage(items.selectFrom('items').select(['id', 'name']), {
      sort,
      after,
      limit: 10,
    }).execute();
    // ("a", 5) is no row: the next "a" with a larger id comes first, then every "b" and "c".
    expect(rows.map((row) => row.id)).toEqual([6, 1, 5, 3, 7]);
  });
});

describe('sorted page cursors', () => {
  const name = { column: 'name', kind: 'text' } as const;
  const created = { column: 'created_at', kind: 'text' } as const;

  it('continue only the sort they were cut in: another column or direction is a 400, not a silent seek', () => {
    const cursor = encodeCursor({ value: 'b', id: 5 }, sortTag(name, 'asc'));
    expect(decodeSortCursor(cursor, name, 'asc')).toEqual({ value: 'b', id: 5 });
    expect(() => decodeSortCursor(cursor, name, 'desc')).toThrow('Invalid cursor.');
    expect(() => decodeSortCursor(cursor, created, 'asc')).toThrow('Invalid cursor.');
  });

  it('keep sorted and fixed-order cursors apart', () => {
    expect(() => decodeSortCursor(encodeCursor({ value: 'b', id: 5 }), name, 'asc')).toThrow(
      'Invalid cursor.',
    );
    expect(() => decodeCursor(encodeCursor({ value: 'b', id: 5 }, sortTag(name, 'asc')))).toThrow(
      'Invalid cursor.',
    );
    expect(decodeCursor(encodeCursor({ value: 9, id: 5 }))).toEqual({ value: 9, id: 5 });
  });
});
