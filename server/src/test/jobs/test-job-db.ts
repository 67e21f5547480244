import { randomBytes } from 'node:crypto';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { up } from '../../platform/db/migrations/0005-jobs';
import type { JobTables } from '../../platform/jobs/tables';

/**
 * A database with only the jobs table, for the queue's own tests: SQLite in memory, or a fresh PostgreSQL
 * database (`wiggle_t_<random>`, dropped by `close`) on TEST_DATABASE_URL's server.
 */
export async function createJobTestDatabase(
  dialect: 'sqlite' | 'postgres',
): Promise<{ db: Kysely<JobTables>; close(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const db = new Kysely<JobTables>({
      dialect: new SqliteDialect({ database: new SqliteDatabase(':memory:') }),
    });
    await up(db);
    return { db, close: () => db.destroy() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `wiggle_t_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
  // Dropping the database at the end terminates clients that are still closing; that is expected here.
  pool.on('error', () => {});
  const db = new Kysely<JobTables>({ dialect: new PostgresDialect({ pool }) });
  await up(db);
  return {
    db,
    async close() {
      await db.destroy();
      await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A logger that keeps quiet but remembers, so tests can assert on warnings. */
export function silentJobLog() {
  const entries: { level: string; message?: string }[] = [];
  const record = (level: string) => (_object: object, message?: string) => {
    entries.push({ level, message });
  };
  return { entries, info: record('info'), warn: record('warn'), error: record('error') };
}
