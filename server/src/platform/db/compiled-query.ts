import { type Compilable, type CompiledQuery, createQueryId, type Kysely } from 'kysely';
import { readDirectly } from './direct-reads';
import type { Database } from './schema';

/** Where a value given at execution goes in a query compiled once. */
class Slot {
  constructor(readonly index: number) {}
}

/**
 * A query built and compiled to SQL once per database (its values given at each execution) instead of on every
 * call: Kysely's building and compiling cost more than SQLite's (cached) statement for the queries every request
 * runs, such as the session lookup of each media GET. The query must have a fixed shape: `build` receives
 * placeholders standing for the arguments and may only pass them on as values (never branch on them). On SQLite,
 * outside transactions, a read runs straight on better-sqlite3 (see readDirectly).
 */
export function compiledOnce<Args extends unknown[], Row>(
  build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>,
): (db: Kysely<Database>, ...args: Args) => Promise<Row[]> {
  const compiled = new WeakMap<Kysely<Database>, CompiledQuery<Row>>();
  return async (db, ...args) => {
    let query = compiled.get(db);
    if (!query) {
      query = build(db, ...(args.map((_, index) => new Slot(index)) as Args)).compile();
      compiled.set(db, query);
    }
    const parameters = query.parameters.map((value) => (value instanceof Slot ? args[value.index] : value));
    const direct = readDirectly<Row>(db, query.sql, parameters);
    if (direct) return direct;
    const { rows } = await db.executeQuery<Row>({ ...query, parameters, queryId: createQueryId() });
    return rows;
  };
}
