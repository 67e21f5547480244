import { isIdText } from '@wiggle/common/schemas/ids';
import {
  MediaFileParamsSchema,
  ORIGINAL_MEDIA_PATTERN,
  WIGGLE_FRAME_PATTERN,
  WIGGLE_MEDIA_PATTERN,
} from '@wiggle/common/schemas/library';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeaturePluginOptions } from '../../app';
import { currentMember, requireVerified } from '../../platform/auth/guards';
import type { BlobStore } from '../../platform/blobs/blob-store';
import { NotFound } from '../../platform/errors';
import { findItem } from './item-store';
import { libraryDepsOf } from './library-deps';
import { CONTENT_TYPES } from './upload-service';
import { type WiggleFrameName, wiggleFrameKey } from './wiggle-keys';

/** Media never changes under a URL except when a creation re-runs, which the ETag (size + time) catches. */
const CACHE_CONTROL = 'private, max-age=31536000, immutable';

async function sendBlob(
  request: FastifyRequest,
  reply: FastifyReply,
  blobs: BlobStore,
  key: string,
  contentType: string,
) {
  const stat = await blobs.stat(key);
  if (!stat) throw new NotFound();
  const etag = `"${stat.size.toString(16)}-${stat.modifiedAt.getTime().toString(16)}"`;
  reply.header('Cache-Control', CACHE_CONTROL).header('ETag', etag).header('Vary', 'Authorization, Cookie');
  if (request.headers['if-none-match'] === etag) return reply.code(304).send();
  reply.header('Content-Type', contentType).header('Content-Length', stat.size);
  return reply.send(await blobs.get(key));
}

/** SPEC media URLs under /api, for the owner only: another member's id answers 404 like a missing one. */
export const mediaRoutes: FastifyPluginAsyncZod<FeaturePluginOptions> = async (app, { platform }) => {
  const deps = () => libraryDepsOf(platform);
  const schema = (summary: string) => ({ tags: ['library media'], summary, params: MediaFileParamsSchema });
  app.addHook('onRequest', requireVerified);

  app.get(
    '/library/original/view/:file',
    {
      schema: schema('An original as {id}-{o|p|t}: original, preview (720), thumbnail (180x126)'),
      config: { cookieAuth: true },
    },
    async (request, reply) => {
      const match = ORIGINAL_MEDIA_PATTERN.exec(request.params.file);
      if (!match || !isIdText(match[1]!)) throw new NotFound();
      const row = await findItem(platform.db, 'originals', currentMember(request).id, Number(match[1]));
      if (!row) throw new NotFound();
      const size = match[2] as 'o' | 'p' | 't';
      const key = size === 'o' ? row.blob_o : size === 'p' ? row.blob_p : row.blob_t;
      const format = size === 'o' ? row.format : 'jpeg';
      return sendBlob(request, reply, deps().blobs, key, CONTENT_TYPES[format] ?? 'application/octet-stream');
    },
  );

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
      const row = await findItem(platform.db, 'wiggles', currentMember(request).id, Number(match[1]));
      if (!row) throw new NotFound();
      const key = wiggleFrameKey(row.blob_prefix, `${match[2]}-${match[3]}` as WiggleFrameName);
      return sendBlob(request, reply, deps().blobs, key, 'image/webp');
    });
  }
};
