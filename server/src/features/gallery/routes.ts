import { MoveType } from '@wiggle/common/enums';
import {
  AlbumListResponseSchema,
  AlbumSchema,
  CreateAlbumBodySchema,
  GalleryIdsResponseSchema,
  GalleryMoveBodySchema,
  GalleryTrashBodySchema,
  GalleryTrashListResponseSchema,
  GalleryWigglePageSchema,
  GalleryWiggleSchema,
  ListGalleryWigglesQuerySchema,
  UpdateAlbumBodySchema,
  UpdateGalleryWiggleBodySchema,
  WatermarksSchema,
} from '@wiggle/common/schemas/gallery';
import { IdParamsSchema } from '@wiggle/common/schemas/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentMember, requireVerified } from '../../platform/auth/guards';
import type { FeaturePluginOptions } from '../../platform/http/plugin-options';
import {
  createAlbum,
  listGalleryTrash,
  listMemberAlbums,
  moveAlbums,
  oneAlbum,
  restoreAlbums,
  trashAlbums,
  updateAlbum,
} from './album-service';
import { galleryDepsOf } from './deps';
import { toGalleryWiggle } from './mappers';
import { memberWatermarks, setMemberWatermarks } from './watermark-service';
import {
  moveOrCopyWiggles,
  oneGalleryWiggle,
  pageOfGalleryWiggles,
  restoreGalleryWiggles,
  trashGalleryWiggles,
  updateGalleryWiggleFields,
} from './wiggle-service';

/** The member's own gallery (SPEC §2 Gallery): albums, wiggles, trash and watermarks; verified members only. */
export const galleryRoutes: FastifyPluginAsyncZod<FeaturePluginOptions> = async (app, { platform }) => {
  const deps = galleryDepsOf(platform);
  const db = platform.db;
  const tags = ['gallery'];
  const me = (request: Parameters<typeof currentMember>[0]) => currentMember(request).id;
  app.addHook('onRequest', requireVerified);

  app.get(
    '/gallery/albums',
    {
      schema: {
        tags,
        summary: "The member's active albums, flat, with parent ids",
        response: { 200: AlbumListResponseSchema },
      },
    },
    async (request) => ({ albums: await listMemberAlbums(db, me(request)) }),
  );
  app.post(
    '/gallery/albums',
    {
      schema: {
        tags,
        summary: 'Create an album (parentId null = root), optionally public',
        body: CreateAlbumBodySchema,
        response: { 200: AlbumSchema },
      },
    },
    async (request) => createAlbum(db, me(request), request.body),
  );
  app.get(
    '/gallery/albums/:id',
    { schema: { tags, summary: 'One album', params: IdParamsSchema, response: { 200: AlbumSchema } } },
    async (request) => oneAlbum(db, me(request), request.params.id),
  );
  app.put(
    '/gallery/albums/:id',
    {
      schema: {
        tags,
        summary:
          'Change an album: name, parentId (move, never into its own subtree), public, preventPublicListing',
        params: IdParamsSchema,
        body: UpdateAlbumBodySchema,
        response: { 200: AlbumSchema },
      },
    },
    async (request) => updateAlbum(db, me(request), request.params.id, request.body),
  );
  app.get(
    '/gallery/albums/:id/wiggles',
    {
      schema: {
        tags,
        summary: "One keyset page of an album's wiggles (sort name|created|lastModified, search by name)",
        params: IdParamsSchema,
        querystring: ListGalleryWigglesQuerySchema,
        response: { 200: GalleryWigglePageSchema },
      },
    },
    async (request) => pageOfGalleryWiggles(db, me(request), request.params.id, request.query),
  );
  app.get(
    '/gallery/wiggles',
    {
      schema: {
        tags,
        summary: 'One keyset page of the wiggles at the gallery root (outside any album)',
        querystring: ListGalleryWigglesQuerySchema,
        response: { 200: GalleryWigglePageSchema },
      },
    },
    async (request) => pageOfGalleryWiggles(db, me(request), null, request.query),
  );
  app.get(
    '/gallery/wiggles/:id',
    {
      schema: {
        tags,
        summary: 'One gallery wiggle',
        params: IdParamsSchema,
        response: { 200: GalleryWiggleSchema },
      },
    },
    async (request) => oneGalleryWiggle(db, me(request), request.params.id),
  );
  app.put(
    '/gallery/wiggles/:id',
    {
      schema: {
        tags,
        summary: 'Rename, describe, and set allowShare, allowLinkToAlbum, showInFeed and the watermarks',
        params: IdParamsSchema,
        body: UpdateGalleryWiggleBodySchema,
        response: { 200: GalleryWiggleSchema },
      },
    },
    async (request) => updateGalleryWiggleFields(db, me(request), request.params.id, request.body),
  );
  app.post(
    '/gallery/move',
    {
      schema: {
        tags,
        summary: 'Move albums (type 1) or move/copy wiggles (type 2) into an album (null = root)',
        body: GalleryMoveBodySchema,
        response: { 200: GalleryIdsResponseSchema },
      },
    },
    async (request) => {
      const { type, ids, targetAlbumId, copy } = request.body;
      return {
        ids:
          type === MoveType.Folder
            ? await moveAlbums(db, me(request), ids, targetAlbumId)
            : await moveOrCopyWiggles(deps, me(request), ids, targetAlbumId, copy),
      };
    },
  );
  for (const [path, summary, albums, wiggles] of [
    [
      '/gallery/delete',
      'Move albums (with their content) or wiggles to the trash',
      trashAlbums,
      trashGalleryWiggles,
    ],
    ['/gallery/restore', 'Restore albums or wiggles from the trash', restoreAlbums, restoreGalleryWiggles],
  ] as const) {
    app.post(
      path,
      {
        schema: { tags, summary, body: GalleryTrashBodySchema, response: { 200: GalleryIdsResponseSchema } },
      },
      async (request) => {
        const { type, ids } = request.body;
        return { ids: await (type === MoveType.Folder ? albums : wiggles)(db, me(request), ids) };
      },
    );
  }
  app.get(
    '/gallery/trash',
    {
      schema: {
        tags,
        summary: 'Top-level albums and wiggles in the trash',
        response: { 200: GalleryTrashListResponseSchema },
      },
    },
    async (request) => {
      const trash = await listGalleryTrash(db, me(request));
      return { albums: trash.albums, wiggles: trash.wiggles.map(toGalleryWiggle) };
    },
  );
  app.get(
    '/gallery/watermarks',
    {
      schema: {
        tags,
        summary: "The member's default watermarks (video, iframe, share)",
        response: { 200: WatermarksSchema },
      },
    },
    async (request) => memberWatermarks(db, me(request)),
  );
  app.put(
    '/gallery/watermarks',
    {
      schema: {
        tags,
        summary: "Set the member's default watermarks ('' = none)",
        body: WatermarksSchema,
        response: { 200: WatermarksSchema },
      },
    },
    async (request) => setMemberWatermarks(db, me(request), request.body),
  );
};
