import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
/** Screenshots of failed tests and server logs; git-ignored. */
export const ARTIFACTS_DIR = path.join(REPOSITORY_ROOT, 'e2e', '.artifacts');
