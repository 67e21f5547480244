import { UserStatus } from '@wiggle/common/enums';
import { Messages } from '@wiggle/common/messages';
import type { Profile } from '@wiggle/common/schemas/account';
import type { AuthInfo } from '@wiggle/common/schemas/auth';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { hashEquals, newNumericCode, newToken, sha256 } from '../../platform/auth/secrets';
import {
  createSession,
  deleteSessionsOfUser,
  type Member,
  sessionLifetimes,
} from '../../platform/auth/sessions';
import { fromDbBool, isoIn, isoNow, toDbBool } from '../../platform/db/columns';
import type { Database } from '../../platform/db/schema';
import { AppError, BadRequest, Conflict, NotFound } from '../../platform/errors';
import type { Logger } from '../../platform/logger';
import type { Mailer } from '../../platform/mail/mailer';
import { createCreditService } from '../shop/credit-service';
import { createCodeStore } from './code-store';
import { passwordResetMail, verificationMail } from './mails';
import type { UserRow } from './tables';
import { createUserStore } from './user-store';
import { avatarUrl, toAuthInfo } from './users-service';

type AccountConfig = Pick<
  Config,
  | 'PUBLIC_URL'
  | 'SESSION_TTL_STRICT_HOURS'
  | 'SESSION_TTL_LONG_DAYS'
  | 'VERIFICATION_CODE_TTL_MINUTES'
  | 'VERIFICATION_CODE_MAX_TRIES'
  | 'RESET_TOKEN_TTL_MINUTES'
  | 'WELCOME_GIFT_CREDITS'
  | 'WELCOME_GIFT_MAX_RESOLUTION'
  | 'WELCOME_GIFT_VALIDITY_DAYS'
>;

export interface RegisterInput {
  name: string;
  username: string;
  password: string;
}
export interface ProfileUpdate {
  name: string;
  aboutMe: string;
  externalLink: string;
  subscriptions: { features: boolean; hints: boolean };
}

const RESET_MAILS_PER_HOUR = 5;
const CODE_EXPIRED = 'The code has expired or was tried too often. Please ask for a new code.';
const WRONG_CURRENT_PASSWORD = 'The current password is not correct.';

export function toProfile(user: UserRow): Profile {
  return {
    id: user.id,
    name: user.name,
    username: user.email,
    aboutMe: user.about_me,
    externalLink: user.external_link,
    subscriptions: {
      system: true,
      features: fromDbBool(user.subscribe_features),
      hints: fromDbBool(user.subscribe_hints),
    },
    avatar: avatarUrl(user.avatar_id),
    isVerifiedEmail: fromDbBool(user.is_verified_email),
    created: user.created_at,
  };
}

export function createAccountService(
  db: Kysely<Database>,
  mailer: Mailer,
  config: AccountConfig,
  log: Logger,
) {
  const users = createUserStore(db);
  const codes = createCodeStore(db);
  const credits = createCreditService(db, config, log);

  async function requireUser(id: number): Promise<UserRow> {
    const user = await users.findById(id);
    if (!user) throw new NotFound();
    return user;
  }

  async function sendVerificationCode(user: UserRow): Promise<void> {
    const code = newNumericCode();
    const ttl = config.VERIFICATION_CODE_TTL_MINUTES;
    await codes.putVerification(user.id, sha256(code), isoIn(ttl * 60_000));
    const link = `${config.PUBLIC_URL}/account/register/${code}`;
    await mailer.send({
      ...verificationMail(user.email, user.name, code, link, ttl),
      kind: 'verification',
      userId: user.id,
    });
  }

  return {
    /** Creates an unverified member, signs them in (strict session) and mails the code. */
    async register(input: RegisterInput): Promise<AuthInfo> {
      const passwordHash = await hashPassword(input.password);
      const id = await users.insert({
        email: input.username,
        name: input.name,
        password_hash: passwordHash,
        status: UserStatus.Active,
        is_admin: 0,
        is_verified_email: 0,
        totp_secret: null,
      });
      if (id === undefined) {
        throw new Conflict(Messages.emailAlreadyRegistered, { username: Messages.emailAlreadyRegistered });
      }
      const user = await requireUser(id);
      const token = await createSession(db, id, true, sessionLifetimes(config));
      try {
        await sendVerificationCode(user);
      } catch (error) {
        // The account exists and the member can ask for the code again; failing here would strand them.
        log.error({ err: error, userId: id }, 'sending the verification code failed');
      }
      return toAuthInfo(user, token);
    },

    async verify(member: Member, code: string): Promise<void> {
      if (member.isVerifiedEmail) return;
      const pending = await codes.findVerification(member.id);
      const usable =
        pending && pending.expires_at > isoNow() && pending.failed_tries < config.VERIFICATION_CODE_MAX_TRIES;
      if (!pending || !usable) throw new BadRequest(CODE_EXPIRED, { code: CODE_EXPIRED }, 'code_expired');
      if (!hashEquals(pending.code_hash, sha256(code))) {
        await codes.countVerificationFailure(pending.id);
        throw new BadRequest(Messages.verifyFailed, { code: Messages.verifyFailed }, 'invalid_code');
      }
      await users.update(member.id, { is_verified_email: 1 });
      await codes.deleteVerification(member.id);
      await credits.grantWelcomeGift(member.id);
    },

    async resendVerification(member: Member): Promise<void> {
      if (member.isVerifiedEmail) return;
      const user = await requireUser(member.id);
      try {
        await sendVerificationCode(user);
      } catch (error) {
        log.error({ err: error, userId: user.id }, 'sending the verification code failed');
        throw new AppError(503, 'mail_failed', Messages.verificationMailFailed);
      }
    },

    /**
     * Always resolves the same way. The mail goes out in the background, so the answer's timing does not tell
     * whether the address is registered either.
     */
    async requestPasswordReset(email: string): Promise<void> {
      const user = await users.findByEmail(email);
      if (!user || user.status !== UserStatus.Active) return;
      // The per-address rate limit does not stop many addresses from flooding one member's mailbox; this does.
      const recent = await codes.countResetsSince(user.id, new Date(Date.now() - 3_600_000).toISOString());
      if (recent >= RESET_MAILS_PER_HOUR) {
        log.warn({ userId: user.id }, 'password reset mail skipped: hourly cap reached');
        return;
      }
      const token = newToken();
      const code = newNumericCode();
      const ttl = config.RESET_TOKEN_TTL_MINUTES;
      await codes.insertReset(user.id, sha256(token), sha256(code), isoIn(ttl * 60_000));
      const link = `${config.PUBLIC_URL}/account/reset/${token}/${code}`;
      const mail = {
        ...passwordResetMail(user.email, user.name, link, ttl),
        kind: 'password-reset',
        userId: user.id,
      };
      mailer.send(mail).catch((error: unknown) => {
        log.error({ err: error, userId: user.id }, 'sending the password reset link failed');
      });
    },

    /** Sets the new password and ends every session of the member; the link proves the mailbox, so it verifies. */
    async confirmPasswordReset(token: string, code: string, password: string): Promise<void> {
      const invalid = () => new BadRequest(Messages.invalidOrExpiredToken, undefined, 'invalid_token');
      const reset = await codes.findResetByTokenHash(sha256(token));
      if (
        !reset ||
        reset.used_at !== null ||
        reset.expires_at <= isoNow() ||
        reset.failed_tries >= config.VERIFICATION_CODE_MAX_TRIES
      ) {
        throw invalid();
      }
      if (!hashEquals(reset.code_hash, sha256(code))) {
        await codes.countResetFailure(reset.id);
        throw invalid();
      }
      const user = await users.findById(reset.user_id);
      if (!user || user.status !== UserStatus.Active) throw invalid();
      const passwordHash = await hashPassword(password);
      if (!(await codes.useReset(reset.id))) throw invalid();
      await users.update(user.id, { password_hash: passwordHash, is_verified_email: 1 });
      if (!fromDbBool(user.is_verified_email)) await credits.grantWelcomeGift(user.id);
      await codes.closeResetsOfUser(user.id);
      await deleteSessionsOfUser(db, user.id);
    },

    async profile(member: Member): Promise<Profile> {
      return toProfile(await requireUser(member.id));
    },

    async updateProfile(member: Member, update: ProfileUpdate): Promise<Profile> {
      await users.update(member.id, {
        name: update.name,
        about_me: update.aboutMe,
        external_link: update.externalLink,
        subscribe_features: toDbBool(update.subscriptions.features),
        subscribe_hints: toDbBool(update.subscriptions.hints),
      });
      return toProfile(await requireUser(member.id));
    },

    /** Changes the password with the current one; other sessions end, this one stays. */
    async changePassword(member: Member, currentPassword: string, password: string): Promise<void> {
      const user = await requireUser(member.id);
      if (!(await verifyPassword(user.password_hash, currentPassword))) {
        throw new BadRequest(
          WRONG_CURRENT_PASSWORD,
          { currentPassword: WRONG_CURRENT_PASSWORD },
          'wrong_password',
        );
      }
      await users.update(member.id, { password_hash: await hashPassword(password) });
      await codes.closeResetsOfUser(member.id);
      await deleteSessionsOfUser(db, member.id, member.sessionId);
    },

    async saveSettings(member: Member, settings: string): Promise<void> {
      await users.update(member.id, { settings });
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
