import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';

/**
 * Wiggles the member has in the gallery, for My account's usage statistics. The gallery does not exist yet, so
 * there are none; the gallery fills this in with its own query.
 */
export async function countGalleryWiggles(_db: Kysely<Database>, _ownerId: number): Promise<number> {
  return 0;
}
