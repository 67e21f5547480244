import type { Kysely } from 'kysely';
import type { Member } from '../../platform/auth/sessions';
import type { Database } from '../../platform/db/schema';
import { writeProcessLog } from '../../platform/jobs/process-log';

/** Every admin action writes one process log row: who did what to which entity (SPEC §3 "Process log"). */
export async function logAdminAction(
  db: Kysely<Database>,
  admin: Member,
  action: string,
  entity: { group: string; type: string; id: number },
  description: string,
): Promise<void> {
  await writeProcessLog(db, {
    startedAt: new Date(),
    durationMs: 0,
    memoryIncrease: 0,
    name: `admin.${action}`,
    description: `${admin.username} ${description}`,
    result: 'ok',
    message: '',
    entity,
    adminId: admin.id,
  });
}
