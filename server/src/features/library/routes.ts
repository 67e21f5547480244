import { MoveType } from '@wiggle/common/enums';
import { IdParamsSchema } from '@wiggle/common/schemas/ids';
import {
  BulkRenameBodySchema,
  BulkRenameResponseSchema,
  CreateFolderBodySchema,
  FolderListResponseSchema,
  FolderSchema,
  ListOriginalsQuerySchema,
  ListWigglesQuerySchema,
  MoveBodySchema,
  MoveResponseSchema,
  OriginalPageSchema,
  OriginalSchema,
  RenameBodySchema,
  TrashBodySchema,
  TrashListResponseSchema,
  TrashResponseSchema,
  WigglePageSchema,
  WiggleSchema,
} from '@wiggle/common/schemas/library';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentMember, requireAdmin, requireVerified } from '../../platform/auth/guards';
import type { FeaturePluginOptionsWith } from '../../platform/http/plugin-options';
import type { LibraryDeps } from './deps';
import { createFolder, listMemberFolders, renameFolder } from './folder-service';
import { oneOriginal, oneWiggle, pageOfOriginals, pageOfWiggles } from './listing-service';
import { moveOrCopy, renameMany, renameOne } from './organize-service';
import { listTrash, purgeExpired, restoreItems, trashItems } from './trash-service';

const NameResultSchema = z.object({ id: z.number().int(), name: z.string() });
const PurgeBodySchema = z.object({ olderThanDays: z.number().int().min(0).max(3650).default(30) });
const PurgeResultSchema = z.object({ folders: z.number(), originals: z.number(), wiggles: z.number() });

/** Library JSON endpoints (SPEC §3-§9); verified members only, every query scoped to the member. */
export const libraryRoutes: FastifyPluginAsyncZod<FeaturePluginOptionsWith<LibraryDeps>> = async (
  app,
  { deps },
) => {
  const db = deps.db;
  const tags = ['library'];
  app.addHook('onRequest', requireVerified);

  app.get(
    '/library/folders',
    {
      schema: {
        tags,
        summary: "The member's active folders, flat, with parent ids",
        response: { 200: FolderListResponseSchema },
      },
    },
    async (request) => ({ folders: await listMemberFolders(db, currentMember(request).id) }),
  );
  app.post(
    '/library/folders',
    {
      schema: {
        tags,
        summary: 'Create a folder (parentId null = root)',
        body: CreateFolderBodySchema,
        response: { 200: FolderSchema },
      },
    },
    async (request) => createFolder(db, currentMember(request).id, request.body.name, request.body.parentId),
  );
  app.put(
    '/library/folders/:id',
    {
      schema: {
        tags,
        summary: 'Rename a folder',
        params: IdParamsSchema,
        body: RenameBodySchema,
        response: { 200: FolderSchema },
      },
    },
    async (request) => renameFolder(db, currentMember(request).id, request.params.id, request.body.name),
  );
  for (const [path, type] of [
    ['/library/originals/:id', MoveType.Original],
    ['/library/wiggles/:id', MoveType.Wiggle],
  ] as const) {
    app.put(
      path,
      {
        schema: {
          tags,
          summary: 'Rename one item',
          params: IdParamsSchema,
          body: RenameBodySchema,
          response: { 200: NameResultSchema },
        },
      },
      async (request) => {
        await renameOne(deps, currentMember(request).id, type, request.params.id, request.body.name);
        return { id: request.params.id, name: request.body.name };
      },
    );
  }

  app.get(
    '/library/originals',
    {
      schema: {
        tags,
        summary:
          "One keyset page of a folder's originals (sort name|date|width|height|resolution, search by name)",
        querystring: ListOriginalsQuerySchema,
        response: { 200: OriginalPageSchema },
      },
    },
    async (request) => pageOfOriginals(db, currentMember(request).id, request.query),
  );
  app.get(
    '/library/wiggles',
    {
      schema: {
        tags,
        summary:
          "One keyset page of a folder's wiggles (sort name|created|lastModified|rating, search by name)",
        querystring: ListWigglesQuerySchema,
        response: { 200: WigglePageSchema },
      },
    },
    async (request) => pageOfWiggles(db, currentMember(request).id, request.query),
  );

  app.get(
    '/library/originals/:id',
    { schema: { tags, summary: 'One original', params: IdParamsSchema, response: { 200: OriginalSchema } } },
    async (request) => oneOriginal(db, currentMember(request).id, request.params.id),
  );
  app.get(
    '/library/wiggles/:id',
    { schema: { tags, summary: 'One wiggle', params: IdParamsSchema, response: { 200: WiggleSchema } } },
    async (request) => oneWiggle(db, currentMember(request).id, request.params.id),
  );

  app.post(
    '/library/move',
    {
      schema: {
        tags,
        summary:
          'Move or copy folders (type 1), wiggles (2) or originals (3) into a folder; copies duplicate files',
        body: MoveBodySchema,
        response: { 200: MoveResponseSchema },
      },
    },
    async (request) => ({ ids: await moveOrCopy(deps, currentMember(request).id, request.body) }),
  );
  app.post(
    '/library/rename',
    {
      schema: {
        tags,
        summary:
          'Bulk rename with %current%, %original%, %index% and a counter (none|beginning|end, 1-4 digits)',
        body: BulkRenameBodySchema,
        response: { 200: BulkRenameResponseSchema },
      },
    },
    async (request) => ({ items: await renameMany(deps, currentMember(request).id, request.body) }),
  );
  for (const [path, summary, apply] of [
    ['/library/delete', 'Move items to the trash (a folder takes its contents along)', trashItems],
    [
      '/library/restore',
      'Restore items from the trash (to the root when their folder is gone)',
      restoreItems,
    ],
  ] as const) {
    app.post(
      path,
      { schema: { tags, summary, body: TrashBodySchema, response: { 200: TrashResponseSchema } } },
      async (request) => ({
        ids: await apply(db, currentMember(request).id, request.body.type, request.body.ids),
      }),
    );
  }
  app.get(
    '/library/trash',
    { schema: { tags, summary: 'Top-level items in the trash', response: { 200: TrashListResponseSchema } } },
    async (request) => listTrash(db, currentMember(request).id),
  );
  app.post(
    '/library/purge',
    {
      schema: {
        tags,
        summary:
          'Admin: trash older than N days becomes Expired and its files are deleted (also runs daily as a job)',
        body: PurgeBodySchema,
        response: { 200: PurgeResultSchema },
      },
      preHandler: requireAdmin,
    },
    async (request) => purgeExpired(deps, request.body.olderThanDays),
  );
};
