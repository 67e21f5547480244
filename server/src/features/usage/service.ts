import type { UsageStatistics } from '@wiggle/common/schemas/shop';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { countGalleryWiggles } from '../gallery/usage-service';
import { libraryUsage } from '../library/usage-service';
import { createCreditService } from '../shop/credit-service';

type UsageConfig = Parameters<typeof createCreditService>[1];

/**
 * My account's usage statistics, gathered from the features that own the numbers (library, gallery, shop). Its own
 * feature because it reads from all three and none of them may depend on the others in a circle.
 */
export function createUsageService(db: Kysely<Database>, config: UsageConfig) {
  const credits = createCreditService(db, config);
  return {
    async statistics(userId: number): Promise<UsageStatistics> {
      const [library, wigglesInGallery, framesSpent] = await Promise.all([
        libraryUsage(db, userId),
        countGalleryWiggles(db, userId),
        credits.framesSpent(userId),
      ]);
      return { ...library, wigglesInGallery, framesSpent };
    },
  };
}
