import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { NotFound } from '../../platform/errors';
import { type WiggleFrameName, wiggleFrameKey } from '../library/item-keys';
import { findMemberWiggle } from './wiggle-store';

/** The blob key of one frame of the member's wiggle (also from the trash); another member's id is NotFound. */
export async function wiggleFrameFile(
  db: Kysely<Database>,
  ownerId: number,
  id: number,
  frame: WiggleFrameName,
): Promise<string> {
  const row = await findMemberWiggle(db, ownerId, id);
  if (!row) throw new NotFound();
  return wiggleFrameKey(row.blob_prefix, frame);
}
