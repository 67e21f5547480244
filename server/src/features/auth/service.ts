import { UserStatus } from '@wiggle/common/enums';
import { Messages } from '@wiggle/common/messages';
import { AuthErrorCodes, type AuthInfo } from '@wiggle/common/schemas/auth';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from '../../platform/auth/passwords';
import {
  createSession,
  deleteSession,
  extendLongSession,
  type Member,
  sessionLifetimes,
} from '../../platform/auth/sessions';
import { verifyTotp } from '../../platform/auth/totp';
import { fromDbBool } from '../../platform/db/columns';
import type { Database } from '../../platform/db/schema';
import { Unauthorized } from '../../platform/errors';
import { createUsersService, toAuthInfo } from '../account/users-service';

export interface LoginInput {
  username: string;
  password: string;
  adminOtp?: string;
  strict: boolean;
}

type SessionConfig = Pick<Config, 'SESSION_TTL_STRICT_HOURS' | 'SESSION_TTL_LONG_DAYS'>;

export function createAuthService(db: Kysely<Database>, config: SessionConfig) {
  const users = createUsersService(db);
  return {
    /**
     * Password first, then status and the admin OTP, so an unknown e-mail, a wrong password and a blocked member
     * with a wrong password all look the same.
     */
    async login(input: LoginInput): Promise<AuthInfo> {
      const user = await users.findByEmail(input.username);
      const passwordOk = user
        ? await verifyPassword(user.password_hash, input.password)
        : await verifyAgainstDummy(input.password);
      if (!user || !passwordOk) {
        throw new Unauthorized(Messages.loginFailed, AuthErrorCodes.loginFailed);
      }
      if (user.status === UserStatus.Deleted) {
        throw new Unauthorized('This account has been deleted.', AuthErrorCodes.deleted);
      }
      if (user.status !== UserStatus.Active) {
        throw new Unauthorized('This account has been blocked.', AuthErrorCodes.blocked);
      }
      if (fromDbBool(user.is_admin)) {
        if (!input.adminOtp) {
          throw new Unauthorized(
            'Enter the code of your authenticator app.',
            AuthErrorCodes.adminOtpRequired,
          );
        }
        const step = user.totp_secret ? await verifyTotp(user.totp_secret, input.adminOtp) : null;
        if (step === null) {
          throw new Unauthorized('The authenticator code is not valid.', AuthErrorCodes.adminOtpInvalid);
        }
        if (!(await users.claimTotpStep(user.id, step))) {
          throw new Unauthorized(
            'This authenticator code was used already. Please wait for the next one.',
            AuthErrorCodes.adminOtpInvalid,
          );
        }
      }
      if (needsRehash(user.password_hash)) {
        await users.replacePasswordHash(user.id, await hashPassword(input.password));
      }
      const token = await createSession(db, user.id, input.strict, sessionLifetimes(config));
      return toAuthInfo(user, token);
    },

    /** The current auth info for the same token (SPEC: refresh keeps the session, and a kept one slides on). */
    async refresh(member: Member, token: string): Promise<AuthInfo> {
      const user = await users.findById(member.id);
      if (!user) throw new Unauthorized();
      await extendLongSession(db, member.sessionId, config.SESSION_TTL_LONG_DAYS);
      return toAuthInfo(user, token);
    },

    async logout(member: Member): Promise<void> {
      await deleteSession(db, member.sessionId);
    },
  };
}
