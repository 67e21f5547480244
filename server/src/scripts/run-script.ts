import type { Kysely } from 'kysely';
import { loadConfig } from '../config';
import { createDatabase, migrateToLatest } from '../platform/db/database';
import type { Database } from '../platform/db/schema';

/** Runs `work` on the configured database (DATA_DIR / DATABASE_URL), migrated to the latest schema, then closes it. */
export async function withMigratedDatabase<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const db = createDatabase(loadConfig());
  try {
    await migrateToLatest(db);
    return await work(db);
  } finally {
    await db.destroy();
  }
}

/** A command-line script's entry: exits with what `main` returns, or 1 with the error's message. */
export function runScript(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
