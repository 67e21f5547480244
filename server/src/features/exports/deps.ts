import type { Kysely } from 'kysely';
import type { BlobStore } from '../../platform/blobs/blob-store';
import type { Database } from '../../platform/db/schema';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { Logger } from '../../platform/logger';
import type { Platform } from '../../platform/platform';
import type { LibraryEngine } from '../wiggles/engine-adapter';

export const EXPORT_RENDER_JOB = 'export.render';
export interface ExportRenderPayload {
  exportId: number;
}

/** What the export uses: the database, blobs, jobs, the engine and the config the credits need. */
export interface ExportDeps {
  db: Kysely<Database>;
  blobs: BlobStore;
  jobs: JobQueue;
  log: Logger;
  engine: LibraryEngine;
  config: Platform['config'];
  publicUrl: string;
}

export const exportDepsOf = (platform: Platform, engine: LibraryEngine): ExportDeps => ({
  db: platform.db,
  blobs: platform.blobs,
  jobs: platform.jobs,
  log: platform.log,
  engine,
  config: platform.config,
  publicUrl: platform.config.PUBLIC_URL,
});
