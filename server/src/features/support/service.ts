import type { Kysely } from 'kysely';
import type { Member } from '../../platform/auth/sessions';
import { isoNow } from '../../platform/db/columns';
import type { Database } from '../../platform/db/schema';
import type { Logger } from '../../platform/logger';
import { escapeHtml, mailLayout } from '../../platform/mail/layout';
import type { Mailer } from '../../platform/mail/mailer';
import { createUsersService } from '../account/users-service';
import { createSupportStore } from './store';

/** Stores each inquiry and, when SUPPORT_EMAIL is set, mails it there with the member as reply-to. */
export function createSupportService(
  db: Kysely<Database>,
  mailer: Mailer,
  supportEmail: string | undefined,
  log: Logger,
) {
  const inquiries = createSupportStore(db);
  const users = createUsersService(db);
  return {
    async submit(member: Member, message: string): Promise<{ id: number; sent: string }> {
      const sent = isoNow();
      const id = await inquiries.insert(member.id, message, sent);
      if (!supportEmail) {
        log.info({ inquiryId: id, userId: member.id }, 'support inquiry stored (no SUPPORT_EMAIL set)');
        return { id, sent };
      }
      const from = (await users.contactOf(member.id)) ?? member.username;
      try {
        await mailer.send({
          kind: 'support-inquiry',
          userId: member.id,
          to: supportEmail,
          replyTo: member.username,
          subject: `Support inquiry #${id} from ${member.username}`,
          text: `Inquiry #${id} from ${from}, sent ${sent}:\n\n${message}`,
          html: mailLayout(`Support inquiry #${id}`, [
            `From ${escapeHtml(from)}, sent ${sent}:`,
            escapeHtml(message).replace(/\n/g, '<br>'),
          ]),
        });
      } catch (error) {
        // Stored already, so it reached support (the admin list shows it); failing here would only make the member
        // send it again.
        log.error({ err: error, inquiryId: id }, 'mailing the support inquiry failed');
      }
      return { id, sent };
    },
  };
}
