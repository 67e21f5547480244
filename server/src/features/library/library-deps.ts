import path from 'node:path';
import type { BlobStore } from '../../platform/blobs/blob-store';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { Platform } from '../../platform/platform';
import type { LibraryDeps } from './deps';
import { type LibraryEngine, sharedEngine } from './engine-adapter';

/** The platform pieces the library needs; blobs and jobs are opened by the platform (createPlatform). */
export type LibraryPlatform = Platform & { blobs?: BlobStore; jobs?: JobQueue };

/** Read at call time, so routes registered before the platform's drivers exist still find them. */
export function libraryDepsOf(
  platform: LibraryPlatform,
  engine: LibraryEngine = sharedEngine(),
): LibraryDeps {
  if (!platform.blobs || !platform.jobs) throw new Error('The platform has no blob store or job queue.');
  return {
    db: platform.db,
    blobs: platform.blobs,
    jobs: platform.jobs,
    engine,
    tempDir: path.join(platform.config.DATA_DIR, 'tmp'),
  };
}
