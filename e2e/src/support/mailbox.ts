import type { ParsedMail } from '@wiggle/server/test/mail-parse';
import { startSmtpServer } from '@wiggle/server/test/smtp-server';

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

/**
 * A real SMTP server on a free local port (the server tests' one): the app under test delivers to it exactly as to
 * a mail relay. Browser flows wait longer for a mail than API tests do.
 */
export async function startMailbox(): Promise<Mailbox> {
  const smtp = await startSmtpServer();
  return {
    url: smtp.url,
    latestMail: (to, subject = '', timeoutMs = 15_000) => smtp.latestMail(to, subject, timeoutMs),
    close: smtp.close,
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
