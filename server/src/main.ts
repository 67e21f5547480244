import { buildApp } from './app';
import { loadConfig } from './config';
import { closePlatform, createLogger, createPlatform, type Platform } from './platform/platform';

/**
 * ── Job worker hook ── starts the job handlers of this process and resolves to a function that stops them.
 * `--worker` runs only these (no HTTP); the web process runs them too when jobs are in-process.
 * The platform-scale/library helpers fill this in.
 */
async function startJobs(_platform: Platform, _mode: 'web' | 'worker'): Promise<() => Promise<void>> {
  return async () => {};
}

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config);
  const isWorker = process.argv.includes('--worker');
  const platform = await createPlatform(config, log);
  const stopJobs = await startJobs(platform, isWorker ? 'worker' : 'web');

  const app = isWorker ? undefined : await buildApp(platform);
  if (app) await app.listen({ port: config.PORT, host: config.HOST });
  if (isWorker) log.info('worker started');

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
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
