import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { parseMail } from '../../test/mail-parse';
import { startSmtpServer } from '../../test/smtp-server';
import { tempDirsPerTest } from '../../test/temp-dirs';
import { createMailer } from './mailer';

const message = {
  to: 'someone@example.com',
  subject: 'Hello from the outbox',
  text: 'Plain text body with ünïcode and a long line that is certainly longer than seventy-six characters.',
  html: '<p>HTML <b>body</b></p>',
};

describe('mailer', () => {
  const tempDir = tempDirsPerTest('wiggle-mail-');

  it('writes each mail as an .eml file under DATA_DIR/outbox without SMTP_URL', async () => {
    const dataDir = await tempDir();
    const mailer = createMailer({
      from: 'Wiggle <no-reply@wiggle.test>',
      dataDir,
      log: pino({ level: 'silent' }),
    });
    await mailer.send(message);
    await mailer.send({ ...message, subject: 'Second' });
    const files = (await fs.readdir(path.join(dataDir, 'outbox'))).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith('.eml'))).toBe(true);
    const first = parseMail(await fs.readFile(path.join(dataDir, 'outbox', files[0] ?? ''), 'utf8'));
    expect(first).toMatchObject({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
    expect(first.from).toContain('no-reply@wiggle.test');
  });

  it('sends over SMTP with SMTP_URL, plain text and HTML', async () => {
    const smtp = await startSmtpServer();
    try {
      const mailer = createMailer({
        smtpUrl: smtp.url,
        from: 'no-reply@wiggle.test',
        dataDir: os.tmpdir(),
        log: pino({ level: 'silent' }),
      });
      await mailer.send(message);
      const received = await smtp.waitForMail(message.to);
      expect(received).toMatchObject({ subject: message.subject, text: message.text, html: message.html });
      await mailer.close();
    } finally {
      await smtp.close();
    }
  });
});
