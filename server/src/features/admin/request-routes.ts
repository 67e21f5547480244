import { adminIdParamsSchema, adminUserSchema } from '@wiggle/common/schemas/admin';
import {
  adminRequestCreateSchema,
  adminRequestListSchema,
  adminRequestSchema,
} from '@wiggle/common/schemas/admin-content';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentMember, requireAdmin } from '../../platform/auth/guards';
import type { FeaturePluginOptions } from '../../platform/http/plugin-options';
import { createAdminRequestService } from './request-service';
import { createAdminUsersService } from './users-service';

/** /api/admin/requests: blocking or deleting another admin takes two admins (one asks, another confirms). */
export const adminRequestRoutes: FastifyPluginAsyncZod<FeaturePluginOptions> = async (app, { platform }) => {
  const { db, config } = platform;
  const requests = createAdminRequestService(
    db,
    createAdminUsersService(db, config.IMPERSONATION_TTL_MINUTES),
  );
  const tags = ['admin'];
  app.addHook('preHandler', requireAdmin);

  app.get(
    '/admin/requests',
    {
      schema: {
        tags,
        summary: 'Pending requests to block or delete an admin, waiting for a second admin',
        response: { 200: adminRequestListSchema },
      },
    },
    async () => requests.list(),
  );
  app.post(
    '/admin/requests',
    {
      schema: {
        tags,
        summary:
          'Ask a second admin to block or delete an admin (never oneself); 201 with the pending request',
        body: adminRequestCreateSchema,
        response: { 201: adminRequestSchema },
      },
    },
    async (request, reply) => {
      const created = await requests.create(currentMember(request), request.body.userId, request.body.action);
      return reply.code(201).send(created);
    },
  );
  app.post(
    '/admin/requests/:id/confirm',
    {
      schema: {
        tags,
        summary: 'Confirm as a second admin (not the one who asked, not the target): the status changes now',
        params: adminIdParamsSchema,
        response: { 200: adminUserSchema },
      },
    },
    async (request) => requests.confirm(currentMember(request), request.params.id),
  );
};
