import { deleteExpiredCodes } from './features/account/users-service';
import { purgeExpired } from './features/library/trash-service';
import { type WigglesDeps, wigglesDepsOf } from './features/wiggles/deps';
import { registerWiggleJobs } from './features/wiggles/jobs';
import { deleteExpiredSessions } from './platform/auth/sessions';
import { runEvery } from './platform/jobs/repeating-job';
import type { Platform } from './platform/platform';

const HOUR_MS = 3_600_000;
/** Trash is kept this long before it expires and its files are deleted. */
export const TRASH_RETENTION_DAYS = 30;

export const REPEATING_JOBS = {
  trashPurge: 'library.purge-trash',
  sessionCleanup: 'auth.delete-expired-sessions',
  codeCleanup: 'account.delete-expired-codes',
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
  const { db, blobs, jobs, log } = platform;
  await runEvery(jobs, REPEATING_JOBS.trashPurge, 24 * HOUR_MS, async () => {
    const counts = await purgeExpired({ db, blobs }, TRASH_RETENTION_DAYS);
    if (counts.folders + counts.originals + counts.wiggles > 0) log.info({ counts }, 'expired trash purged');
  });
  // Expired sessions, codes and reset links are refused already; these keep their tables small.
  await runEvery(jobs, REPEATING_JOBS.sessionCleanup, HOUR_MS, () => deleteExpiredSessions(db));
  await runEvery(jobs, REPEATING_JOBS.codeCleanup, HOUR_MS, () => deleteExpiredCodes(db));
}
