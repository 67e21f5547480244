import { usageStatisticsSchema } from '@wiggle/common/schemas/shop';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentMember, requireVerified } from '../../platform/auth/guards';
import type { FeaturePluginOptions } from '../../platform/http/plugin-options';
import { createUsageService } from './service';

export const usageRoutes: FastifyPluginAsyncZod<FeaturePluginOptions> = async (app, { platform }) => {
  const usage = createUsageService(platform.db, platform.config);

  app.get(
    '/account/statistics',
    {
      schema: {
        tags: ['account'],
        summary: 'Usage statistics: originals (count, bytes), wiggles in library and gallery, frames spent',
        response: { 200: usageStatisticsSchema },
      },
      preHandler: requireVerified,
    },
    async (request) => usage.statistics(currentMember(request).id),
  );
};
