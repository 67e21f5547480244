import type { IngestOptions, IngestResult } from '@wiggle/engine/ingest/ingest-image';
import type { Kysely } from 'kysely';
import type { BlobStore } from '../../platform/blobs/blob-store';
import type { Database } from '../../platform/db/schema';
import { uploadTempDir } from '../../platform/http/multipart';
import type { Platform } from '../../platform/platform';

/** One picture of an upload: '' for a plain photo, ' (left)' / ' (right)' for the views of an MPO. */
export interface IngestedPicture {
  suffix: '' | ' (left)' | ' (right)';
  result: IngestResult;
}

/** The one engine call the library makes; the engine pool of the wiggles feature provides it (wired in app.ts). */
export interface PictureIngest {
  ingestUpload(bytes: Uint8Array, options: IngestOptions): Promise<IngestedPicture[]>;
}

/**
 * What the library services use, passed as plain arguments. The library knows nothing of how wiggles are made:
 * the wiggles feature depends on the library (its originals and folders), never the other way round, and hands
 * in `engine` and `remakeWiggles` when it builds these deps.
 */
export interface LibraryDeps {
  db: Kysely<Database>;
  blobs: BlobStore;
  engine: PictureIngest;
  /** DATA_DIR/tmp receives streamed uploads before ingest. */
  tempDir: string;
  /** UPLOAD_MAX_BYTES: the largest file an upload takes. */
  uploadMaxBytes: number;
  /** Asks for wiggle rows (copies of wiggles still being made) to be made again by the wiggles feature. */
  remakeWiggles(ids: readonly number[]): Promise<void>;
}

export function libraryDepsOf(
  platform: Platform,
  engine: PictureIngest,
  remakeWiggles: LibraryDeps['remakeWiggles'],
): LibraryDeps {
  return {
    db: platform.db,
    blobs: platform.blobs,
    engine,
    tempDir: uploadTempDir(platform.config.DATA_DIR),
    uploadMaxBytes: platform.config.UPLOAD_MAX_BYTES,
    remakeWiggles,
  };
}
