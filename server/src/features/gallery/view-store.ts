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

/** Records one view of the wiggle by `visitor` on `day`; the count rises only for the first one of the day. */
export async function recordView(db: Db, wiggleId: number, day: string, visitor: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('gallery_views')
      .values({ wiggle_id: wiggleId, day, visitor })
      .onConflict((oc) => oc.columns(['wiggle_id', 'day', 'visitor']).doNothing())
      .returning('wiggle_id')
      .executeTakeFirst();
    if (!inserted) return false;
    await trx
      .updateTable('gallery_wiggles')
      .set({ view_count: sql`view_count + 1` })
      .where('id', '=', wiggleId)
      .execute();
    return true;
  });
}
