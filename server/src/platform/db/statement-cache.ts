import type SqliteDatabase from 'better-sqlite3';

const MAX_STATEMENTS = 500;

/**
 * Kysely's SQLite driver prepares every query anew, and preparing (SQL parsing and planning) was the largest cost of a
 * small request. A server's queries repeat, so the compiled statements are kept (bounded, oldest dropped first); a
 * statement still busy (an open iterator) is never handed out twice.
 */
export function cachePreparedStatements(sqlite: SqliteDatabase.Database): void {
  const prepare = sqlite.prepare.bind(sqlite);
  const cache = new Map<string, SqliteDatabase.Statement>();
  sqlite.prepare = ((source: string) => {
    const cached = cache.get(source);
    if (cached && !cached.busy) return cached;
    const statement = prepare(source);
    if (!cached) {
      if (cache.size >= MAX_STATEMENTS) cache.delete(cache.keys().next().value as string);
      cache.set(source, statement);
    }
    return statement;
  }) as typeof sqlite.prepare;
}
