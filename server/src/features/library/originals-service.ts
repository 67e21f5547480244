import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema';
import { NotFound } from '../../platform/errors';
import { findActiveItems, findItem } from './item-store';
import type { OriginalRow } from './mappers';
import { originalBlobForJob } from './original-store';
import { CONTENT_TYPES } from './upload-service';

/** Reads of single originals: their media files, and what the wiggles feature reads (a creation's sources). */
type Db = Kysely<Database>;

/** The member's active originals among `ids` (missing or foreign ids are left out). */
export function activeOriginals(db: Db, ownerId: number, ids: readonly number[]): Promise<OriginalRow[]> {
  return findActiveItems(db, 'originals', ownerId, ids);
}

/** The blob key of an original's full file for a job (by id alone: the owner enqueued it); Expired has none. */
export async function originalFileForJob(db: Db, id: number): Promise<string | undefined> {
  return (await originalBlobForJob(db, id))?.blob_o;
}

/** The blob of one size of the member's original (also from the trash) and its type; else NotFound. */
export async function originalMediaFile(
  db: Db,
  ownerId: number,
  id: number,
  size: 'o' | 'p' | 't',
): Promise<{ key: string; contentType: string }> {
  const row = await findItem(db, 'originals', ownerId, id);
  if (!row) throw new NotFound();
  const key = size === 'o' ? row.blob_o : size === 'p' ? row.blob_p : row.blob_t;
  const format = size === 'o' ? row.format : 'jpeg';
  return { key, contentType: CONTENT_TYPES[format] ?? 'application/octet-stream' };
}
