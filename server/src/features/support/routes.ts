import { supportInquiryResultSchema, supportInquirySchema } from '@wiggle/common/schemas/support';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentMember, requireMember } from '../../platform/auth/guards';
import type { FeaturePluginOptions } from '../../platform/http/plugin-options';
import { createSupportService } from './service';

export const supportRoutes: FastifyPluginAsyncZod<FeaturePluginOptions> = async (app, { platform }) => {
  const support = createSupportService(
    platform.db,
    platform.mailer,
    platform.config.SUPPORT_EMAIL,
    platform.log,
  );

  // SPEC §6: unverified members may use support too.
  app.post(
    '/support/inquiry',
    {
      schema: {
        tags: ['support'],
        body: supportInquirySchema,
        response: { 200: supportInquiryResultSchema },
      },
      preHandler: requireMember,
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
    async (request) => support.submit(currentMember(request), request.body.message),
  );
};
