import type { Kysely } from 'kysely';
import type { BlobStore } from '../../platform/blobs/blob-store';
import type { Database } from '../../platform/db/schema';
import type { Platform } from '../../platform/platform';

/** What the gallery services use; passed as plain arguments so tests and the seed hand in real parts directly. */
export interface GalleryDeps {
  db: Kysely<Database>;
  blobs: BlobStore;
  /** Origin of share-link and embed URLs (PUBLIC_URL). */
  publicUrl: string;
}

export const galleryDepsOf = (platform: Platform): GalleryDeps => ({
  db: platform.db,
  blobs: platform.blobs,
  publicUrl: platform.config.PUBLIC_URL,
});
