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

/** The `S3_*` settings as the environment gives them (config.ts). */
export interface S3Environment {
  S3_ENDPOINT?: string;
  S3_BUCKET?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_REGION?: string;
}

/** S3 settings when all are given, none when none are; a partial set is a mistake worth stopping the start for. */
export function s3SettingsFrom(env: S3Environment): BlobStoreSettings['s3'] {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION } = env;
  const required = { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY };
  const missing = Object.entries(required)
    .filter(([, value]) => !value)
    .map(([key]) => key);
  if (missing.length === 4) return undefined;
  if (missing.length > 0) throw new Error(`Incomplete S3 configuration: ${missing.join(', ')} not set.`);
  return {
    endpoint: S3_ENDPOINT!,
    bucket: S3_BUCKET!,
    accessKeyId: S3_ACCESS_KEY_ID!,
    secretAccessKey: S3_SECRET_ACCESS_KEY!,
    region: S3_REGION || 'us-east-1',
  };
}
