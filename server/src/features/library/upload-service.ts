import { randomUUID } from 'node:crypto';
import { DeleteStatus, SourceType } from '@wiggle/common/enums';
import { Messages } from '@wiggle/common/messages';
import type { Original } from '@wiggle/common/schemas/library';
import { EngineInputError } from '@wiggle/engine/image';
import type { EncodedImage } from '@wiggle/engine/ingest/ingest-image';
import type { BlobStore } from '../../platform/blobs/blob-store';
import { isoNow } from '../../platform/db/columns';
import { NotFound } from '../../platform/errors';
import type { IngestedPicture, LibraryDeps } from './deps';
import { findItem } from './item-store';
import { type OriginalRow, toOriginal } from './mappers';
import { insertOriginal } from './original-store';

const EXTENSIONS: Record<EncodedImage['format'], string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };
export const CONTENT_TYPES: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** A file of a batch that failed alone, with SPEC's upload wording. */
export class UploadFileError extends Error {}

export function preparationError(reason: string): UploadFileError {
  return new UploadFileError(Messages.uploadPreparationFailed(reason));
}

export interface UploadOptions {
  resolutionLimit?: number | undefined;
  reencode?: boolean | undefined;
}

/** The folder uploads go into: the member's own active folder, or the root. A foreign id is NotFound. */
export async function resolveTargetFolder(
  deps: LibraryDeps,
  ownerId: number,
  folderId: number | null | undefined,
) {
  if (folderId == null) return null;
  const folder = await findItem(deps.db, 'folders', ownerId, folderId);
  if (!folder || folder.delete_status !== DeleteStatus.Active) throw new NotFound('Folder not found.');
  return folder.id;
}

/** Writes o/p/t of one picture under a fresh prefix; returns the keys (the caller owns cleanup). */
async function writeVariants(blobs: BlobStore, ownerId: number, picture: IngestedPicture, written: string[]) {
  const prefix = `originals/${ownerId}/${randomUUID()}`;
  const keys = { o: '', p: '', t: '' };
  for (const size of ['o', 'p', 't'] as const) {
    const image = picture.result[size];
    const key = `${prefix}/${size}.${EXTENSIONS[image.format]}`;
    written.push(key);
    await blobs.put(key, image.data, { contentType: CONTENT_TYPES[image.format] });
    keys[size] = key;
  }
  return keys;
}

/**
 * Ingests one uploaded file (already received whole on disk, read here) into one original, or two for an MPO.
 * All-or-nothing: when anything fails, the blobs and rows written for this file are removed again.
 */
export async function ingestUploadedFile(
  deps: LibraryDeps,
  ownerId: number,
  folderId: number | null,
  file: { name: string; bytes: Uint8Array },
  options: UploadOptions,
): Promise<Original[]> {
  let pictures: IngestedPicture[];
  try {
    pictures = await deps.engine.ingestUpload(file.bytes, {
      ...(options.resolutionLimit ? { resolutionLimit: options.resolutionLimit } : {}),
      reencode: options.reencode ?? true,
    });
  } catch (error) {
    const reason = error instanceof EngineInputError ? error.message : 'the image could not be read.';
    throw new UploadFileError(Messages.uploadProcessingFailed(reason));
  }

  const written: string[] = [];
  try {
    const uploadedAt = isoNow();
    const stored: Array<{ picture: IngestedPicture; keys: { o: string; p: string; t: string } }> = [];
    for (const picture of pictures) {
      stored.push({ picture, keys: await writeVariants(deps.blobs, ownerId, picture, written) });
    }
    const baseName = (file.name || 'image').slice(0, 240);
    const rows = await deps.db.transaction().execute(async (trx) => {
      const inserted: OriginalRow[] = [];
      for (const { picture, keys } of stored) {
        const o = picture.result.o;
        inserted.push(
          await insertOriginal(trx, {
            owner_id: ownerId,
            folder_id: folderId,
            name: `${baseName}${picture.suffix}`.slice(0, 255),
            width: o.width,
            height: o.height,
            pixels: o.width * o.height,
            size: o.data.length,
            format: o.format,
            source_type: SourceType.Pair,
            blob_o: keys.o,
            blob_p: keys.p,
            blob_t: keys.t,
            deleted_at: null,
            uploaded_at: uploadedAt,
          }),
        );
      }
      return inserted;
    });
    return rows.map(toOriginal);
  } catch (error) {
    await Promise.allSettled(written.map((key) => deps.blobs.delete(key)));
    const reason = error instanceof Error ? error.message : String(error);
    throw new UploadFileError(Messages.uploadProcessingFailed(reason));
  }
}

export async function deleteOriginalBlobs(
  blobs: BlobStore,
  row: Pick<OriginalRow, 'blob_o' | 'blob_p' | 'blob_t'>,
) {
  await Promise.allSettled([blobs.delete(row.blob_o), blobs.delete(row.blob_p), blobs.delete(row.blob_t)]);
}
