import { UploadOriginalsResponseSchema } from '@wiggle/common/schemas/library';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentMember, requireVerified } from '../../platform/auth/guards';
import { receiveMultipart } from '../../platform/http/multipart';
import type { FeaturePluginOptionsWith } from '../../platform/http/plugin-options';
import type { LibraryDeps } from './deps';
import { MAX_FILES_PER_UPLOAD, uploadLimits, uploadOriginals } from './upload-service';

/**
 * POST /api/library/originals: every `file` part is streamed to DATA_DIR/tmp first (never held whole in memory
 * while the request arrives), then the upload service ingests them. The temp files go when the answer is ready.
 */
export const uploadRoutes: FastifyPluginAsyncZod<FeaturePluginOptionsWith<LibraryDeps>> = async (
  app,
  { deps },
) => {
  // Any other body reaches the handler unread, so the receiver answers 400 with its reason (not Fastify's 415).
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
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
          `- \`file\` (one or more, at most ${MAX_FILES_PER_UPLOAD}): JPEG, PNG, WebP, TIFF, AVIF, GIF or MPO; each at`,
          '  most UPLOAD_MAX_BYTES (default 100 MB). An MPO becomes two originals, "(left)" and "(right)".',
          'A bad file fails alone: it is listed in `errors` with its name and message, and the others are kept.',
          'A malformed body (not multipart, no boundary, cut off, a part without a name) answers 400.',
        ].join('\n'),
        consumes: ['multipart/form-data'],
        response: { 200: UploadOriginalsResponseSchema },
      },
    },
    async (request) => {
      const form = await receiveMultipart(request, {
        tempDir: deps.tempDir,
        limits: uploadLimits(deps.uploadMaxBytes),
        fileFields: ['file'],
      });
      try {
        return await uploadOriginals(deps, currentMember(request).id, form, request.log);
      } finally {
        await form.cleanup();
      }
    },
  );
};
