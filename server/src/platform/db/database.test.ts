import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { deleteExpiredCodes } from '../../features/account/users-service';
import { createTestApp, registerMember, type TestApp, testDialects } from '../../test/harness';
import { tempDirsPerTest } from '../../test/temp-dirs';
import { deleteExpiredSessions } from '../auth/sessions';
import { fromDbBool, isoNow } from './columns';
import { createDatabase, databaseDialect, migrateToLatest } from './database';

describe('databaseDialect', () => {
  it('is SQLite unless DATABASE_URL is a postgres URL', () => {
    expect(databaseDialect({ DATABASE_URL: undefined })).toBe('sqlite');
    expect(databaseDialect({ DATABASE_URL: 'postgres://u@h/db' })).toBe('postgres');
    expect(databaseDialect({ DATABASE_URL: 'postgresql://u@h/db' })).toBe('postgres');
  });
});

describe('SQLite file database', () => {
  const tempDir = tempDirsPerTest('wiggle-db-');

  it('is created under DATA_DIR with WAL and foreign keys, and migrating twice is a no-op', async () => {
    const dataDir = await tempDir();
    const db = createDatabase({ DATA_DIR: path.join(dataDir, 'nested'), DATABASE_URL: undefined });
    try {
      expect((await migrateToLatest(db)).length).toBeGreaterThan(0);
      expect(await migrateToLatest(db)).toEqual([]);
      const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
      expect(mode.rows[0]?.journal_mode).toBe('wal');
      const fk = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(db);
      expect(fk.rows[0]?.foreign_keys).toBe(1);
      await fs.access(path.join(dataDir, 'nested', 'wiggle.db'));
    } finally {
      await db.destroy();
    }
  });
});

describe.each(testDialects())('cross-dialect columns on %s', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('returns integer ids, ISO text timestamps and 0/1 booleans alike, and enforces foreign keys', async () => {
    t = await createTestApp({ dialect });
    const now = isoNow();
    const user = await t.platform.db
      .insertInto('users')
      .values({
        email: 'cols@example.com',
        name: 'Cols',
        password_hash: 'x',
        status: 1,
        is_admin: 0,
        is_verified_email: 1,
        totp_secret: null,
        created_at: now,
        updated_at: now,
      })
      .returning(['id'])
      .executeTakeFirstOrThrow();
    expect(typeof user.id).toBe('number');
    const row = await t.platform.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.created_at).toBe(now);
    expect(row.is_verified_email).toBe(1);
    expect(fromDbBool(row.is_admin)).toBe(false);
    expect(row.settings).toBe('{}');
    await expect(
      t.platform.db
        .insertInto('sessions')
        .values({ user_id: 999_999, token_hash: 'h', strict: 1, created_at: now, expires_at: now })
        .execute(),
    ).rejects.toThrow();
  });
});

describe.each(testDialects())('expired rows cleanup on %s', (dialect) => {
  it('deletes expired sessions, codes and reset links and keeps live ones', async () => {
    const t = await createTestApp({ dialect });
    try {
      const member = await registerMember(t.app, { verified: false });
      const past = new Date(Date.now() - 1000).toISOString();
      const future = new Date(Date.now() + 3_600_000).toISOString();
      await t.platform.db
        .insertInto('sessions')
        .values({ user_id: member.id, token_hash: 'expired', strict: 1, created_at: past, expires_at: past })
        .execute();
      await t.platform.db.updateTable('email_verifications').set({ expires_at: past }).execute();
      await t.platform.db
        .insertInto('password_resets')
        .values([
          {
            user_id: member.id,
            token_hash: 'old',
            code_hash: 'c',
            expires_at: past,
            failed_tries: 0,
            used_at: null,
            created_at: past,
          },
          {
            user_id: member.id,
            token_hash: 'live',
            code_hash: 'c',
            expires_at: future,
            failed_tries: 0,
            used_at: null,
            created_at: past,
          },
        ])
        .execute();
      await deleteExpiredSessions(t.platform.db);
      await deleteExpiredCodes(t.platform.db);
      const sessions = await t.platform.db.selectFrom('sessions').select('token_hash').execute();
      expect(sessions.map((s) => s.token_hash)).not.toContain('expired');
      expect(sessions).toHaveLength(1);
      expect(await t.platform.db.selectFrom('email_verifications').selectAll().execute()).toEqual([]);
      const resets = await t.platform.db.selectFrom('password_resets').select('token_hash').execute();
      expect(resets.map((r) => r.token_hash)).toEqual(['live']);
    } finally {
      await t.close();
    }
  });
});
