import { GalleryWiggleSchema } from '@wiggle/common/schemas/gallery';
import { VideoFrameParamsSchema } from '@wiggle/common/schemas/gallery-video';
import { IdParamsSchema } from '@wiggle/common/schemas/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentMember, requireVerified } from '../../platform/auth/guards';
import { receiveMultipart, uploadTempDir } from '../../platform/http/multipart';
import type { FeaturePluginOptions } from '../../platform/http/plugin-options';
import { sendBlob } from '../../platform/http/send-blob';
import { galleryDepsOf } from './deps';
import { requireVideoTarget, storeVideo, videoFrameKey, videoUploadLimits } from './video-service';

/**
 * The owner's side of a gallery wiggle's video (issue 12 part 3): the frames to encode, with the member's video
 * watermark, and the upload of the MP4 the browser made. The video itself is gallery media (public/media-routes.ts).
 */
export const galleryVideoRoutes: FastifyPluginAsyncZod<FeaturePluginOptions> = async (app, { platform }) => {
  const deps = galleryDepsOf(platform);
  const maxBytes = platform.config.VIDEO_MAX_BYTES;
  const tempDir = uploadTempDir(platform.config.DATA_DIR);
  const tags = ['gallery'];
  app.addHook('onRequest', requireVerified);
  // Any other body reaches the handler unread, so the receiver answers 400 with its reason (not Fastify's 415).
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.get(
    '/gallery/wiggles/:id/video-frames/:position',
    {
      schema: {
        tags,
        summary: 'One frame to encode into the video (left, 25, 50, 75, right) as WebP, owner only',
        description:
          "The full-size frame with the member's video watermark drawn by the engine (none when the watermark is ''). " +
          'The in-betweens 25/50/75 exist only when the wiggle has them (404 otherwise).',
        params: VideoFrameParamsSchema,
      },
    },
    async (request, reply) => {
      const { id, position } = request.params;
      const key = await videoFrameKey(deps, currentMember(request).id, id, position);
      // The watermark may change between two videos under the same URL: revalidate (ETag) every time.
      return sendBlob(request, reply, deps.blobs, key, 'image/webp', 'private, no-cache');
    },
  );

  app.post(
    '/gallery/wiggles/:id/video',
    {
      schema: {
        tags,
        summary: "Store the wiggle's MP4 (multipart, one `file` part), replacing the one before; owner only",
        description: [
          'The MP4 the browser encoded (H.264 in an `avc1` track, muxed as ISO BMFF with `ftyp` first).',
          `At most VIDEO_MAX_BYTES (default ${Math.round(maxBytes / 1024 / 1024)} MB here): larger answers 413.`,
          'Not an MP4, or not H.264, answers 400 with the reason; a foreign or missing wiggle 404.',
          'The video is then served at /api/gallery/wiggle/video/{id}.mp4 and carried by the public pages (og:video).',
        ].join('\n'),
        params: IdParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 200: GalleryWiggleSchema },
      },
    },
    async (request) => {
      const ownerId = currentMember(request).id;
      await requireVideoTarget(deps, ownerId, request.params.id);
      const form = await receiveMultipart(request, {
        tempDir,
        limits: videoUploadLimits(maxBytes),
        fileFields: ['file'],
      });
      try {
        return await storeVideo(deps, ownerId, request.params.id, form, maxBytes);
      } finally {
        await form.cleanup();
      }
    },
  );
};
