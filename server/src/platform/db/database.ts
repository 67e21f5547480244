import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, type MigrationProvider, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import type { Config } from '../../config';
import type { Dialect } from './columns';
import { registerDirectReads } from './direct-reads';
import { migrations } from './migrations/all';
import type { Database } from './schema';
import { cachePreparedStatements } from './statement-cache';

type Logger = { warn(details: object, message: string): void };

export function databaseDialect(config: Pick<Config, 'DATABASE_URL'>): Dialect {
  return config.DATABASE_URL && /^postgres(ql)?:/.test(config.DATABASE_URL) ? 'postgres' : 'sqlite';
}

/** SQLite file under DATA_DIR unless DATABASE_URL points at PostgreSQL (DESIGN.md §4). */
export function createDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR'>,
  log: Pick<Logger, 'warn'> = console,
): Kysely<Database> {
  if (databaseDialect(config) === 'postgres') {
    const pool = new pg.Pool({ connectionString: config.DATABASE_URL, max: 10 });
    // An idle client's error (e.g. PostgreSQL restarted) is emitted on the pool; unheard, it would end the process.
    // The pool drops that client and the next query connects anew.
    pool.on('error', (error) => log.warn({ err: error }, 'idle PostgreSQL connection lost'));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const file = config.DATABASE_URL?.replace(/^sqlite:(\/\/)?/, '') || path.join(config.DATA_DIR, 'wiggle.db');
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // WAL lets readers proceed while one writer commits; busy_timeout waits for the writer instead of failing.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  cachePreparedStatements(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  registerDirectReads(db, sqlite);
  return db;
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Applies every pending migration; throws (and so stops the start) when one fails. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  // Features add numbered migrations side by side, so a database may meet a lower number after a higher one ran.
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(`Migration failed: ${String(error)}`);
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
