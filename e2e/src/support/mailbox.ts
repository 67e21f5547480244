import type { AddressInfo } from 'node:net';
import { type ParsedMail, parseMail } from '@wiggle/server/test/mail-parse';
import { SMTPServer } from 'smtp-server';

export interface Mailbox {
  /** SMTP_URL for the app server. */
  url: string;
  /**
   * The latest mail to `to` (subject containing `subject`) that no earlier call returned, waiting for it to arrive
   * over SMTP when there is none yet.
   */
  latestMail(to: string, subject?: string, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

/** A real SMTP server on a free local port: the app under test delivers to it exactly as to a mail relay. */
export async function startMailbox(): Promise<Mailbox> {
  const messages: ParsedMail[] = [];
  const taken = new Set<ParsedMail>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push(parseMail(Buffer.concat(chunks).toString('utf8')));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  async function latestMail(to: string, subject = '', timeoutMs = 15_000): Promise<ParsedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = messages
        .filter((m) => m.to.toLowerCase().includes(to.toLowerCase()) && m.subject.includes(subject))
        .at(-1);
      if (found && !taken.has(found)) {
        taken.add(found);
        return found;
      }
      if (Date.now() > deadline) throw new Error(`no new mail to ${to} (${subject}) within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    latestMail,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The 6-digit verification code of a registration mail. */
export function verificationCodeOf(mail: ParsedMail): string {
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no 6-digit code in mail "${mail.subject}"`);
  return code;
}

/** The /account/reset/{token}/{code} link of a password-reset mail. */
export function resetLinkOf(mail: ParsedMail): string {
  const link = /https?:\/\/\S+\/account\/reset\/[^\s"<>]+\/[^\s"<>]+/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no reset link in mail "${mail.subject}"`);
  return link;
}

/** The /account/register/{code} link of a registration mail. */
export function verificationLinkOf(mail: ParsedMail): string {
  const link = /https?:\/\/\S+\/account\/register\/\d{6}\b/.exec(mail.text)?.[0];
  if (!link) throw new Error(`no verification link in mail "${mail.subject}"`);
  return link;
}
