import path from 'node:path';
import type { Platform } from '../../platform/platform';
import type { LibraryDeps } from './deps';
import { type LibraryEngine, sharedEngine } from './engine-adapter';

/** The library's view of the platform: database, blobs, jobs, the engine pool and the upload temp folder. */
export function libraryDepsOf(platform: Platform, engine: LibraryEngine = sharedEngine()): LibraryDeps {
  return {
    db: platform.db,
    blobs: platform.blobs,
    jobs: platform.jobs,
    engine,
    tempDir: path.join(platform.config.DATA_DIR, 'tmp'),
  };
}
