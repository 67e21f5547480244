import type { FastifyInstance } from 'fastify';
import { deleteExpiredSessions } from './sessions';

const HOUR_MS = 3_600_000;

/** Removes expired sessions hourly while the app runs; expired ones are already refused, this only keeps the table small. */
export function scheduleSessionCleanup(app: FastifyInstance, intervalMs = HOUR_MS): void {
  let timer: NodeJS.Timeout | undefined;
  const run = () =>
    deleteExpiredSessions(app.platform.db).catch((error: unknown) => {
      app.log.warn({ err: error }, 'expired session cleanup failed');
    });
  app.addHook('onReady', async () => {
    timer = setInterval(run, intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
