import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { compiledOnce } from './compiled-query';
import { readDirectly, registerDirectReads } from './direct-reads';
import type { Database } from './schema';

const opened: Kysely<Database>[] = [];
function memoryDb(register = true) {
  const sqlite = new SqliteDatabase(':memory:');
  sqlite.exec('create table users (id integer primary key, email text)');
  sqlite.exec("insert into users values (1, 'a@example.com')");
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  if (register) registerDirectReads(db, sqlite);
  opened.push(db);
  return { db, sqlite };
}
afterEach(async () => {
  for (const db of opened.splice(0)) await db.destroy();
});

const emailsFrom = compiledOnce((db, minId: number) =>
  db.selectFrom('users').select('email').where('id', '>=', minId).orderBy('id'),
);

describe('readDirectly', () => {
  it('reads a registered database at once, with the parameters bound in order', () => {
    const { db } = memoryDb();
    expect(readDirectly(db, 'select email from users where id >= ? and email like ?', [1, 'a%'])).toEqual([
      { email: 'a@example.com' },
    ]);
  });

  it('leaves writes, unregistered instances and open transactions to Kysely', () => {
    const { db, sqlite } = memoryDb();
    expect(readDirectly(db, "insert into users values (2, 'b@example.com')", [])).toBeUndefined();
    expect(sqlite.prepare('select count(*) as n from users').get()).toEqual({ n: 1 });
    expect(readDirectly(memoryDb(false).db, 'select 1', [])).toBeUndefined();
    sqlite.exec('begin');
    expect(readDirectly(db, 'select email from users', [])).toBeUndefined();
    sqlite.exec('rollback');
  });

  it("never shows another flow's uncommitted rows: a compiled read during a transaction waits for its end", async () => {
    const { db } = memoryDb();
    expect(await emailsFrom(db, 1)).toEqual([{ email: 'a@example.com' }]);
    let during: Promise<{ email: string | null }[]> | undefined;
    await db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('users')
          .values({ id: 2, email: 'b@example.com' } as never)
          .execute();
        during = emailsFrom(db, 1);
        // Give the read every chance to run before the transaction ends.
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await during).toEqual([{ email: 'a@example.com' }]);
  });
});
