import { join } from 'node:path';
import type { BlobStore } from './blob-store';
import { LocalBlobStore } from './local-blob-store';
import { S3BlobStore } from './s3-blob-store';

export interface BlobStoreSettings {
  dataDir: string;
  /** Present when every `S3_*` setting is given (DESIGN.md §4 scale settings). */
  s3?: { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string; region?: string };
}

export function createBlobStore(settings: BlobStoreSettings): BlobStore {
  if (settings.s3) return new S3BlobStore(settings.s3);
  return new LocalBlobStore(join(settings.dataDir, 'blobs'));
}
