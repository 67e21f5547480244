import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { accountRoutes } from './features/account/routes';
import { authRoutes } from './features/auth/routes';
import { originalMediaRoutes } from './features/library/media-routes';
import { libraryRoutes } from './features/library/routes';
import { uploadRoutes } from './features/library/upload-routes';
import { supportRoutes } from './features/support/routes';
import { type WigglesDeps, wigglesDepsOf } from './features/wiggles/deps';
import { wiggleMediaRoutes } from './features/wiggles/media-routes';
import { wiggleRoutes } from './features/wiggles/routes';
import { installErrorHandler } from './platform/http/error-handler';
import type { FeaturePluginOptions } from './platform/http/plugin-options';
import { registerWebApp } from './platform/http/web-app';
import type { Platform } from './platform/platform';

/** Builds the HTTP application on a ready platform; `main.ts` and the tests both call it. */
export async function buildApp(
  platform: Platform,
  wiggles: WigglesDeps = wigglesDepsOf(platform),
): Promise<FastifyInstance> {
  const { config } = platform;
  const app = Fastify({
    loggerInstance: platform.log,
    trustProxy: config.TRUST_PROXY,
    // Generous for JSON; uploads go through multipart with their own limits.
    bodyLimit: 2 * 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('platform', platform);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI/emotion inject <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Images and embeds are loaded from the gallery's iframe pages on other sites.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifyCookie);
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 1 }) : undefined;
  if (redis) app.addHook('onClose', async () => void redis.quit());
  await app.register(fastifyRateLimit, {
    global: false,
    // Shared counters when several web processes run behind one Redis.
    ...(redis ? { redis, nameSpace: `${config.JOB_QUEUE_PREFIX}-rate-limit-` } : {}),
    errorResponseBuilder: () => ({
      statusCode: 429,
      code: 'too_many_requests',
      message: 'Too many attempts. Please wait a moment and try again.',
    }),
  });
  await app.register(fastifyMultipart, {
    limits: { fileSize: config.AVATAR_MAX_BYTES, files: 1, fields: 10 },
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Wiggle Studio API', version: '1.0.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  app.get(
    '/api/health',
    { schema: { security: [], response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );

  const options: FeaturePluginOptions = { platform };
  await app.register(
    async (api) => {
      await api.register(authRoutes, options);
      await api.register(accountRoutes, options);
      await api.register(supportRoutes, options);
      // The wiggles' deps extend the library's: one object serves both, built once (see features/wiggles/deps.ts).
      await api.register(libraryRoutes, { platform, deps: wiggles });
      await api.register(uploadRoutes, { platform, deps: wiggles });
      await api.register(originalMediaRoutes, options);
      await api.register(wiggleRoutes, { platform, deps: wiggles });
      await api.register(wiggleMediaRoutes, options);
    },
    { prefix: '/api' },
  );

  await registerWebApp(app, config.WEB_DIST);
  return app;
}
