import { isIdText } from '@wiggle/common/schemas/ids';
import {
  MediaFileParamsSchema,
  WIGGLE_FRAME_PATTERN,
  WIGGLE_MEDIA_PATTERN,
} from '@wiggle/common/schemas/library';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentMember, requireVerified } from '../../platform/auth/guards';
import { NotFound } from '../../platform/errors';
import type { FeaturePluginOptions } from '../../platform/http/plugin-options';
import { sendBlob } from '../../platform/http/send-blob';
import type { WiggleFrameName } from '../library/item-keys';
import { wiggleFrameFile } from './media-service';

/** SPEC media URLs of wiggles under /api, for the owner only: another member's id answers 404 like a missing one. */
export const wiggleMediaRoutes: FastifyPluginAsyncZod<FeaturePluginOptions> = async (app, { platform }) => {
  const schema = (summary: string) => ({ tags: ['library media'], summary, params: MediaFileParamsSchema });
  app.addHook('onRequest', requireVerified);

  for (const [path, summary, pattern] of [
    [
      '/library/wiggle/:file',
      'A wiggle view as {id}-{left|right}-{f|t}.webp: full size or thumbnail (200x140)',
      WIGGLE_MEDIA_PATTERN,
    ],
    [
      '/library/wiggle/frame/:file',
      'An interpolated frame as {id}-{25|50|75}-{f|t}.webp (Enhanced playback)',
      WIGGLE_FRAME_PATTERN,
    ],
  ] as const) {
    app.get(path, { schema: schema(summary), config: { cookieAuth: true } }, async (request, reply) => {
      const match = pattern.exec(request.params.file);
      if (!match || !isIdText(match[1]!)) throw new NotFound();
      const frame = `${match[2]}-${match[3]}` as WiggleFrameName;
      const key = await wiggleFrameFile(platform.db, currentMember(request).id, Number(match[1]), frame);
      return sendBlob(request, reply, platform.blobs, key, 'image/webp');
    });
  }
};
