import { adminIdParamsSchema } from '@wiggle/common/schemas/admin';
import {
  ADMIN_WIGGLE_ACTIONS,
  adminAlbumSchema,
  adminAlbumsPageSchema,
  adminAlbumsQuerySchema,
  adminOriginalSchema,
  adminOriginalsPageSchema,
  adminOriginalsQuerySchema,
  adminOriginalViewParamsSchema,
  adminRatingSchema,
  adminWiggleFrameParamsSchema,
  adminWiggleSchema,
  adminWigglesPageSchema,
  adminWigglesQuerySchema,
} from '@wiggle/common/schemas/admin-content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentMember, requireAdmin } from '../../platform/auth/guards';
import type { FeaturePluginOptions } from '../../platform/http/plugin-options';
import { sendBlob } from '../../platform/http/send-blob';
import { createAdminContentService } from './content-service';

/**
 * /api/admin/{wiggles,albums,originals}: every member's gallery wiggles, albums and originals with their owners
 * (SPEC §2 admin pages). Admin token only: a visitor gets 401, a member 403. The media routes also take the session
 * cookie, as every media URL does, so the detail views can show them in <img src>.
 */
export const adminContentRoutes: FastifyPluginAsyncZod<FeaturePluginOptions> = async (app, { platform }) => {
  const content = createAdminContentService(platform.db);
  const tags = ['admin content'];
  app.addHook('preHandler', requireAdmin);

  app.get(
    '/admin/wiggles',
    {
      schema: {
        tags,
        summary:
          'Gallery wiggles of every member; sortable, filtered by name, owner, album, blocked, promoted',
        querystring: adminWigglesQuerySchema,
        response: { 200: adminWigglesPageSchema },
      },
    },
    async (request) => content.listWiggles(request.query),
  );
  app.get(
    '/admin/wiggles/:id',
    {
      schema: {
        tags,
        summary: 'One gallery wiggle',
        params: adminIdParamsSchema,
        response: { 200: adminWiggleSchema },
      },
    },
    async (request) => content.getWiggle(request.params.id),
  );
  app.get(
    '/admin/wiggles/:id/frames/:frame',
    {
      schema: {
        tags,
        summary:
          'A frame of any gallery wiggle (left or right, full or thumbnail), blocked or private ones too',
        params: adminWiggleFrameParamsSchema,
      },
      config: { cookieAuth: true },
    },
    async (request, reply) => {
      const key = await content.wiggleFrameKey(request.params.id, request.params.frame);
      return sendBlob(request, reply, platform.blobs, key, 'image/webp');
    },
  );
  for (const action of ADMIN_WIGGLE_ACTIONS) {
    app.post(
      `/admin/wiggles/:id/${action}`,
      {
        schema: {
          tags,
          summary: `${action[0]?.toUpperCase()}${action.slice(1)} a gallery wiggle (a blocked one leaves every public page at once)`,
          params: adminIdParamsSchema,
          response: { 200: adminWiggleSchema },
        },
      },
      async (request) => content.actOnWiggle(currentMember(request), request.params.id, action),
    );
  }
  app.put(
    '/admin/wiggles/:id/rating',
    {
      schema: {
        tags,
        summary: 'Set the rating of a gallery wiggle (0 to 5)',
        params: adminIdParamsSchema,
        body: adminRatingSchema,
        response: { 200: adminWiggleSchema },
      },
    },
    async (request) => content.rateWiggle(currentMember(request), request.params.id, request.body.rating),
  );

  app.get(
    '/admin/albums',
    {
      schema: {
        tags,
        summary: 'Albums of every member with public flags and wiggle counts; sortable, filtered',
        querystring: adminAlbumsQuerySchema,
        response: { 200: adminAlbumsPageSchema },
      },
    },
    async (request) => content.listAlbums(request.query),
  );
  app.get(
    '/admin/albums/:id',
    {
      schema: {
        tags,
        summary: 'One album',
        params: adminIdParamsSchema,
        response: { 200: adminAlbumSchema },
      },
    },
    async (request) => content.getAlbum(request.params.id),
  );

  app.get(
    '/admin/originals',
    {
      schema: {
        tags,
        summary: 'Originals of every member with size, type and upload date; sortable, filtered',
        querystring: adminOriginalsQuerySchema,
        response: { 200: adminOriginalsPageSchema },
      },
    },
    async (request) => content.listOriginals(request.query),
  );
  app.get(
    '/admin/originals/:id',
    {
      schema: {
        tags,
        summary: 'One original',
        params: adminIdParamsSchema,
        response: { 200: adminOriginalSchema },
      },
    },
    async (request) => content.getOriginal(request.params.id),
  );
  app.get(
    '/admin/originals/:id/view/:size',
    {
      schema: {
        tags,
        summary: 'Any original as o (original), p (preview 720) or t (thumbnail)',
        params: adminOriginalViewParamsSchema,
      },
      config: { cookieAuth: true },
    },
    async (request, reply) => {
      const file = await content.originalFile(request.params.id, request.params.size);
      return sendBlob(request, reply, platform.blobs, file.key, file.contentType);
    },
  );
};
