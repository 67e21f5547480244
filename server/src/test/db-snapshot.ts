import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../platform/db/schema';

/** Tables that change without any request (migrations' bookkeeping). */
const IGNORED = new Set(['kysely_migration', 'kysely_migration_lock']);

/**
 * A digest of every row of every table: equal snapshots mean a request changed nothing in the database.
 * Rows are hashed in primary-key-independent order (sorted JSON), so the digest does not depend on scan order.
 */
export async function databaseSnapshot(db: Kysely<Database>): Promise<Record<string, string>> {
  const tables = (await db.introspection.getTables()).map((t) => t.name).filter((n) => !IGNORED.has(n));
  const snapshot: Record<string, string> = {};
  for (const table of tables.sort()) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db);
    const lines = rows.rows.map((row) =>
      JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? String(v) : v)),
    );
    lines.sort();
    snapshot[table] =
      `${lines.length}:${createHash('sha256').update(lines.join('\n')).digest('hex').slice(0, 16)}`;
  }
  return snapshot;
}
