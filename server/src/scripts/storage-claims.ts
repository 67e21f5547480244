import { accountBlobClaims } from '../features/account/blob-claims';
import { galleryBlobClaims } from '../features/gallery/blob-claims';
import { libraryBlobClaims } from '../features/library/blob-claims';
import type { BlobClaimSource } from '../platform/blobs/storage-check';

/** Every feature that writes blobs says here which keys its rows claim; a feature that stores files adds its source. */
export const STORAGE_CLAIMS: readonly BlobClaimSource[] = [
  accountBlobClaims,
  libraryBlobClaims,
  galleryBlobClaims,
];
