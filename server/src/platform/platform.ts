import type { Kysely } from 'kysely';
import type { Config } from '../config';
import type { BlobStore } from './blobs/blob-store';
import { createBlobStore, s3SettingsFrom } from './blobs/create-blob-store';
import { createDatabase, migrateToLatest } from './db/database';
import type { Database } from './db/schema';
import { createJobQueue } from './jobs/create-job-queue';
import type { JobQueue } from './jobs/job-queue';
import { createLogger, type Logger } from './logger';
import { withMailProcessLog } from './mail/mail-process-log';
import { createMailer, type Mailer } from './mail/mailer';
import { createPayments, type Payments } from './payments/create-payments';

/** The shared pieces of one process; services receive the few they use as plain arguments. */
export interface Platform {
  config: Config;
  db: Kysely<Database>;
  mailer: Mailer;
  log: Logger;
  blobs: BlobStore;
  jobs: JobQueue;
  payments: Payments;
}

/** Opens the database (migrated to the latest schema), the mailer, the blob store and the job queue. */
export async function createPlatform(config: Config, log: Logger = createLogger(config)): Promise<Platform> {
  // Checked before anything opens, so a half-given S3 setting stops the start cleanly.
  const s3 = s3SettingsFrom(config);
  const payments = createPayments(config);
  const db = createDatabase(config, log);
  try {
    const applied = await migrateToLatest(db);
    if (applied.length > 0) log.info({ migrations: applied }, 'database migrated');
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const mailer = withMailProcessLog(
    createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, dataDir: config.DATA_DIR, log }),
    db,
    log,
  );
  const blobs = createBlobStore({ dataDir: config.DATA_DIR, s3 });
  const jobs = createJobQueue({ db, redisUrl: config.REDIS_URL, prefix: config.JOB_QUEUE_PREFIX, log });
  return { config, db, mailer, log, blobs, jobs, payments };
}

/** Closes what createPlatform opened, in reverse order. */
export async function closePlatform(platform: Platform): Promise<void> {
  // Jobs first: running handlers still use the blobs and the database while they finish.
  await platform.jobs.close();
  await platform.blobs.close();
  await platform.mailer.close();
  await platform.payments.sandbox?.close();
  await platform.db.destroy();
}
