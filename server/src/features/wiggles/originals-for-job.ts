import { EngineInputError } from '@wiggle/engine/image';
import type { Kysely } from 'kysely';
import type { BlobStore } from '../../platform/blobs/blob-store';
import type { Database } from '../../platform/db/schema';
import type { WiggleRow } from '../library/mappers';
import { originalFileForJob } from '../library/originals-service';

/**
 * The bytes of a wiggle's originals, as a job renders them (creation, re-tune, export): a side-by-side wiggle has one
 * original used for both. A missing original is bad input (EngineInputError), never retried.
 */
export async function wiggleOriginals(
  deps: { db: Kysely<Database>; blobs: BlobStore },
  wiggle: Pick<WiggleRow, 'source_type' | 'left_original_id' | 'right_original_id'>,
) {
  const load = async (id: number | null) => {
    const key = id ? await originalFileForJob(deps.db, id) : undefined;
    if (!key)
      throw new EngineInputError('The original photo of this wiggle no longer exists.', 'unsupported');
    return deps.blobs.getBuffer(key);
  };
  const sideBySide = wiggle.source_type === 2;
  const left = await load(wiggle.left_original_id);
  const right = sideBySide ? left : await load(wiggle.right_original_id);
  return { left, right, sideBySide };
}
