import { DeleteStatus } from '@wiggle/common/enums';
import type { Kysely } from 'kysely';
import { countAll } from '../../platform/db/columns';
import type { Database } from '../../platform/db/schema';

export interface LibraryUsage {
  originalsCount: number;
  /** Bytes of the stored originals. */
  originalsSize: number;
  wigglesInLibrary: number;
}

/** What a member keeps in the library (active and in the trash; expired items are gone), for My account. */
export async function libraryUsage(db: Kysely<Database>, ownerId: number): Promise<LibraryUsage> {
  const originals = await db
    .selectFrom('originals')
    .select([
      countAll().as('count'),
      (eb) => eb.fn.coalesce(eb.fn.sum<string | number>('size'), eb.lit(0)).as('size'),
    ])
    .where('owner_id', '=', ownerId)
    .where('delete_status', '!=', DeleteStatus.Expired)
    .executeTakeFirstOrThrow();
  const wiggles = await db
    .selectFrom('wiggles')
    .select(countAll().as('count'))
    .where('owner_id', '=', ownerId)
    .where('delete_status', '!=', DeleteStatus.Expired)
    .executeTakeFirstOrThrow();
  return {
    originalsCount: Number(originals.count),
    originalsSize: Number(originals.size),
    wigglesInLibrary: Number(wiggles.count),
  };
}
