import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database>;

/**
 * The salt of `day`, created on first use. Creating a new day's salt deletes older salts and view rows, so a
 * visitor hash can only be linked to an address while its day lasts.
 */
export async function daySalt(db: Db, day: string): Promise<string> {
  const existing = await db
    .selectFrom('gallery_view_salts')
    .select('salt')
    .where('day', '=', day)
    .executeTakeFirst();
  if (existing) return existing.salt;
  await db
    .insertInto('gallery_view_salts')
    .values({ day, salt: randomBytes(32).toString('hex') })
    .onConflict((oc) => oc.column('day').doNothing())
    .execute();
  await db.deleteFrom('gallery_view_salts').where('day', '<', day).execute();
  await db.deleteFrom('gallery_views').where('day', '<', day).execute();
  const row = await db
    .selectFrom('gallery_view_salts')
    .select('salt')
    .where('day', '=', day)
    .executeTakeFirstOrThrow();
  return row.salt;
}

/**
 * Records one view of each wiggle by `visitor` on `day` in two statements; a wiggle's count rises only for the
 * visitor's first view of the day. Answers the ids whose count rose.
 */
export async function recordViews(
  db: Db,
  wiggleIds: readonly number[],
  day: string,
  visitor: string,
): Promise<number[]> {
  if (wiggleIds.length === 0) return [];
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('gallery_views')
      .values(wiggleIds.map((id) => ({ wiggle_id: id, day, visitor })))
      .onConflict((oc) => oc.columns(['wiggle_id', 'day', 'visitor']).doNothing())
      .returning('wiggle_id')
      .execute();
    const counted = inserted.map((row) => row.wiggle_id);
    if (counted.length === 0) return [];
    await trx
      .updateTable('gallery_wiggles')
      .set({ view_count: sql`view_count + 1` })
      .where('id', 'in', counted)
      .execute();
    return counted;
  });
}
