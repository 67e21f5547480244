import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import pino from 'pino';
import type { Config } from '../config';
import { createDatabase, migrateToLatest } from './db/database';
import type { Database } from './db/schema';
import { createMailer, type Mailer } from './mail/mailer';

export type Logger = FastifyBaseLogger | pino.Logger;

/** The shared pieces of one process; services receive the few they use as plain arguments. */
export interface Platform {
  config: Config;
  db: Kysely<Database>;
  mailer: Mailer;
  log: Logger;
}

export function createLogger(config: Pick<Config, 'LOG_LEVEL'>): pino.Logger {
  return pino({ level: config.LOG_LEVEL, redact: ['req.headers.authorization', 'req.headers.cookie'] });
}

/** Opens the database (migrated to the latest schema), the mailer and the logger. */
export async function createPlatform(config: Config, log: Logger = createLogger(config)): Promise<Platform> {
  const db = createDatabase(config);
  try {
    const applied = await migrateToLatest(db);
    if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const mailer = createMailer({
    smtpUrl: config.SMTP_URL,
    from: config.MAIL_FROM,
    dataDir: config.DATA_DIR,
    log,
  });
  return { config, db, mailer, log };
}

/** Closes what createPlatform opened, in reverse order. */
export async function closePlatform(platform: Platform): Promise<void> {
  await platform.mailer.close();
  await platform.db.destroy();
}
