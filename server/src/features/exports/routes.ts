import { ExportBodySchema, ExportStartedSchema, ExportStatusSchema } from '@wiggle/common/schemas/exports';
import { IdParamsSchema } from '@wiggle/common/schemas/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentMember, requireVerified } from '../../platform/auth/guards';
import type { FeaturePluginOptionsWith } from '../../platform/http/plugin-options';
import type { ExportDeps } from './deps';
import { exportStatus, startExport } from './service';

/** Issue 12's export: a wiggle rendered again from its originals into a gallery album, paid with one frame. */
export const exportRoutes: FastifyPluginAsyncZod<FeaturePluginOptionsWith<ExportDeps>> = async (
  app,
  { deps },
) => {
  const tags = ['exports'];
  app.addHook('onRequest', requireVerified);

  app.post(
    '/library/wiggles/:id/export',
    {
      schema: {
        tags,
        summary:
          'Export a wiggle into a gallery album (null = root): spends one frame of a roll of that size now (402 ' +
          'without one), renders in a job; galleryWiggleId is null until GET /api/exports/{id} says Success',
        params: IdParamsSchema,
        body: ExportBodySchema,
        response: { 202: ExportStartedSchema },
      },
    },
    async (request, reply) => {
      const started = await startExport(deps, currentMember(request).id, request.params.id, request.body);
      return reply.code(202).send(started);
    },
  );
  app.get(
    '/exports/:id',
    {
      schema: {
        tags,
        summary: 'Status of an export (InProgress, Success with its gallery wiggle, Error with the reason)',
        params: IdParamsSchema,
        response: { 200: ExportStatusSchema },
      },
    },
    async (request) => exportStatus(deps, currentMember(request).id, request.params.id),
  );
};
