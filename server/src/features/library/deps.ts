import type { Kysely } from 'kysely';
import type { BlobStore } from '../../platform/blobs/blob-store';
import type { Database } from '../../platform/db/schema';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { LibraryEngine } from './engine-adapter';

/** What the library services use; passed as plain arguments so tests can hand in real parts directly. */
export interface LibraryDeps {
  db: Kysely<Database>;
  blobs: BlobStore;
  jobs: JobQueue;
  engine: LibraryEngine;
  /** DATA_DIR/tmp receives streamed uploads before ingest. */
  tempDir: string;
}

/** The job name and payload every creation is enqueued with. */
export const WIGGLE_CREATE_JOB = 'wiggle.create';
export interface WiggleCreatePayload {
  wiggleId: number;
}
