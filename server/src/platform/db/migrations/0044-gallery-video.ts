import type { Kysely } from 'kysely';

/**
 * The MP4 a member's browser made of a gallery wiggle (issue 12 part 3): the blob key under the wiggle's blob prefix,
 * null while there is none. Each upload gets a new key, so a replaced video never shows half-written and old copies
 * in caches do not pass for the new one.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the database as it was at its time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('gallery_wiggles').addColumn('video_key', 'text').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('gallery_wiggles').dropColumn('video_key').execute();
}
