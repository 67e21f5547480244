import net from 'node:net';
import { Messages } from '@wiggle/common/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, registerMember, type TestApp } from '../../test/harness';

/** A local port with nothing listening, so every SMTP connection is refused at once. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

// When the mail server is down, members get SPEC's messages and nothing is lost or half-done.
describe('mail server down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      dialect: 'sqlite',
      smtp: `smtp://127.0.0.1:${await closedPort()}`,
      env: { SUPPORT_EMAIL: 'support@wiggle.test' },
    });
  });
  afterAll(async () => t?.close());

  it('still registers (the code can be sent again later) but a resend says the mail failed', async () => {
    const member = await registerMember(t.app, { verified: false });
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/account/verify/resend',
      headers: bearer(member.token),
    });
    expect(resend.statusCode).toBe(503);
    expect(resend.json().error).toEqual({ code: 'mail_failed', message: Messages.verificationMailFailed });
  });

  it('answers a reset request as usual', async () => {
    const member = await registerMember(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/account/reset',
      payload: { username: member.username },
    });
    expect(res.statusCode).toBe(200);
  });

  it('keeps a support inquiry and confirms it, since support sees it in the stored list', async () => {
    const member = await registerMember(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/support/inquiry',
      headers: bearer(member.token),
      payload: { message: 'Is anyone there?' },
    });
    expect(res.statusCode).toBe(200);
    const rows = await t.platform.db.selectFrom('support_inquiries').select('message').execute();
    expect(rows.map((r) => r.message)).toEqual(['Is anyone there?']);
  });
});
