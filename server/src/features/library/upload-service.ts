import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { DEFAULT_UPLOAD_RESOLUTION_LIMIT } from '@wiggle/common/constants';
import { SourceType } from '@wiggle/common/enums';
import { Messages } from '@wiggle/common/messages';
import {
  type Original,
  UploadFieldsSchema,
  type UploadOriginalsResponse,
} from '@wiggle/common/schemas/library';
import { EngineInputError } from '@wiggle/engine/image';
import type { EncodedImage } from '@wiggle/engine/ingest/ingest-image';
import pMap from 'p-map';
import type { BlobStore } from '../../platform/blobs/blob-store';
import { isoNow } from '../../platform/db/columns';
import { BadRequest } from '../../platform/errors';
import type { MultipartLimits, ReceivedForm } from '../../platform/http/multipart';
import { memberUploadPreferences } from '../account/users-service';
import type { IngestedPicture, LibraryDeps } from './deps';
import { requireActiveFolder } from './folder-service';
import { lockActiveFolder } from './folder-store';
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

/** How an upload is ingested: the long side it is bounded to, and whether it is always re-encoded. */
export interface UploadOptions {
  resolutionLimit: number;
  reencode: boolean;
}

/** SPEC §3's defaults when neither the request nor the member's settings say otherwise. */
export const UPLOAD_DEFAULTS: UploadOptions = {
  resolutionLimit: DEFAULT_UPLOAD_RESOLUTION_LIMIT,
  reencode: true,
};
export const MAX_FILES_PER_UPLOAD = 100;
/** Two files in flight: one is decoded in the engine pool while the other's variants are written. */
const INGEST_CONCURRENCY = 2;

/** What one upload request may hold; `maxBytes` is UPLOAD_MAX_BYTES. */
export const uploadLimits = (maxBytes: number): MultipartLimits => ({
  fileSize: maxBytes,
  files: MAX_FILES_PER_UPLOAD,
  fields: 10,
  fieldSize: 1024,
});

/** The request's own fields first, then the member's settings, then the defaults: decided here only. */
async function uploadOptionsFor(
  deps: LibraryDeps,
  ownerId: number,
  requested: { resolutionLimit?: number | undefined; reencode?: boolean | undefined },
): Promise<UploadOptions> {
  const preferences = await memberUploadPreferences(deps.db, ownerId);
  return {
    resolutionLimit:
      requested.resolutionLimit ?? preferences.resolutionLimit ?? UPLOAD_DEFAULTS.resolutionLimit,
    reencode: requested.reencode ?? preferences.reencode ?? UPLOAD_DEFAULTS.reencode,
  };
}

/**
 * POST /api/library/originals after its files were received on disk: checks the fields, then ingests file by file
 * (bounded concurrency, results in the request's order). A bad file fails alone and is listed in `errors`.
 */
export async function uploadOriginals(
  deps: LibraryDeps,
  ownerId: number,
  form: ReceivedForm,
  log: { error(details: object, message: string): void },
): Promise<UploadOriginalsResponse> {
  const parsed = UploadFieldsSchema.safeParse(form.fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new BadRequest(issue?.message ?? 'Invalid upload fields.', {
      [String(issue?.path[0] ?? 'fields')]: issue?.message ?? 'Invalid.',
    });
  }
  if (form.files.length === 0) throw new BadRequest('No file was uploaded.', { file: Messages.mandatory });
  // The member's own active folder, or the root; a foreign id is NotFound.
  const folderId = await requireActiveFolder(deps.db, ownerId, parsed.data.folderId ?? null);
  const options = await uploadOptionsFor(deps, ownerId, parsed.data);
  const results = await pMap(
    form.files,
    async (file): Promise<{ originals?: Original[]; error?: string }> => {
      if (!file.path) return { error: Messages.uploadPreparationFailed(file.error ?? Messages.generic) };
      const name = file.filename || 'image';
      try {
        const bytes = await readFile(file.path);
        return { originals: await ingestUploadedFile(deps, ownerId, folderId, { name, bytes }, options) };
      } catch (error) {
        if (error instanceof UploadFileError) return { error: error.message };
        log.error({ err: error }, 'upload failed');
        return { error: Messages.uploadProcessingFailed(Messages.generic) };
      }
    },
    { concurrency: INGEST_CONCURRENCY },
  );
  return {
    originals: results.flatMap((r) => r.originals ?? []),
    errors: results.flatMap((r, i) =>
      r.error ? [{ name: form.files[i]!.filename || 'image', message: r.error }] : [],
    ),
  };
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
    pictures = await deps.engine.ingestUpload(file.bytes, options);
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
      // The folder was checked when the upload began; it may have gone to the trash while the files arrived.
      if (folderId !== null && !(await lockActiveFolder(trx, ownerId, folderId))) {
        throw new Error('the target folder was deleted during the upload.');
      }
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
