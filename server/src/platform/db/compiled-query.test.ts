import { UserStatus } from '@wiggle/common/enums';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { compiledOnce } from './compiled-query';
import type { Database } from './schema';

const sqliteDbs: Kysely<Database>[] = [];
function memoryDb() {
  const sqlite = new SqliteDatabase(':memory:');
  sqlite.exec('create table users (id integer primary key, email text, status integer)');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  sqliteDbs.push(db);
  return db;
}
afterEach(async () => {
  for (const db of sqliteDbs.splice(0)) await db.destroy();
});

const usersByStatusAbove = compiledOnce(
  (db, status: (typeof UserStatus)[keyof typeof UserStatus], minId: number) =>
    db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('status', '=', status)
      .where('id', '>', minId)
      .orderBy('id'),
);

describe('compiledOnce', () => {
  it('runs the same compiled query with the values of each call, on each database its own', async () => {
    const first = memoryDb();
    const second = memoryDb();
    await first
      .insertInto('users')
      .values([
        { id: 1, email: 'a@example.com', status: UserStatus.Active },
        { id: 2, email: 'b@example.com', status: UserStatus.Blocked },
        { id: 3, email: 'c@example.com', status: UserStatus.Active },
      ] as never)
      .execute();
    await second
      .insertInto('users')
      .values({ id: 7, email: 'z@example.com', status: UserStatus.Active } as never)
      .execute();

    expect(await usersByStatusAbove(first, UserStatus.Active, 0)).toEqual([
      { id: 1, email: 'a@example.com' },
      { id: 3, email: 'c@example.com' },
    ]);
    expect(await usersByStatusAbove(first, UserStatus.Active, 1)).toEqual([
      { id: 3, email: 'c@example.com' },
    ]);
    expect(await usersByStatusAbove(first, UserStatus.Blocked, 0)).toEqual([
      { id: 2, email: 'b@example.com' },
    ]);
    expect(await usersByStatusAbove(second, UserStatus.Active, 0)).toEqual([
      { id: 7, email: 'z@example.com' },
    ]);
    // A row changed after the first call is seen at once: the SQL is kept, never the answer.
    await first
      .updateTable('users')
      .set({ status: UserStatus.Blocked } as never)
      .where('id', '=', 3)
      .execute();
    expect(await usersByStatusAbove(first, UserStatus.Active, 0)).toEqual([
      { id: 1, email: 'a@example.com' },
    ]);
  });
});
