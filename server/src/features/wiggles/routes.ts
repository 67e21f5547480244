import { IdParamsSchema } from '@wiggle/common/schemas/ids';
import {
  CreateWigglesBodySchema,
  CreateWigglesResponseSchema,
  WiggleStatusQuerySchema,
  WiggleStatusResponseSchema,
} from '@wiggle/common/schemas/library';
import { TuneSchema } from '@wiggle/common/schemas/render-description';
import { WiggleTuneResponseSchema } from '@wiggle/common/schemas/tune-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentMember, requireVerified } from '../../platform/auth/guards';
import type { FeaturePluginOptionsWith } from '../../platform/http/plugin-options';
import { createWiggles, statusOfWiggles } from './creation-service';
import type { WigglesDeps } from './deps';
import { saveWiggleTune, wiggleTune } from './tune-service';

/** Wiggle creation endpoints (SPEC §7); verified members only, every query scoped to the member. */
export const wiggleRoutes: FastifyPluginAsyncZod<FeaturePluginOptionsWith<WigglesDeps>> = async (
  app,
  { deps },
) => {
  const db = deps.db;
  const tags = ['library'];
  app.addHook('onRequest', requireVerified);

  app.post(
    '/library/wiggles',
    {
      schema: {
        tags,
        summary:
          'Create wiggles from selected originals (pairing, stacking, target); each is made by a background job',
        body: CreateWigglesBodySchema,
        response: { 200: CreateWigglesResponseSchema },
      },
    },
    async (request) => createWiggles(deps, currentMember(request).id, request.body),
  );
  app.get(
    '/library/wiggles/status',
    {
      schema: {
        tags,
        summary: 'Creation status of wiggles by id (ids of other members are absent)',
        querystring: WiggleStatusQuerySchema,
        response: { 200: WiggleStatusResponseSchema },
      },
    },
    async (request) => statusOfWiggles(db, currentMember(request).id, request.query.ids),
  );

  app.get(
    '/library/wiggles/:id/tune',
    {
      schema: {
        tags,
        summary: 'The tune saved on a wiggle (pivot, crop, ratio, resize, blur, sharpen...) and its canvas',
        params: IdParamsSchema,
        response: { 200: WiggleTuneResponseSchema },
      },
    },
    async (request) => wiggleTune(db, currentMember(request).id, request.params.id),
  );
  app.put(
    '/library/wiggles/:id/tune',
    {
      schema: {
        tags,
        summary:
          'Save the tune of a wiggle (coordinates in source px of its canvas); its library frames are rendered again',
        params: IdParamsSchema,
        body: TuneSchema,
        response: { 200: WiggleTuneResponseSchema },
      },
    },
    async (request) => saveWiggleTune(deps, currentMember(request).id, request.params.id, request.body),
  );
};
