import { DeleteStatus } from '@wiggle/common/enums';
import { type Tune, TuneSchema } from '@wiggle/common/schemas/render-description';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

/** The tune's queries on wiggle rows; each filters on `owner_id` in its own `where`. */
type Db = Kysely<Database>;

const TUNE_COLUMNS = [
  'id',
  'tune',
  'canvas',
  'alignment',
  'width',
  'height',
  'create_status',
  'last_modified_at',
] as const;

/** The member's wiggle that is not Expired, with what its tune needs. */
export function findTunableWiggle(db: Db, ownerId: number, id: number) {
  return db
    .selectFrom('wiggles')
    .select(TUNE_COLUMNS)
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .where('delete_status', '!=', DeleteStatus.Expired)
    .executeTakeFirst();
}
export type TunableWiggle = NonNullable<Awaited<ReturnType<typeof findTunableWiggle>>>;

/** Saves the tune on the member's active wiggle; false when there is none (foreign, trashed, gone). */
export async function updateWiggleTune(
  db: Db,
  ownerId: number,
  id: number,
  tune: Tune,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('wiggles')
    .set({ tune: JSON.stringify(tune), last_modified_at: now })
    .where('owner_id', '=', ownerId)
    .where('id', '=', id)
    .where('delete_status', '=', DeleteStatus.Active)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The stored tune with SPEC's defaults; a row never tuned (or written by an older schema) gets the defaults. */
export function savedTune(json: string | null): Tune {
  const parsed = json ? TuneSchema.safeParse(JSON.parse(json)) : undefined;
  return parsed?.success ? parsed.data : TuneSchema.parse({});
}
