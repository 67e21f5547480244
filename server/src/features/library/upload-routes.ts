import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Messages } from '@wiggle/common/messages';
import {
  type Original,
  UploadFieldsSchema,
  UploadOriginalsResponseSchema,
} from '@wiggle/common/schemas/library';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentMember, requireVerified } from '../../platform/auth/guards';
import { BadRequest } from '../../platform/errors';
import type { FeaturePluginOptionsWith } from '../../platform/http/plugin-options';
import type { LibraryDeps } from './deps';
import { memberUploadDefaults } from './settings-store';
import { ingestUploadedFile, resolveTargetFolder, UploadFileError } from './upload-service';

const MAX_FILES_PER_REQUEST = 100;
const formatMegabytes = (bytes: number) => String(Math.round((bytes / 1024 / 1024) * 100) / 100);

const definedOnly = (fields: { resolutionLimit?: number | undefined; reencode?: boolean | undefined }) => ({
  ...(fields.resolutionLimit !== undefined ? { resolutionLimit: fields.resolutionLimit } : {}),
  ...(fields.reencode !== undefined ? { reencode: fields.reencode } : {}),
});

const INGEST_CONCURRENCY = 2;

/** Maps with at most `limit` calls running at once; results keep the input order. */
async function mapInOrder<T, R>(
  items: readonly T[],
  limit: number,
  map: (item: T) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await map(items[index]!);
    }
  });
  await Promise.all(lanes);
  return results;
}

interface ReceivedFile {
  name: string;
  tempPath?: string;
  error?: string;
}

/**
 * POST /api/library/originals: every `file` part is streamed to DATA_DIR/tmp first (never held whole in memory
 * while the request arrives), then ingested one by one. A bad file becomes an entry in `errors`; the others are kept.
 */
export const uploadRoutes: FastifyPluginAsyncZod<FeaturePluginOptionsWith<LibraryDeps>> = async (
  app,
  { deps },
) => {
  app.post(
    '/library/originals',
    {
      onRequest: requireVerified,
      schema: {
        tags: ['library'],
        summary:
          'Upload originals (multipart: optional folderId, resolutionLimit, reencode fields; one or more `file` parts)',
        description: [
          'multipart/form-data fields:',
          '- `folderId` (optional integer): target folder; absent = the library root.',
          '- `resolutionLimit` (optional: 5120 | 3200 | 2400 | 1600 | 1000): long side in px; default from the',
          "  member's settings, else 5120.",
          "- `reencode` (optional `true` | `false`): force re-encode; default from the member's settings, else true.",
          `- \`file\` (one or more, at most ${MAX_FILES_PER_REQUEST}): JPEG, PNG, WebP, TIFF, AVIF, GIF or MPO; each at`,
          '  most UPLOAD_MAX_BYTES (default 100 MB). An MPO becomes two originals, "(left)" and "(right)".',
          'A bad file fails alone: it is listed in `errors` with its name and message, and the others are kept.',
        ].join('\n'),
        consumes: ['multipart/form-data'],
        response: { 200: UploadOriginalsResponseSchema },
      },
    },
    async (request) => {
      const member = currentMember(request);
      const maxBytes = deps.uploadMaxBytes;
      await mkdir(deps.tempDir, { recursive: true });
      const fields: Record<string, string> = {};
      const received: ReceivedFile[] = [];
      try {
        // throwFileSizeLimit is read per call at run time but missing from the call's type.
        const parts = request.parts({
          defParamCharset: 'utf8',
          limits: { fileSize: maxBytes, files: MAX_FILES_PER_REQUEST, fields: 10, fieldSize: 1024 },
          throwFileSizeLimit: false,
        } as Parameters<typeof request.parts>[0]);
        for await (const part of parts) {
          if (part.type === 'field') {
            fields[part.fieldname] = String(part.value);
            continue;
          }
          const name = (part.filename || 'image').split(/[\\/]/).pop()!.slice(0, 240) || 'image';
          if (part.fieldname !== 'file') {
            part.file.resume();
            continue;
          }
          const tempPath = path.join(deps.tempDir, `${randomUUID()}.upload`);
          try {
            await pipeline(part.file, createWriteStream(tempPath));
          } catch (error) {
            await rm(tempPath, { force: true });
            const reason = error instanceof Error ? error.message : 'the upload was interrupted.';
            received.push({ name, error: Messages.uploadPreparationFailed(reason) });
            continue;
          }
          if (part.file.truncated) {
            await rm(tempPath, { force: true });
            received.push({
              name,
              error: Messages.uploadPreparationFailed(
                `the file is larger than ${formatMegabytes(maxBytes)} MB.`,
              ),
            });
            continue;
          }
          received.push({ name, tempPath });
        }

        const parsed = UploadFieldsSchema.safeParse(fields);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw new BadRequest(issue?.message ?? 'Invalid upload fields.', {
            [String(issue?.path[0] ?? 'fields')]: issue?.message ?? 'Invalid.',
          });
        }
        if (received.length === 0)
          throw new BadRequest('No file was uploaded.', { file: Messages.mandatory });
        const folderId = await resolveTargetFolder(deps, member.id, parsed.data.folderId);
        const options = { ...(await memberUploadDefaults(deps.db, member.id)), ...definedOnly(parsed.data) };

        // Two files in flight: one is decoded in the engine pool while the other's variants are written.
        const results = await mapInOrder(received, INGEST_CONCURRENCY, async (file) => {
          if (file.error || !file.tempPath) return { error: file.error ?? Messages.generic };
          try {
            const bytes = await readFile(file.tempPath);
            return {
              originals: await ingestUploadedFile(
                deps,
                member.id,
                folderId,
                { name: file.name, bytes },
                options,
              ),
            };
          } catch (error) {
            if (!(error instanceof UploadFileError)) request.log.error({ err: error }, 'upload failed');
            return {
              error:
                error instanceof UploadFileError
                  ? error.message
                  : Messages.uploadProcessingFailed(Messages.generic),
            };
          } finally {
            await rm(file.tempPath, { force: true });
          }
        });
        const originals: Original[] = results.flatMap((r) => r.originals ?? []);
        const errors = results.flatMap((r, i) =>
          r.error ? [{ name: received[i]!.name, message: r.error }] : [],
        );
        return { originals, errors };
      } finally {
        await Promise.allSettled(
          received.map((f) => (f.tempPath ? rm(f.tempPath, { force: true }) : undefined)),
        );
      }
    },
  );
};
