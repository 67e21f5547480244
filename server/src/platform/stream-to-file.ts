import { createWriteStream } from 'node:fs';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Writes `source` (through `through`, when given) to a new file at `path`. On failure it rejects only once the file
 * stream has closed, so a caller that removes the file then leaves nothing behind: a source that failed before the
 * file was open (its first chunks only buffered) rejected the pipeline while the open was under way, and the open
 * created the file after the caller's cleanup (an upload's `.partial` was seen left behind in CI).
 */
export async function streamToFile(
  source: Readable,
  path: string,
  options: { through?: Transform; flush?: boolean } = {},
): Promise<void> {
  const file = createWriteStream(path, { flush: options.flush ?? false });
  try {
    await (options.through ? pipeline(source, options.through, file) : pipeline(source, file));
  } catch (error) {
    if (!file.closed) await new Promise<void>((resolve) => file.once('close', () => resolve()));
    throw error;
  }
}
