import { z } from 'zod';
import { TEXT_MAX_LENGTH } from '../constants';
import { Messages } from '../messages';

/** The member's login name is their e-mail address, compared case-insensitively. */
export const emailField = z
  .string({ error: Messages.mandatory })
  .trim()
  .toLowerCase()
  .min(1, { error: Messages.mandatory })
  .max(TEXT_MAX_LENGTH, { error: Messages.tooLong(TEXT_MAX_LENGTH) })
  .pipe(z.email({ error: Messages.invalidEmail }));

/** POST /auth/login (SPEC §3 "Login payload"). `strict` is true unless "keep me logged in" is ticked. */
export const loginSchema = z.object({
  username: emailField,
  // Only presence is checked at login: older passwords may predate today's rules.
  password: z
    .string({ error: Messages.mandatory })
    .min(1, { error: Messages.mandatory })
    .max(1024, { error: Messages.tooLong(1024) }),
  adminOtp: z.string().trim().max(16).optional(),
  strict: z.boolean().default(true),
});
export type LoginInput = z.input<typeof loginSchema>;

/** The login form with the OTP field shown: the OTP becomes mandatory (SPEC §5). */
export const loginWithOtpSchema = loginSchema.extend({
  adminOtp: z.string({ error: Messages.mandatory }).trim().min(1, { error: Messages.mandatory }),
});

export const authDetailsSchema = z.object({
  name: z.string(),
  /** URL of the member's avatar (`/api/account/avatar/{id}`), null when none was uploaded. */
  avatar: z.string().nullable(),
});

/**
 * SPEC §3 "Auth info", answered by GET /auth/refresh, POST /auth/login and POST /account/register.
 * `settings` is the stored JSON string of non-default settings ('{}' when none).
 */
export const authInfoSchema = z.object({
  token: z.string(),
  settings: z.string(),
  username: z.string(),
  isVerifiedEmail: z.boolean(),
  isAdmin: z.boolean(),
  details: authDetailsSchema,
});
export type AuthInfo = z.infer<typeof authInfoSchema>;

/** Error codes of POST /auth/login that the client reacts to (401). */
export const AuthErrorCodes = {
  adminOtpRequired: 'admin_otp_required',
  adminOtpInvalid: 'admin_otp_invalid',
  loginFailed: 'login_failed',
  blocked: 'account_blocked',
  deleted: 'account_deleted',
} as const;
