import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../columns';

/**
 * The admin member search (e-mail or name contains the text, case-insensitively) is a `like '%text%'` that no b-tree
 * serves: at 100,000 members PostgreSQL read the whole table (40–160 ms). Trigram GIN indexes (pg_trgm) on the exact
 * expressions the query tests (`email`, stored lower-case, and `lower(name)`) answer it from the index. SQLite has
 * no such index and keeps its scan (a no-op here).
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the database as it was at its time
export async function up(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  // pg_trgm is a trusted extension (PostgreSQL 13+): the database's owner may create it without superuser rights.
  await sql`create extension if not exists pg_trgm`.execute(db);
  await sql`create index users_email_trigrams on users using gin (email gin_trgm_ops)`.execute(db);
  await sql`create index users_name_trigrams on users using gin (lower(name) gin_trgm_ops)`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  // The extension stays: other objects of the database may use it by now.
  await sql`drop index if exists users_email_trigrams`.execute(db);
  await sql`drop index if exists users_name_trigrams`.execute(db);
}
