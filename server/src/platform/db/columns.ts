import { type CreateTableBuilder, type Kysely, sql } from 'kysely';

/** Which engine a Kysely instance talks to; migrations branch on it for the id column only. */
export type Dialect = 'sqlite' | 'postgres';

// biome-ignore lint/suspicious/noExplicitAny: migrations work on the untyped database of their moment
type AnyDb = Kysely<any>;

export function dialectOf(db: AnyDb): Dialect {
  const adapter = db.getExecutor().adapter.constructor.name;
  return adapter.toLowerCase().includes('postgres') ? 'postgres' : 'sqlite';
}

/** Adds the integer primary key `id` in the form each engine auto-increments. */
export function addIdColumn<T extends string>(
  table: CreateTableBuilder<T, never>,
  dialect: Dialect,
): CreateTableBuilder<T, 'id'> {
  return dialect === 'postgres'
    ? table.addColumn('id', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** The current time in the stored form (ISO-8601 UTC text). */
export const isoNow = (): string => new Date().toISOString();
export const isoIn = (ms: number): string => new Date(Date.now() + ms).toISOString();

export const toDbBool = (value: boolean): 0 | 1 => (value ? 1 : 0);
export const fromDbBool = (value: number | boolean | null | undefined): boolean =>
  value === 1 || value === true;

/** `count(*)` comes back as a string on PostgreSQL and a number on SQLite. */
export const countAll = () => sql<string | number>`count(*)`;

/** SQLite says SQLITE_CONSTRAINT_UNIQUE, PostgreSQL 23505. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' || code === '23505';
}
