import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

/**
 * Call inside a `describe`: returns a maker of fresh temporary directories (named `prefix`…), each removed after
 * the test that made it.
 */
export function tempDirsPerTest(prefix: string): () => Promise<string> {
  const dirs: string[] = [];
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await fs.rm(dir, { recursive: true, force: true });
  });
  return async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };
}
