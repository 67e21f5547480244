import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { countActiveGalleryWiggles } from './wiggle-store';

/** Wiggles the member has in the gallery (not in the trash), for My account's usage statistics. */
export function countGalleryWiggles(db: Kysely<Database>, ownerId: number): Promise<number> {
  return countActiveGalleryWiggles(db, ownerId);
}
