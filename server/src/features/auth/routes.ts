import { okSchema } from '@wiggle/common/schemas/account';
import { authInfoSchema, loginSchema } from '@wiggle/common/schemas/auth';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentMember, requestToken, requireMember } from '../../platform/auth/guards';
import { TooManyRequests } from '../../platform/errors';
import type { FeaturePluginOptions } from '../../platform/http/plugin-options';
import { createAuthService } from './service';

const tags = ['auth'];

/** Counts login attempts per client address and e-mail, so one attacker cannot lock a member out everywhere. */
const loginKey = (request: FastifyRequest) => {
  const body = request.body as { username?: unknown } | undefined;
  const username = typeof body?.username === 'string' ? body.username.trim().toLowerCase() : '';
  return `${request.ip}|${username}`;
};

export const authRoutes: FastifyPluginAsyncZod<FeaturePluginOptions> = async (app, { platform }) => {
  const auth = createAuthService(platform.db, platform.config);

  // Every attempt from one address counts here, whatever the e-mail: spraying a password over many accounts is
  // slowed as much as guessing one account's.
  // (The plugin runs one limit per request, so this second one is checked by hand.)
  const addressLimit = app.createRateLimit({
    max: platform.config.RATE_LIMIT_LOGIN_PER_ADDRESS_PER_MINUTE,
    timeWindow: '1 minute',
    keyGenerator: (request) => `login-address|${request.ip}`,
  });
  const perAddress = async (request: FastifyRequest) => {
    const limit = await addressLimit(request);
    if (!limit.isAllowed && limit.isExceeded) throw new TooManyRequests();
  };

  app.post(
    '/auth/login',
    {
      onRequest: perAddress,
      schema: { tags, security: [], body: loginSchema, response: { 200: authInfoSchema } },
      config: {
        rateLimit: {
          max: platform.config.RATE_LIMIT_LOGIN_PER_MINUTE,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: loginKey,
        },
      },
    },
    async (request) => auth.login(request.body),
  );

  app.get(
    '/auth/refresh',
    {
      schema: { tags, response: { 200: authInfoSchema } },
      preHandler: requireMember,
      config: { cookieAuth: true },
    },
    async (request) => auth.refresh(currentMember(request), requestToken(request) ?? ''),
  );

  app.get(
    '/auth/logout',
    { schema: { tags, response: { 200: okSchema } }, preHandler: requireMember },
    async (request) => {
      await auth.logout(currentMember(request));
      return { ok: true as const };
    },
  );
};
