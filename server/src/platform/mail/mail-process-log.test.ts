import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerMember, type TestApp, testDialects } from '../../test/harness';
import { silentJobLog } from '../../test/jobs/test-job-db';
import { obliterateRedisPrefix, testRedisUrl } from '../../test/jobs/test-redis';
import { withMailProcessLog } from './mail-process-log';

const cases = testDialects().flatMap((dialect) =>
  (['in-process', 'bullmq'] as const).map(
    (driver) => [`${dialect} with the ${driver} job driver`, dialect, driver] as const,
  ),
);

describe.each(cases)('process logs of mail sending on %s', (_label, dialect, driver) => {
  let t: TestApp;
  const prefix = `wiggle-mail-plog-${randomBytes(4).toString('hex')}`;
  beforeAll(async () => {
    t = await createTestApp({
      dialect,
      env: driver === 'bullmq' ? { REDIS_URL: testRedisUrl, JOB_QUEUE_PREFIX: prefix } : {},
    });
  });
  afterAll(async () => {
    await t?.close();
    if (driver === 'bullmq') await obliterateRedisPrefix(prefix);
  });
  const mailLogs = (userId: number) =>
    t.platform.db
      .selectFrom('process_logs')
      .selectAll()
      .where('entity_type', '=', 'user')
      .where('entity_id', '=', userId)
      .where('name', 'like', 'mail.%')
      .orderBy('id')
      .execute();

  it('writes one row per mail sent: its kind, subject and recipient, the result, the duration and the member', async () => {
    const member = await registerMember(t.app, { verified: false });
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/account/reset',
      payload: { username: member.username },
    });
    expect(reset.statusCode).toBe(200);
    // The reset mail is sent after the answer: wait for its row.
    await expect.poll(async () => (await mailLogs(member.id)).length, { timeout: 10_000 }).toBe(2);
    const [verification, passwordReset] = await mailLogs(member.id);
    expect(verification).toMatchObject({
      name: 'mail.verification',
      result: 'ok',
      message: '',
      entity_group: 'mail',
      entity_type: 'user',
      entity_id: member.id,
    });
    expect(verification?.description).toContain(`to ${member.username}`);
    expect(Number(verification?.duration_ms)).toBeGreaterThanOrEqual(0);
    expect(passwordReset).toMatchObject({ name: 'mail.password-reset', result: 'ok', entity_id: member.id });
  });

  it('records a mail that could not be sent as an error with the reason, and rethrows it', async () => {
    const failing = withMailProcessLog(
      {
        send: async () => {
          throw new Error('connect ECONNREFUSED 127.0.0.1:25');
        },
        close: async () => {},
      },
      t.platform.db,
      silentJobLog(),
    );
    const member = await registerMember(t.app);
    await expect(
      failing.send({
        to: 'x@example.com',
        subject: 'S',
        text: 't',
        html: 'h',
        kind: 'test',
        userId: member.id,
      }),
    ).rejects.toThrow('ECONNREFUSED');
    expect((await mailLogs(member.id)).filter((row) => row.name === 'mail.test')).toMatchObject([
      { result: 'error', message: 'connect ECONNREFUSED 127.0.0.1:25', description: '"S" to x@example.com' },
    ]);
  });
});
