import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXPORT_SIZES } from '@wiggle/common/constants';
import { VIDEO_MAX_BYTES_DEFAULT } from '@wiggle/common/schemas/gallery-video';
import { z } from 'zod';
import { parseTrustProxy, type TrustedProxies } from './platform/http/trust-proxy';

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

/**
 * Every setting of the server, read once from the environment (DESIGN.md §4). One flat object so a feature adds its
 * keys in one place; defaults are the embedded single-machine setup (SQLite, local disk, in-process jobs, outbox).
 */
export const configSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  /** Unset → SQLite at DATA_DIR/wiggle.db; `postgres://...` → PostgreSQL. */
  DATABASE_URL: optionalText,
  REDIS_URL: optionalText,
  S3_ENDPOINT: optionalText,
  S3_BUCKET: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_REGION: z.string().default('us-east-1'),
  /** Unset → mails are written to DATA_DIR/outbox as .eml files. */
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('Wiggle Studio <no-reply@wiggle.localhost>'),
  /** Where support inquiries are mailed; unset → stored and logged only. */
  SUPPORT_EMAIL: optionalText,
  /** Origin used in links inside mails; unset → http://localhost:PORT. */
  PUBLIC_URL: optionalText,
  /** The built web app; unset → web/dist of this repository. */
  WEB_DIST: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_STRICT_HOURS: positiveInt(12),
  SESSION_TTL_LONG_DAYS: positiveInt(30),
  VERIFICATION_CODE_TTL_MINUTES: positiveInt(30),
  VERIFICATION_CODE_MAX_TRIES: positiveInt(5),
  RESET_TOKEN_TTL_MINUTES: positiveInt(60),
  JOB_TIMEOUT_SECONDS: positiveInt(300),
  /** Process logs (SPEC §3) older than this are pruned by a daily job. */
  PROCESS_LOG_RETENTION_DAYS: positiveInt(90),
  /** Members an admin deleted longer ago than this are removed with their rows and files by a daily job. */
  DELETED_MEMBER_PURGE_DAYS: positiveInt(30),
  /** Length of an admin's impersonation session (SPEC §4). */
  IMPERSONATION_TTL_MINUTES: positiveInt(30),
  /** Long side (px) of a library wiggle's frames; larger pairs are reduced after alignment (exports re-render). */
  WIGGLE_FRAME_MAX_SIZE: positiveInt(2560),
  JOB_QUEUE_PREFIX: z.string().default('wiggle'),
  TERMS_URL: z.string().default('/terms'),
  /** Rate limits: attempts per minute (login per IP + username, the others per IP). */
  RATE_LIMIT_LOGIN_PER_MINUTE: positiveInt(10),
  /** Login attempts per IP over all e-mails: spraying one password over many accounts is slowed like guessing one. */
  RATE_LIMIT_LOGIN_PER_ADDRESS_PER_MINUTE: positiveInt(10),
  RATE_LIMIT_ACCOUNT_PER_MINUTE: positiveInt(10),
  RATE_LIMIT_REGISTER_PER_MINUTE: positiveInt(20),
  AVATAR_MAX_BYTES: positiveInt(10 * 1024 * 1024),
  /** Per file of a library upload; a bigger file fails alone (the rest of the batch goes on). */
  UPLOAD_MAX_BYTES: positiveInt(100 * 1024 * 1024),
  /** Upper bound of a gallery wiggle's MP4 (made in the browser, uploaded with the wiggle). */
  VIDEO_MAX_BYTES: positiveInt(VIDEO_MAX_BYTES_DEFAULT),
  /** Saferpay's JSON API (e.g. https://test.saferpay.com/api); all five set → real payments, none → the sandbox. */
  SAFERPAY_API_URL: optionalText,
  SAFERPAY_CUSTOMER_ID: optionalText,
  SAFERPAY_TERMINAL_ID: optionalText,
  SAFERPAY_API_USER: optionalText,
  SAFERPAY_API_PASSWORD: optionalText,
  /** The welcome gift granted at e-mail verification: frames (0 turns it off), long side, days valid (0 = no end). */
  WELCOME_GIFT_CREDITS: z.coerce.number().int().min(0).default(5),
  WELCOME_GIFT_MAX_RESOLUTION: z.coerce
    .number()
    .int()
    .refine((v) => (EXPORT_SIZES as readonly number[]).includes(v), `one of ${EXPORT_SIZES.join(', ')}`)
    .default(1280),
  WELCOME_GIFT_VALIDITY_DAYS: z.coerce.number().int().min(0).default(0),
  RATE_LIMIT_COUPON_PER_MINUTE: positiveInt(10),
  /** The reverse proxies in front (a hop count or their addresses), so rate limits see the client's address. */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, context): TrustedProxies => {
      const parsed = parseTrustProxy(value);
      if (typeof parsed === 'object' && !Array.isArray(parsed)) {
        context.addIssue({ code: 'custom', message: parsed.problem });
        return z.NEVER;
      }
      return parsed;
    }),
});

export type Config = z.output<typeof configSchema> & {
  PUBLIC_URL: string;
  DATA_DIR: string;
  WEB_DIST: string;
};

const REPOSITORY_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Parses the environment once; a wrong value stops the start with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const config = parsed.data;
  return {
    ...config,
    DATA_DIR: path.resolve(config.DATA_DIR),
    WEB_DIST: config.WEB_DIST ? path.resolve(config.WEB_DIST) : path.join(REPOSITORY_ROOT, 'web', 'dist'),
    PUBLIC_URL: (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, ''),
  };
}
