import { Messages } from '@wiggle/common/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createTestApp,
  registerMember,
  startSmtpServer,
  type TestApp,
  testDialects,
} from '../../test/harness';
import type { TestSmtpServer } from '../../test/smtp-server';

describe.each(testDialects())('support inquiries on %s', (dialect) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ dialect, smtp: smtp.url, env: { SUPPORT_EMAIL: 'support@wiggle.test' } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  const send = (token: string, message: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/support/inquiry',
      headers: bearer(token),
      payload: { message },
    });

  it('stores the inquiry and mails it to SUPPORT_EMAIL with the member as reply-to', async () => {
    const member = await registerMember(t.app, { verified: false, name: 'Asking Member' });
    const res = await send(member.token, 'My wiggle <b>wobbles</b> too much.\nWhat now?');
    expect(res.statusCode).toBe(200);
    const { id } = res.json();
    const row = await t.platform.db
      .selectFrom('support_inquiries')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      user_id: member.id,
      message: 'My wiggle <b>wobbles</b> too much.\nWhat now?',
      read_at: null,
      read_by: null,
    });
    expect(Date.parse(row.sent_at)).toBeGreaterThan(Date.now() - 60_000);

    const mail = await smtp.waitForMail('support@wiggle.test');
    expect(mail.subject).toContain(`#${id}`);
    expect(mail.text).toContain('My wiggle <b>wobbles</b> too much.');
    expect(mail.text).toContain(member.username);
    expect(mail.html).toContain('&lt;b&gt;wobbles&lt;/b&gt;');
    expect(mail.raw).toMatch(new RegExp(`Reply-To: ${member.username}`, 'i'));
  });

  it('validates the message: mandatory and at most 1000 characters', async () => {
    const member = await registerMember(t.app);
    const empty = await send(member.token, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.fields).toEqual({ message: Messages.mandatory });
    const long = await send(member.token, 'x'.repeat(1001));
    expect(long.json().error.fields).toEqual({ message: Messages.tooLong(1000) });
    expect((await send(member.token, 'x'.repeat(1000))).statusCode).toBe(200);
  });

  it('refuses visitors', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support/inquiry',
      payload: { message: 'hi' },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('support inquiries without SUPPORT_EMAIL', () => {
  it('stores the inquiry and writes no mail to the outbox', async () => {
    const t = await createTestApp({ dialect: 'sqlite' });
    try {
      const member = await registerMember(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/support/inquiry',
        headers: bearer(member.token),
        payload: { message: 'Stored only' },
      });
      expect(res.statusCode).toBe(200);
      const rows = await t.platform.db.selectFrom('support_inquiries').selectAll().execute();
      expect(rows.map((r) => r.message)).toEqual(['Stored only']);
    } finally {
      await t.close();
    }
  });
});
