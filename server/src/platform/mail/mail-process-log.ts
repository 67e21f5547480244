import type { Kysely } from 'kysely';
import type { JobLog } from '../jobs/job-attempt';
import { withTimedProcessLog } from '../jobs/process-log';
import type { JobTables } from '../jobs/tables';
import type { Mailer } from './mailer';

/**
 * Every mail sent writes a process log row (SPEC §3, issue 13 "mail sending"): `mail.<kind>`, to whom and what, the
 * result and how long the SMTP server or the outbox took, with the member it concerns as the entity. Both the SMTP
 * and the outbox mailer go through here, whichever job driver runs.
 */
export function withMailProcessLog(mailer: Mailer, db: Kysely<JobTables>, log: JobLog): Mailer {
  return {
    send(message) {
      const { kind, userId, ...mail } = message;
      return withTimedProcessLog(
        db,
        log,
        {
          name: `mail.${kind ?? 'send'}`,
          description: `"${mail.subject}" to ${mail.to}`,
          entity: userId ? { group: 'mail', type: 'user', id: userId } : null,
        },
        () => mailer.send(mail),
      );
    },
    close: () => mailer.close(),
  };
}
