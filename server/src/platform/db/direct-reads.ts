import type SqliteDatabase from 'better-sqlite3';
import type { Kysely } from 'kysely';

/**
 * The SQLite handle behind a Kysely instance, for the compiled reads every public request runs (compiledOnce).
 * Kysely's path to better-sqlite3 (executor, connection mutex, several promise hops) cost more than the statement
 * itself on the hottest pages; a synchronous better-sqlite3 read is atomic in this thread, so it may skip that path
 * whenever no transaction holds the one connection. Only the root instance is registered: a transaction's own
 * Kysely instance always goes through Kysely, and so does PostgreSQL.
 */
const handles = new WeakMap<object, SqliteDatabase.Database>();

export function registerDirectReads(db: Kysely<never> | object, sqlite: SqliteDatabase.Database): void {
  handles.set(db, sqlite);
}

/**
 * The rows of a read-only statement run at once on `db`'s SQLite handle, or undefined when it must go through
 * Kysely: PostgreSQL, a transaction's instance, a transaction open on the connection (its uncommitted rows must not
 * show), or a statement that writes.
 */
export function readDirectly<Row>(
  db: object,
  sql: string,
  parameters: readonly unknown[],
): Row[] | undefined {
  const sqlite = handles.get(db);
  if (!sqlite || sqlite.inTransaction) return undefined;
  const statement = sqlite.prepare(sql);
  if (!statement.reader) return undefined;
  return statement.all(...parameters) as Row[];
}
