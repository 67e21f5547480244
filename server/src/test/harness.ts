import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { createAdminAccount } from '../features/account/admin-account';
import { createSession } from '../platform/auth/sessions';
import type { Dialect } from '../platform/db/columns';
import { createLogger, type Logger } from '../platform/logger';
import { closePlatform, createPlatform, type Platform } from '../platform/platform';

export type { ParsedMail } from './mail-parse';
export { startSmtpServer } from './smtp-server';

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export function testDialects(): Dialect[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

export interface TestApp {
  app: FastifyInstance;
  platform: Platform;
  close(): Promise<void>;
}

export interface TestAppOptions {
  dialect: Dialect;
  /** URL of a test SMTP server (startSmtpServer().url); without it mails go to the temp outbox. */
  smtp?: string;
  /** Extra environment settings (e.g. a lower rate limit). */
  env?: Record<string, string>;
  /** The logger instead of the configured one, e.g. to collect what a request logs. */
  log?: Logger;
  /** Runs after the app is built and before it is ready, e.g. to add test-only routes. */
  beforeReady?: (app: FastifyInstance) => Promise<void> | void;
}

async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `wiggle_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** A whole app on a fresh database and a temp DATA_DIR; `close()` removes both. */
export async function createTestApp(options: TestAppOptions): Promise<TestApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'wiggle-test-'));
  const database = options.dialect === 'postgres' ? await createPostgresDatabase() : undefined;
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    WEB_DIST: path.join(dataDir, 'no-web-dist'),
    PUBLIC_URL: 'http://wiggle.test',
    RATE_LIMIT_REGISTER_PER_MINUTE: '1000',
    RATE_LIMIT_LOGIN_PER_ADDRESS_PER_MINUTE: '1000',
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...(options.smtp ? { SMTP_URL: options.smtp } : {}),
    ...options.env,
  });
  let platform: Platform | undefined;
  try {
    platform = await createPlatform(config, options.log ?? createLogger(config));
    const app = await buildApp(platform);
    await options.beforeReady?.(app);
    await app.ready();
    const ready = platform;
    return {
      app,
      platform: ready,
      async close() {
        await app.close();
        await closePlatform(ready);
        await database?.drop();
        await fs.rm(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    if (platform) await closePlatform(platform);
    await database?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}

let memberCounter = 0;
export const TEST_PASSWORD = 'Secret-pass1';

export interface TestMember {
  token: string;
  id: number;
  username: string;
  password: string;
}

/** Registers a member through the API; `verified: true` (the default) marks the e-mail verified directly. */
export async function registerMember(
  app: FastifyInstance,
  options: { verified?: boolean; name?: string } = {},
): Promise<TestMember> {
  memberCounter += 1;
  const username = `member${memberCounter}-${randomBytes(3).toString('hex')}@example.com`;
  const response = await app.inject({
    method: 'POST',
    url: '/api/account/register',
    payload: {
      name: options.name ?? `Member ${memberCounter}`,
      username,
      password: TEST_PASSWORD,
      terms: true,
    },
  });
  if (response.statusCode !== 200)
    throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  const { token } = response.json<{ token: string }>();
  const user = await app.platform.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', username)
    .executeTakeFirstOrThrow();
  if (options.verified ?? true) {
    await app.platform.db
      .updateTable('users')
      .set({ is_verified_email: 1 })
      .where('id', '=', user.id)
      .execute();
  }
  return { token, id: user.id, username, password: TEST_PASSWORD };
}

export interface TestAdmin extends TestMember {
  totpSecret: string;
}

/**
 * Creates a verified admin as `npm run admin:create` does, with a session made directly: no TOTP step is used up,
 * so a test can still sign in with the current code (a code is accepted once).
 */
export async function createAdmin(app: FastifyInstance): Promise<TestAdmin> {
  memberCounter += 1;
  const username = `admin${memberCounter}-${randomBytes(3).toString('hex')}@example.com`;
  const created = await createAdminAccount(app.platform.db, {
    email: username,
    password: TEST_PASSWORD,
    name: `Admin ${memberCounter}`,
  });
  const token = await createSession(app.platform.db, created.id, true, { strictHours: 12, longDays: 30 });
  return { token, id: created.id, username, password: TEST_PASSWORD, totpSecret: created.totpSecret };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
