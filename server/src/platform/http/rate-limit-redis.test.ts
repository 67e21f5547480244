import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTestApp, registerMember } from '../../test/harness';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

// Several web processes share the login budget through Redis; two apps stand in for two processes.
describe('login rate limit on Redis', () => {
  it('counts attempts across app instances sharing one Redis', async () => {
    const env = {
      REDIS_URL,
      JOB_QUEUE_PREFIX: `wiggle-test-${randomBytes(4).toString('hex')}`,
      RATE_LIMIT_LOGIN_PER_MINUTE: '4',
    };
    const first = await createTestApp({ dialect: 'sqlite', env });
    const second = await createTestApp({ dialect: 'sqlite', env });
    try {
      const member = await registerMember(first.app);
      const statuses: number[] = [];
      for (const app of [first.app, second.app, first.app, second.app, first.app, second.app]) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { username: member.username, password: 'Wrong-password1' },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
