import type { FastifyInstance } from 'fastify';
import type { Logger } from '../../platform/logger';
import type { LibraryDeps } from './deps';
import { purgeExpired } from './trash-service';

/** Trash is kept this long before it expires and its files are deleted. */
export const TRASH_RETENTION_DAYS = 30;
const DAY_MS = 86_400_000;
/** The first run waits a little so a start-up is never slowed down by a purge. */
const FIRST_RUN_DELAY_MS = 60_000;

/**
 * Runs purgeExpired daily in the web process. Several web processes may run it at once: each step is an
 * idempotent "Trash older than N days → Expired" update plus deletes of files that may already be gone.
 */
export function startDailyPurge(
  app: FastifyInstance,
  deps: () => Pick<LibraryDeps, 'db' | 'blobs'>,
  log: Logger,
): void {
  let timer: NodeJS.Timeout | undefined;
  const run = async () => {
    try {
      const counts = await purgeExpired(deps(), TRASH_RETENTION_DAYS);
      if (counts.folders + counts.originals + counts.wiggles > 0)
        log.info({ counts }, 'expired trash purged');
    } catch (error) {
      log.error({ err: error }, 'trash purge failed');
    }
  };
  app.addHook('onReady', async () => {
    timer = setTimeout(function tick() {
      void run().finally(() => {
        timer = setTimeout(tick, DAY_MS);
        timer.unref();
      });
    }, FIRST_RUN_DELAY_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearTimeout(timer));
}
