import {
  GALLERY_ANIMATION_PATTERN,
  GALLERY_DOWNLOAD_PATTERN,
  GALLERY_FRAME_PATTERN,
  GALLERY_IMAGE_PATTERN,
  WatermarkQuerySchema,
} from '@wiggle/common/schemas/gallery';
import { GALLERY_VIDEO_PATTERN } from '@wiggle/common/schemas/gallery-video';
import { isIdText } from '@wiggle/common/schemas/ids';
import { MediaFileParamsSchema } from '@wiggle/common/schemas/library';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotFound } from '../../platform/errors';
import type { FeaturePluginOptions } from '../../platform/http/plugin-options';
import { sendBlob } from '../../platform/http/send-blob';
import { galleryDepsOf } from '../gallery/deps';
import type { GalleryFrameName } from '../gallery/frame-keys';
import { downloadZip, visibleAnimation, visibleFrame, visibleVideo } from '../gallery/public-service';
import { cacheControlFor, setCacheControl, viewerOf } from './viewer';

/**
 * Gallery media at SPEC §7's URLs under /api, under the access module's rules: the owner, anyone when public, a
 * share-link holder with `?share=TOKEN`; anyone else gets 404, as for a missing id.
 */
export const galleryMediaRoutes: FastifyPluginAsyncZod<FeaturePluginOptions> = async (app, { platform }) => {
  const deps = galleryDepsOf(platform);
  const schema = (summary: string) => ({
    tags: ['gallery media'],
    summary,
    security: [],
    params: MediaFileParamsSchema,
    querystring: WatermarkQuerySchema,
  });

  async function sendFrame(request: FastifyRequest, reply: FastifyReply, id: number, name: GalleryFrameName) {
    const embed = (request.query as { wm?: string }).wm === 'iframe';
    const frame = await visibleFrame(deps, await viewerOf(request), id, name, embed);
    return sendBlob(request, reply, deps.blobs, frame.key, 'image/webp', cacheControlFor(frame.isPublic), {
      immutable: true,
    });
  }

  app.get(
    '/gallery/wiggle/image/:file',
    {
      config: { cookieAuth: true },
      schema: schema('A gallery wiggle view as {id}-{left|right}-{f|t}.webp (full size or thumbnail)'),
    },
    async (request, reply) => {
      const match = GALLERY_IMAGE_PATTERN.exec(request.params.file);
      if (!match || !isIdText(match[1]!)) throw new NotFound();
      return sendFrame(request, reply, Number(match[1]), `${match[2]}-${match[3]}` as GalleryFrameName);
    },
  );
  app.get(
    '/gallery/wiggle/frame/:file',
    {
      config: { cookieAuth: true },
      schema: schema('An interpolated frame of a gallery wiggle as {id}-{25|50|75}.webp'),
    },
    async (request, reply) => {
      const match = GALLERY_FRAME_PATTERN.exec(request.params.file);
      if (!match || !isIdText(match[1]!)) throw new NotFound();
      return sendFrame(request, reply, Number(match[1]), `${match[2]}-f` as GalleryFrameName);
    },
  );
  app.get(
    '/gallery/wiggle/animated/:file',
    {
      config: { cookieAuth: true },
      schema: schema('The whole wiggle as one animated WebP at preview size, as {id}.webp (link previews)'),
    },
    async (request, reply) => {
      const match = GALLERY_ANIMATION_PATTERN.exec(request.params.file);
      if (!match || !isIdText(match[1]!)) throw new NotFound();
      const preview = await visibleAnimation(deps, await viewerOf(request), Number(match[1]));
      return sendBlob(
        request,
        reply,
        deps.blobs,
        preview.key,
        'image/webp',
        cacheControlFor(preview.isPublic),
        { immutable: true },
      );
    },
  );
  app.get(
    '/gallery/wiggle/video/:file',
    {
      config: { cookieAuth: true },
      schema: schema(
        "The wiggle's MP4 (H.264, made in the owner's browser) as {id}.mp4, with HTTP Range; 404 until one is made",
      ),
    },
    async (request, reply) => {
      const match = GALLERY_VIDEO_PATTERN.exec(request.params.file);
      if (!match || !isIdText(match[1]!)) throw new NotFound();
      const video = await visibleVideo(deps, await viewerOf(request), Number(match[1]));
      return sendBlob(request, reply, deps.blobs, video.key, 'video/mp4', cacheControlFor(video.isPublic));
    },
  );
  app.get(
    '/gallery/wiggle/download/:file',
    {
      config: { cookieAuth: true },
      schema: schema(
        'The frames as a zip, streamed: {id}-original.zip (the two views) or {id}-enhanced.zip (all five frames)',
      ),
    },
    async (request, reply) => {
      const match = GALLERY_DOWNLOAD_PATTERN.exec(request.params.file);
      if (!match || !isIdText(match[1]!)) throw new NotFound();
      const mode = match[2] as 'original' | 'enhanced';
      const { wiggle, zip } = await downloadZip(deps, await viewerOf(request), Number(match[1]), mode);
      setCacheControl(reply, wiggle.is_public_view === 1);
      const filename = `wiggle-${wiggle.id}-${mode}.zip`;
      reply.header('Content-Type', 'application/zip');
      reply.header('Content-Disposition', `attachment; filename="${filename}"`);
      return reply.send(zip);
    },
  );
};
