import fastifyCookie from '@fastify/cookie';
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
import type { HelmetOptions } from 'helmet';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { accountRoutes } from './features/account/routes';
import { deleteExpiredCodes } from './features/account/users-service';
import { adminContentRoutes } from './features/admin/content-routes';
import { purgeDeletedMembers } from './features/admin/member-purge';
import { adminRequestRoutes } from './features/admin/request-routes';
import { adminRoutes } from './features/admin/routes';
import { adminShopRoutes } from './features/admin/shop-routes';
import { authRoutes } from './features/auth/routes';
import { exportDepsOf } from './features/exports/deps';
import { registerExportJobs } from './features/exports/jobs';
import { exportRoutes } from './features/exports/routes';
import { galleryDepsOf } from './features/gallery/deps';
import { purgeGalleryTrash } from './features/gallery/purge-service';
import { galleryRoutes } from './features/gallery/routes';
import { shareLinkRoutes } from './features/gallery/share-link-routes';
import { galleryVideoRoutes } from './features/gallery/video-routes';
import { originalMediaRoutes } from './features/library/media-routes';
import { libraryRoutes } from './features/library/routes';
import { purgeExpired } from './features/library/trash-service';
import { uploadRoutes } from './features/library/upload-routes';
import { publicApiRoutes } from './features/public/api-routes';
import { iframeFastPath } from './features/public/iframe-fast-path';
import { iframePages } from './features/public/iframe-pages';
import { galleryMediaRoutes } from './features/public/media-routes';
import { publicPageRoutes } from './features/public/page-routes';
import { createCreditService } from './features/shop/credit-service';
import { shopRoutes } from './features/shop/routes';
import { supportRoutes } from './features/support/routes';
import { usageRoutes } from './features/usage/routes';
import { type WigglesDeps, wigglesDepsOf } from './features/wiggles/deps';
import { registerWiggleJobs } from './features/wiggles/jobs';
import { wiggleMediaRoutes } from './features/wiggles/media-routes';
import { wiggleRoutes } from './features/wiggles/routes';
import { deleteExpiredSessions } from './platform/auth/sessions';
import { answerFrameworkError, installErrorHandler } from './platform/http/error-handler';
import { fastPathServers } from './platform/http/fast-path-server';
import { removeAbandonedUploads, uploadTempDir } from './platform/http/multipart';
import { installNoStoreForTokens } from './platform/http/no-store';
import type { FeaturePluginOptions } from './platform/http/plugin-options';
import { installSameOriginCheck } from './platform/http/same-origin';
import { installSecurityHeaders, securityHeaders } from './platform/http/security-headers';
import { installStrictJsonParser } from './platform/http/strict-json';
import { clientAddressReader, fastifyTrustProxy } from './platform/http/trust-proxy';
import { registerWebApp } from './platform/http/web-app';
import { pruneProcessLogs } from './platform/jobs/process-log';
import { runEvery } from './platform/jobs/repeating-job';
import { registerSandboxPage } from './platform/payments/sandbox-routes';
import type { Platform } from './platform/platform';

/** helmet's headers for every page and API answer (the iframe pages relax the framing rules, iframe-pages.ts). */
const HELMET_OPTIONS: HelmetOptions = {
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
};

/** Builds the HTTP application on a ready platform (the job handlers are startJobHandlers, below); `main.ts` and the tests both call it. */
export async function buildApp(
  platform: Platform,
  wiggles: WigglesDeps = wigglesDepsOf(platform),
): Promise<FastifyInstance> {
  const { config } = platform;
  const headers = securityHeaders(HELMET_OPTIONS);
  const servers = fastPathServers();
  const app = Fastify({
    serverFactory: servers.serverFactory,
    loggerInstance: platform.log,
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    // Generous for JSON; uploads go through multipart with their own limits.
    bodyLimit: 2 * 1024 * 1024,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.decorate('platform', platform);
  // Uploads cut off by a killed or crashed process left their temp files behind; no request of theirs will come.
  app.addHook('onReady', async () => {
    const removed = await removeAbandonedUploads(uploadTempDir(config.DATA_DIR));
    if (removed > 0) platform.log.info({ removed }, 'temp files of abandoned uploads removed');
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  installStrictJsonParser(app);
  installSameOriginCheck(app, config.PUBLIC_URL);
  installNoStoreForTokens(app);

  installSecurityHeaders(app, headers);
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
      await api.register(galleryRoutes, options);
      await api.register(galleryVideoRoutes, options);
      await api.register(shareLinkRoutes, options);
      await api.register(galleryMediaRoutes, options);
      await api.register(publicApiRoutes, options);
      await api.register(shopRoutes, options);
      await api.register(usageRoutes, options);
      await api.register(adminRoutes, options);
      await api.register(adminContentRoutes, options);
      await api.register(adminRequestRoutes, options);
      await api.register(adminShopRoutes, options);
      await api.register(exportRoutes, { platform, deps: exportDepsOf(platform, wiggles.engine) });
    },
    { prefix: '/api' },
  );
  const iframes = iframePages(galleryDepsOf(platform), config.PUBLIC_URL);
  await app.register(publicPageRoutes, { platform, deps: iframes });
  servers.use(
    iframeFastPath({
      iframes,
      securityHeaders: headers,
      clientAddress: clientAddressReader(config.TRUST_PROXY),
      log: platform.log,
    }),
  );
  if (platform.payments.sandbox) await registerSandboxPage(app, platform.payments.sandbox);

  await registerWebApp(app, config.WEB_DIST);
  return app;
}

const HOUR_MS = 3_600_000;
/** Trash is kept this long before it expires and its files are deleted. */
export const TRASH_RETENTION_DAYS = 30;

export const REPEATING_JOBS = {
  trashPurge: 'library.purge-trash',
  galleryTrashPurge: 'gallery.purge-trash',
  sessionCleanup: 'auth.delete-expired-sessions',
  codeCleanup: 'account.delete-expired-codes',
  processLogPrune: 'admin.prune-process-logs',
  deletedMemberPurge: 'admin.purge-deleted-members',
  rollExpiry: 'shop.expire-rolls',
} as const;

/**
 * Every job handler and schedule of the server, registered once by main.ts in the processes that run jobs: the
 * web process with the in-process queue, the `--worker` processes with Redis (there one worker runs each
 * occurrence of a repeating job; web processes only enqueue).
 */
export async function startJobHandlers(
  platform: Platform,
  wiggles: WigglesDeps = wigglesDepsOf(platform),
): Promise<void> {
  registerWiggleJobs(wiggles);
  registerExportJobs(exportDepsOf(platform, wiggles.engine));
  const { db, blobs, jobs, log } = platform;
  await runEvery(jobs, REPEATING_JOBS.trashPurge, 24 * HOUR_MS, async () => {
    const counts = await purgeExpired({ db, blobs }, TRASH_RETENTION_DAYS);
    if (counts.folders + counts.originals + counts.wiggles > 0) log.info({ counts }, 'expired trash purged');
  });
  await runEvery(jobs, REPEATING_JOBS.galleryTrashPurge, 24 * HOUR_MS, async () => {
    const counts = await purgeGalleryTrash({ db, blobs }, TRASH_RETENTION_DAYS);
    if (counts.albums + counts.wiggles > 0) log.info({ counts }, 'expired gallery trash purged');
  });
  // Expired sessions, codes and reset links are refused already; these keep their tables small.
  await runEvery(jobs, REPEATING_JOBS.sessionCleanup, HOUR_MS, () => deleteExpiredSessions(db));
  await runEvery(jobs, REPEATING_JOBS.codeCleanup, HOUR_MS, () => deleteExpiredCodes(db));
  await runEvery(jobs, REPEATING_JOBS.processLogPrune, 24 * HOUR_MS, async () => {
    await pruneProcessLogs(db, platform.config.PROCESS_LOG_RETENTION_DAYS);
  });
  await runEvery(jobs, REPEATING_JOBS.deletedMemberPurge, 24 * HOUR_MS, async () => {
    const purged = await purgeDeletedMembers({ db, blobs }, platform.config.DELETED_MEMBER_PURGE_DAYS);
    if (purged > 0) log.info({ purged }, 'deleted members purged');
  });
  await runEvery(jobs, REPEATING_JOBS.rollExpiry, HOUR_MS, async () => {
    const members = await createCreditService(db, platform.config, log).expireDueRolls();
    if (members > 0) log.info({ members }, 'expired rolls marked');
  });
}
