import type { Watermarks } from '@wiggle/common/schemas/gallery';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

type Db = Kysely<Database>;

export const NO_WATERMARKS: Watermarks = { video: '', iframe: '', share: '' };

export async function findWatermarks(db: Db, userId: number): Promise<Watermarks> {
  const row = await db
    .selectFrom('gallery_watermarks')
    .select(['video', 'iframe', 'share'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? NO_WATERMARKS;
}

export async function saveWatermarks(db: Db, userId: number, values: Watermarks): Promise<void> {
  await db
    .insertInto('gallery_watermarks')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}
