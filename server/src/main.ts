import { buildApp, startJobHandlers } from './app';
import { loadConfig } from './config';
import { runsJobHandlers } from './platform/jobs/create-job-queue';
import { createLogger } from './platform/logger';
import { closePlatform, createPlatform, type Platform } from './platform/platform';

/**
 * Starts the job handlers of this process and resolves to a function that stops them. With REDIS_URL the web
 * process only enqueues and `--worker` processes run the handlers; without it the web process runs them itself.
 */
async function startJobs(platform: Platform, mode: 'web' | 'worker'): Promise<() => Promise<void>> {
  if (!runsJobHandlers(mode, platform.config.REDIS_URL)) return async () => {};
  await startJobHandlers(platform);
  platform.log.info(
    { mode, queue: platform.config.REDIS_URL ? 'bullmq' : 'in-process' },
    'job handlers started',
  );
  return () => platform.jobs.close();
}

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config);
  const isWorker = process.argv.includes('--worker');
  if (isWorker && !config.REDIS_URL) {
    console.log(
      'REDIS_URL is not set: jobs run inside the web process (npm start), so a separate worker has nothing to do.',
    );
    return;
  }
  const platform = await createPlatform(config, log);
  const stopJobs = await startJobs(platform, isWorker ? 'worker' : 'web');

  const app = isWorker ? undefined : await buildApp(platform);

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down');
    // A second signal or a hung close must not keep the process alive forever.
    const forceExit = setTimeout(() => process.exit(1), 15_000);
    forceExit.unref();
    try {
      await app?.close();
      await stopJobs();
      await closePlatform(platform);
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  // Before listening: a supervisor (or a test) may stop the server as soon as it says it listens, and a signal
  // without a handler would kill it without closing anything (seen: SIGTERM right after "Server listening").
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  if (app) await app.listen({ port: config.PORT, host: config.HOST });
  if (isWorker) log.info('worker started');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
