import { cleanSingleLine } from '@wiggle/common/schemas/text';
import { escapeHtml, mailLayout } from '../../platform/mail/layout';
import type { MailMessage } from '../../platform/mail/mailer';

/**
 * The name as a mail greets with it: names are refused with control and bidi characters at the API, and this keeps
 * a name stored before that rule from breaking a line of the text or reversing it.
 */
const greeting = (name: string) => `Hello ${cleanSingleLine(name) || 'there'},`;

export function verificationMail(
  to: string,
  name: string,
  code: string,
  link: string,
  ttlMinutes: number,
): MailMessage {
  return {
    to,
    subject: 'Your Wiggle Studio verification code',
    text: [
      greeting(name),
      '',
      `your verification code is: ${code}`,
      '',
      `Enter it in Wiggle Studio, or open this link while signed in: ${link}`,
      `The code is valid for ${ttlMinutes} minutes.`,
      '',
      'If you did not create an account, ignore this e-mail.',
    ].join('\n'),
    html: mailLayout('Verify your e-mail address', [
      escapeHtml(greeting(name)),
      `your verification code is: <strong style="font-size:22px;letter-spacing:4px">${code}</strong>`,
      `Enter it in Wiggle Studio, or <a href="${escapeHtml(link)}">open this link</a> while signed in.`,
      `The code is valid for ${ttlMinutes} minutes.`,
      'If you did not create an account, ignore this e-mail.',
    ]),
  };
}

export function passwordResetMail(to: string, name: string, link: string, ttlMinutes: number): MailMessage {
  return {
    to,
    subject: 'Reset your Wiggle Studio password',
    text: [
      greeting(name),
      '',
      `open this link to set a new password: ${link}`,
      `The link is valid for ${ttlMinutes} minutes and can be used once.`,
      '',
      'If you did not ask for a new password, ignore this e-mail; your password stays as it is.',
    ].join('\n'),
    html: mailLayout('Reset your password', [
      escapeHtml(greeting(name)),
      `<a href="${escapeHtml(link)}">Set a new password</a>`,
      `The link is valid for ${ttlMinutes} minutes and can be used once.`,
      'If you did not ask for a new password, ignore this e-mail; your password stays as it is.',
    ]),
  };
}
