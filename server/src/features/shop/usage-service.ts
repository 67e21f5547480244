import type { UsageStatistics } from '@wiggle/common/schemas/shop';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { countGalleryWiggles } from '../gallery/usage-service';
import { libraryUsage } from '../library/usage-service';
import { createCreditStore } from './credit-store';

/** My account's usage statistics: the library's and the gallery's counts and the frames spent. */
export async function usageStatistics(db: Kysely<Database>, userId: number): Promise<UsageStatistics> {
  const [library, wigglesInGallery, framesSpent] = await Promise.all([
    libraryUsage(db, userId),
    countGalleryWiggles(db, userId),
    createCreditStore(db).framesSpent(userId),
  ]);
  return { ...library, wigglesInGallery, framesSpent };
}
