import {
  CreateShareLinkBodySchema,
  ShareLinkListQuerySchema,
  ShareLinkListResponseSchema,
  ShareLinkSchema,
  UpdateShareLinkBodySchema,
} from '@wiggle/common/schemas/gallery';
import { IdParamsSchema } from '@wiggle/common/schemas/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentMember, requireVerified } from '../../platform/auth/guards';
import type { FeaturePluginOptions } from '../../platform/http/plugin-options';
import { galleryDepsOf } from './deps';
import {
  createShareLink,
  deleteMemberShareLink,
  listMemberShareLinks,
  updateMemberShareLink,
} from './share-link-service';

/** Share links (SPEC §3: name, isActive, validUntil) of the member's wiggles and albums. */
export const shareLinkRoutes: FastifyPluginAsyncZod<FeaturePluginOptions> = async (app, { platform }) => {
  const deps = galleryDepsOf(platform);
  const tags = ['gallery share links'];
  app.addHook('onRequest', requireVerified);

  app.get(
    '/gallery/share-links',
    {
      schema: {
        tags,
        summary: "The member's share links, of one wiggle or album when given",
        querystring: ShareLinkListQuerySchema,
        response: { 200: ShareLinkListResponseSchema },
      },
    },
    async (request) => ({
      links: await listMemberShareLinks(deps, currentMember(request).id, request.query),
    }),
  );
  app.post(
    '/gallery/share-links',
    {
      schema: {
        tags,
        summary:
          'Create a share link to a wiggle or an album (with its sub-albums); the token is unguessable',
        body: CreateShareLinkBodySchema,
        response: { 200: ShareLinkSchema },
      },
    },
    async (request) => createShareLink(deps, currentMember(request).id, request.body),
  );
  app.put(
    '/gallery/share-links/:id',
    {
      schema: {
        tags,
        summary: 'Rename a link, (de)activate it or change its validity',
        params: IdParamsSchema,
        body: UpdateShareLinkBodySchema,
        response: { 200: ShareLinkSchema },
      },
    },
    async (request) =>
      updateMemberShareLink(deps, currentMember(request).id, request.params.id, request.body),
  );
  app.delete(
    '/gallery/share-links/:id',
    {
      schema: {
        tags,
        summary: 'Delete a share link',
        params: IdParamsSchema,
        response: { 200: z.object({ id: z.number().int() }) },
      },
    },
    async (request) => {
      await deleteMemberShareLink(deps, currentMember(request).id, request.params.id);
      return { id: request.params.id };
    },
  );
};
