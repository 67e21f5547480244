import { isIdText } from '@wiggle/common/schemas/ids';
import { MediaFileParamsSchema, ORIGINAL_MEDIA_PATTERN } from '@wiggle/common/schemas/library';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentMember, requireVerified } from '../../platform/auth/guards';
import { NotFound } from '../../platform/errors';
import type { FeaturePluginOptions } from '../../platform/http/plugin-options';
import { sendBlob } from '../../platform/http/send-blob';
import { originalMediaFile } from './originals-service';

/** SPEC media URL of originals under /api, for the owner only: another member's id answers 404 like a missing one. */
export const originalMediaRoutes: FastifyPluginAsyncZod<FeaturePluginOptions> = async (app, { platform }) => {
  app.addHook('onRequest', requireVerified);
  app.get(
    '/library/original/view/:file',
    {
      schema: {
        tags: ['library media'],
        summary: 'An original as {id}-{o|p|t}: original, preview (720), thumbnail (180x126)',
        params: MediaFileParamsSchema,
      },
      config: { cookieAuth: true },
    },
    async (request, reply) => {
      const match = ORIGINAL_MEDIA_PATTERN.exec(request.params.file);
      if (!match || !isIdText(match[1]!)) throw new NotFound();
      const size = match[2] as 'o' | 'p' | 't';
      const file = await originalMediaFile(platform.db, currentMember(request).id, Number(match[1]), size);
      return sendBlob(request, reply, platform.blobs, file.key, file.contentType);
    },
  );
};
