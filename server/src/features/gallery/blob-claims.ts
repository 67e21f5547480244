import { DeleteStatus } from '@wiggle/common/enums';
import type { BlobClaimSource } from '../../platform/blobs/storage-check';
import { type GalleryFrameName, galleryFrameKey } from './frame-keys';

const VIEW_FRAMES: GalleryFrameName[] = ['left-f', 'left-t', 'right-f', 'right-t'];
const IN_BETWEEN_FRAMES: GalleryFrameName[] = ['25-f', '50-f', '75-f'];

/**
 * The gallery's blobs: each gallery wiggle that is not Expired owns its prefix (watermarked copies live under it)
 * and needs its view frames, its in-betweens when it has them, and its video when one was stored. Expired rows claim nothing (purge deleted them).
 */
export const galleryBlobClaims: BlobClaimSource = async (db) => {
  const wiggles = await db
    .selectFrom('gallery_wiggles')
    .select(['id', 'blob_prefix', 'has_in_betweens', 'video_key'])
    .where('delete_status', '!=', DeleteStatus.Expired)
    .execute();
  const expected = wiggles.flatMap((w) => [
    ...[...VIEW_FRAMES, ...(w.has_in_betweens ? IN_BETWEEN_FRAMES : [])].map((name) => ({
      key: galleryFrameKey(w.blob_prefix, name),
      owner: `gallery wiggle ${w.id}`,
    })),
    ...(w.video_key ? [{ key: w.video_key, owner: `gallery wiggle ${w.id} (video)` }] : []),
  ]);
  return { expected, prefixes: wiggles.map((w) => `${w.blob_prefix}/`) };
};
