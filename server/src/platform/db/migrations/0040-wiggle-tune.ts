import type { Kysely } from 'kysely';

/**
 * The member's tune of a wiggle (JSON of common's TuneSchema, null = untouched) and the canvas its coordinates
 * refer to (JSON `{ width, height }` in source px, written by the creation job whether or not auto-align succeeded).
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the database as it was at its time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('wiggles').addColumn('tune', 'text').execute();
  await db.schema.alterTable('wiggles').addColumn('canvas', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('wiggles').dropColumn('canvas').execute();
  await db.schema.alterTable('wiggles').dropColumn('tune').execute();
}
