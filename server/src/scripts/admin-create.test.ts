import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../platform/db/schema';
import { createTestApp, type TestApp } from '../test/harness';

const run = promisify(execFile);
// The compiled script `npm run admin:create` runs (built by vitest.global-setup.ts before the tests).
const script = fileURLToPath(new URL('../../dist/admin-create.mjs', import.meta.url));

describe('npm run admin:create', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wiggle-admin-'));
  });
  afterAll(async () => fs.rm(dataDir, { recursive: true, force: true }));

  const admin = (args: string[]) =>
    run(process.execPath, [script, ...args], {
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    });

  it('creates a verified admin, prints the otpauth URI, and that admin can sign in with a TOTP code', async () => {
    const { stdout } = await admin([
      '--email',
      'Chief@Example.com',
      '--password',
      'Admin-pass1!',
      '--name',
      'Chief',
    ]);
    const uri = /otpauth:\/\/totp\/\S+/.exec(stdout)?.[0];
    expect(uri).toContain('secret=');
    const secret = new URL(uri ?? '').searchParams.get('secret') ?? '';
    expect(stdout).toContain(`TOTP secret: ${secret}`);

    const db = new Kysely<Database>({
      dialect: new SqliteDialect({ database: new SqliteDatabase(path.join(dataDir, 'wiggle.db')) }),
    });
    const row = await db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'chief@example.com')
      .executeTakeFirstOrThrow();
    await db.destroy();
    expect(row).toMatchObject({ is_admin: 1, is_verified_email: 1, name: 'Chief', totp_secret: secret });

    let t: TestApp | undefined;
    try {
      t = await createTestApp({ dialect: 'sqlite', env: { DATA_DIR: dataDir } });
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: {
          username: 'chief@example.com',
          password: 'Admin-pass1!',
          adminOtp: await generate({ secret }),
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().isAdmin).toBe(true);
    } finally {
      // The temp DATA_DIR is this test's; close() of the harness removes it, afterAll tolerates that.
      await t?.close();
    }
  });

  it('refuses a bad e-mail or weak password with a reason and exit code 2', async () => {
    const failure = await admin(['--email', 'not-an-email', '--password', 'short']).catch(
      (error: unknown) => error,
    );
    expect(failure).toMatchObject({ code: 2 });
    expect((failure as { stderr: string }).stderr).toContain('A valid e-mail address is required.');
  });
});
