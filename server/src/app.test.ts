import { setTimeout as sleep } from 'node:timers/promises';
import { DeleteStatus } from '@wiggle/common/enums';
import { describe, expect, it } from 'vitest';
import { startJobHandlers } from './app';
import { createTestApp, registerMember, testDialects } from './test/harness';

async function until(condition: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await sleep(50);
  }
}

describe.each(testDialects())('repeating jobs registered at start-up on %s', (dialect) => {
  it('purge expired trash and delete expired sessions and codes, through the job queue', async () => {
    const t = await createTestApp({ dialect });
    try {
      const member = await registerMember(t.app, { verified: false });
      const db = t.platform.db;
      const past = new Date(Date.now() - 1000).toISOString();
      const longAgo = new Date(Date.now() - 40 * 86_400_000).toISOString();
      await db
        .insertInto('sessions')
        .values({ user_id: member.id, token_hash: 'expired', strict: 1, created_at: past, expires_at: past })
        .execute();
      await db.updateTable('email_verifications').set({ expires_at: past }).execute();
      const folder = await db
        .insertInto('folders')
        .values({
          owner_id: member.id,
          parent_id: null,
          name: 'old trash',
          delete_status: DeleteStatus.Trash,
          deleted_at: longAgo,
          created_at: longAgo,
        })
        .returning('id')
        .executeTakeFirstOrThrow();

      await startJobHandlers(t.platform);

      await until(async () => {
        const expired = await db
          .selectFrom('sessions')
          .where('token_hash', '=', 'expired')
          .selectAll()
          .execute();
        const codes = await db.selectFrom('email_verifications').selectAll().execute();
        const row = await db
          .selectFrom('folders')
          .select('delete_status')
          .where('id', '=', folder.id)
          .executeTakeFirstOrThrow();
        return expired.length === 0 && codes.length === 0 && row.delete_status === DeleteStatus.Expired;
      });
      // The member's own live session is kept.
      expect(
        await db.selectFrom('sessions').where('user_id', '=', member.id).selectAll().execute(),
      ).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
