import type { JobQueue } from './job-queue';

/** Repeating work is short housekeeping: past this it is stopped and runs again at its next occurrence. */
const REPEATING_TIMEOUT_MS = 10 * 60_000;

/**
 * Registers `run` as the handler of job `name` and schedules it every `everyMs`. Called once at start-up by the
 * processes that run job handlers (the web process in-process, `npm run worker` with Redis), never per request.
 */
export async function runEvery(
  jobs: JobQueue,
  name: string,
  everyMs: number,
  run: () => Promise<void>,
): Promise<void> {
  jobs.process(name, { timeoutMs: REPEATING_TIMEOUT_MS, concurrency: 1, run: () => run() });
  await jobs.repeat(name, everyMs);
}
