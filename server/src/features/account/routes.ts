import {
  changePasswordSchema,
  okSchema,
  profileSchema,
  profileUpdateSchema,
  registerSchema,
  resetConfirmSchema,
  resetRequestSchema,
  saveSettingsSchema,
  verifySchema,
} from '@wiggle/common/schemas/account';
import { authInfoSchema } from '@wiggle/common/schemas/auth';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentMember, requireMember, requireOwnSession, requireVerified } from '../../platform/auth/guards';
import { BadRequest, PayloadTooLarge } from '../../platform/errors';
import type { FeaturePluginOptions } from '../../platform/http/plugin-options';
import { sendBlob } from '../../platform/http/send-blob';
import { createAvatarService } from './avatars';
import { createAccountService } from './service';

const tags = ['account'];
const ok = { ok: true as const };

export const accountRoutes: FastifyPluginAsyncZod<FeaturePluginOptions> = async (app, { platform }) => {
  const { config } = platform;
  const accounts = createAccountService(platform.db, platform.mailer, config, platform.log);
  const avatars = createAvatarService(platform.db, platform.blobs);
  const limited = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });
  const accountLimit = limited(config.RATE_LIMIT_ACCOUNT_PER_MINUTE);
  // Signed-in calls count per member (after the guard), so members behind one address do not share a budget.
  const memberLimit = {
    rateLimit: {
      max: config.RATE_LIMIT_ACCOUNT_PER_MINUTE,
      timeWindow: '1 minute',
      hook: 'preHandler' as const,
      keyGenerator: (request: FastifyRequest) => `member:${request.member?.id ?? request.ip}`,
    },
  };

  app.post(
    '/account/register',
    {
      schema: { tags, security: [], body: registerSchema, response: { 200: authInfoSchema } },
      config: limited(config.RATE_LIMIT_REGISTER_PER_MINUTE),
    },
    async (request) => accounts.register(request.body),
  );

  app.post(
    '/account/verify',
    {
      schema: { tags, body: verifySchema, response: { 200: okSchema } },
      preHandler: requireMember,
      config: memberLimit,
    },
    async (request) => {
      await accounts.verify(currentMember(request), request.body.code);
      return ok;
    },
  );

  app.post(
    '/account/verify/resend',
    { schema: { tags, response: { 200: okSchema } }, preHandler: requireMember, config: memberLimit },
    async (request) => {
      await accounts.resendVerification(currentMember(request));
      return ok;
    },
  );

  app.post(
    '/account/reset',
    {
      schema: { tags, security: [], body: resetRequestSchema, response: { 200: okSchema } },
      config: accountLimit,
    },
    async (request) => {
      await accounts.requestPasswordReset(request.body.username);
      return ok;
    },
  );

  app.post(
    '/account/reset/confirm',
    {
      schema: { tags, security: [], body: resetConfirmSchema, response: { 200: okSchema } },
      config: accountLimit,
    },
    async (request) => {
      const { token, code, password } = request.body;
      await accounts.confirmPasswordReset(token, code, password);
      return ok;
    },
  );

  app.get(
    '/account/profile',
    { schema: { tags, response: { 200: profileSchema } }, preHandler: requireVerified },
    async (request) => accounts.profile(currentMember(request)),
  );

  app.put(
    '/account/profile',
    {
      schema: { tags, body: profileUpdateSchema, response: { 200: profileSchema } },
      preHandler: requireVerified,
    },
    async (request) => accounts.updateProfile(currentMember(request), request.body),
  );

  app.post(
    '/account/password',
    {
      schema: { tags, body: changePasswordSchema, response: { 200: okSchema } },
      preHandler: requireOwnSession,
    },
    async (request) => {
      const { currentPassword, password } = request.body;
      await accounts.changePassword(currentMember(request), currentPassword, password);
      return ok;
    },
  );

  app.post(
    '/account/settings',
    { schema: { tags, body: saveSettingsSchema, response: { 200: okSchema } }, preHandler: requireVerified },
    async (request) => {
      await accounts.saveSettings(currentMember(request), request.body.settings);
      return ok;
    },
  );

  app.post(
    '/account/avatar',
    {
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        response: { 200: z.object({ avatar: z.string() }) },
      },
      preHandler: requireVerified,
    },
    async (request) => {
      const file = await request.file().catch(() => undefined);
      if (!file)
        throw new BadRequest('Choose an image file.', { file: 'Choose an image file.' }, 'file_missing');
      let image: Buffer;
      try {
        image = await file.toBuffer();
      } catch {
        throw new PayloadTooLarge();
      }
      return avatars.upload(currentMember(request), image);
    },
  );

  app.get(
    '/account/avatar/:id',
    {
      schema: { tags, params: z.object({ id: z.string().max(100) }) },
      preHandler: requireVerified,
      config: { cookieAuth: true },
    },
    async (request, reply) => {
      // Ids change with each upload, so a cached copy is never stale; private because it needs a session.
      const key = await avatars.keyFor(currentMember(request), request.params.id);
      return sendBlob(request, reply, platform.blobs, key, 'image/webp');
    },
  );
};
