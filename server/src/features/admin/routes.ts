import {
  adminIdParamsSchema,
  adminInquiriesPageSchema,
  adminInquirySchema,
  adminUserSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  impersonationSchema,
  processLogPageSchema,
  processLogQuerySchema,
  supportListQuerySchema,
} from '@wiggle/common/schemas/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentMember, requireAdmin } from '../../platform/auth/guards';
import type { FeaturePluginOptions } from '../../platform/http/plugin-options';
import { createSupportAdminService } from '../support/admin-service';
import { logAdminAction } from './action-log';
import { listProcessLogs } from './log-service';
import { createAdminUsersService, type UserAction } from './users-service';

const USER_ACTIONS: UserAction[] = ['block', 'unblock', 'delete', 'undelete'];

/** /api/admin/*: every route needs an admin token (a visitor gets 401, a member 403). */
export const adminRoutes: FastifyPluginAsyncZod<FeaturePluginOptions> = async (app, { platform }) => {
  const { db, config } = platform;
  const users = createAdminUsersService(db, config.IMPERSONATION_TTL_MINUTES);
  const support = createSupportAdminService(db);
  const tags = ['admin'];
  app.addHook('preHandler', requireAdmin);

  app.get(
    '/admin/users',
    {
      schema: {
        tags,
        summary: 'Members, newest first; search matches e-mail and name',
        querystring: adminUsersQuerySchema,
        response: { 200: adminUsersPageSchema },
      },
    },
    async (request) => users.list(request.query),
  );

  for (const action of USER_ACTIONS) {
    app.post(
      `/admin/users/:id/${action}`,
      {
        schema: {
          tags,
          summary: `${action[0]?.toUpperCase()}${action.slice(1)} a member (never oneself or another admin)`,
          params: adminIdParamsSchema,
          response: { 200: adminUserSchema },
        },
      },
      async (request) => users.apply(currentMember(request), request.params.id, action),
    );
  }

  app.post(
    '/admin/users/:id/impersonate',
    {
      schema: {
        tags,
        summary: 'A short session as the member, marked as impersonation (SPEC §4)',
        params: adminIdParamsSchema,
        response: { 200: impersonationSchema },
      },
    },
    async (request) => users.impersonate(currentMember(request), request.params.id),
  );

  app.get(
    '/admin/logs',
    {
      schema: {
        tags,
        summary: 'Process logs of jobs and admin actions, newest first',
        querystring: processLogQuerySchema,
        response: { 200: processLogPageSchema },
      },
    },
    async (request) => listProcessLogs(db, request.query),
  );

  app.get(
    '/admin/support',
    {
      schema: {
        tags,
        summary: 'Support inquiries, newest first',
        querystring: supportListQuerySchema,
        response: { 200: adminInquiriesPageSchema },
      },
    },
    async (request) => support.list(request.query),
  );

  app.post(
    '/admin/support/:id/read',
    {
      schema: {
        tags,
        summary: 'Mark an inquiry read',
        params: adminIdParamsSchema,
        response: { 200: adminInquirySchema },
      },
    },
    async (request) => {
      const admin = currentMember(request);
      const inquiry = await support.markRead(request.params.id, admin.id);
      await logAdminAction(
        db,
        admin,
        'read-inquiry',
        { group: 'support', type: 'inquiry', id: inquiry.id },
        `read the inquiry of ${inquiry.user.email}`,
      );
      return inquiry;
    },
  );
};
