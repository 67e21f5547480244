import SqliteDatabase from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { cachePreparedStatements } from './statement-cache';

describe('cachePreparedStatements', () => {
  it('hands out the compiled statement again, but never one that an open iterator still uses', () => {
    const sqlite = new SqliteDatabase(':memory:');
    cachePreparedStatements(sqlite);
    sqlite.exec('create table t (n integer); insert into t values (1), (2), (3);');
    const first = sqlite.prepare('select n from t order by n');
    expect(sqlite.prepare('select n from t order by n')).toBe(first);
    const iterator = first.iterate();
    iterator.next();
    const meanwhile = sqlite.prepare('select n from t order by n');
    expect(meanwhile).not.toBe(first);
    expect(meanwhile.all()).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    iterator.return?.();
    expect(sqlite.prepare('select n from t order by n')).toBe(first);
    sqlite.close();
  });
});
