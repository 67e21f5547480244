import type { BlobStore } from '../../platform/blobs/blob-store';
import { expireTrashedBefore } from '../../platform/db/expire-trash';
import type { GalleryDeps } from './deps';
import { markGalleryWigglesExpired, trashedGalleryWigglesBefore } from './wiggle-store';

const PURGE_BATCH = 200;

/**
 * Gallery trash older than `olderThanDays` → Expired, across members, and the wiggles' frames (watermarked copies
 * included) deleted, as the library's purge does; rows stay as Expired. Runs daily with the library's purge.
 */
export async function purgeGalleryTrash(
  deps: { db: GalleryDeps['db']; blobs: BlobStore },
  olderThanDays: number,
): Promise<{ albums: number; wiggles: number }> {
  const before = new Date(Date.now() - olderThanDays * 86_400_000).toISOString();
  let wiggles = 0;
  for (;;) {
    const rows = await trashedGalleryWigglesBefore(deps.db, before, PURGE_BATCH);
    if (rows.length === 0) break;
    for (const row of rows) await deps.blobs.deletePrefix(`${row.blob_prefix}/`);
    await markGalleryWigglesExpired(
      deps.db,
      rows.map((r) => r.id),
    );
    wiggles += rows.length;
  }
  return { albums: await expireTrashedBefore(deps.db, 'albums', before), wiggles };
}
