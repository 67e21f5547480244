import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, TEXT_MAX_LENGTH, VERIFICATION_CODE_LENGTH } from '../constants';
import type { NEWSLETTER_TYPES } from '../enums';
import { Messages } from '../messages';
import { emailField } from './auth';
import { linkField, optionalTextField, textField } from './text';

/** SPEC §5 password rules: 8 to 255 characters with at least one non-alphanumeric character. */
export const passwordField = z
  .string({ error: Messages.mandatory })
  .min(1, { error: Messages.mandatory })
  .min(PASSWORD_MIN_LENGTH, { error: Messages.passwordTooShort })
  .max(TEXT_MAX_LENGTH, { error: Messages.tooLong(TEXT_MAX_LENGTH) })
  .regex(/[^A-Za-z0-9]/, { error: Messages.passwordNeedsSpecial });

export const verificationCodeField = z
  .string({ error: Messages.mandatory })
  .trim()
  .min(1, { error: Messages.mandatory })
  .length(VERIFICATION_CODE_LENGTH, { error: Messages.invalidCodeLength });

/** Adds the "repeat password" field of a form and SPEC's "Passwords do not match." on it. */
const withPasswordConfirm = <T extends z.ZodObject<{ password: typeof passwordField }>>(schema: T) =>
  schema
    .extend({
      passwordConfirm: z.string({ error: Messages.mandatory }).min(1, { error: Messages.mandatory }),
    })
    .refine((v) => v.password === v.passwordConfirm, {
      path: ['passwordConfirm'],
      error: Messages.passwordsDoNotMatch,
    });

/** POST /account/register. */
export const registerSchema = z.object({
  name: textField({ label: 'The name' }),
  username: emailField,
  password: passwordField,
  terms: z.literal(true, { error: Messages.termsRequired }),
});
export type RegisterInput = z.input<typeof registerSchema>;
/** The registration form: the API payload plus the repeated password. */
export const registerFormSchema = withPasswordConfirm(registerSchema);

/** POST /account/verify. */
export const verifySchema = z.object({ code: verificationCodeField });

/** POST /account/reset: asks for a reset link. */
export const resetRequestSchema = z.object({ username: emailField });

/** POST /account/reset/confirm: token and code come from the mailed link. */
export const resetConfirmSchema = z.object({
  token: z
    .string({ error: Messages.invalidOrExpiredToken })
    .trim()
    .min(1, { error: Messages.invalidOrExpiredToken })
    .max(200),
  code: verificationCodeField,
  password: passwordField,
});
export const resetConfirmFormSchema = withPasswordConfirm(resetConfirmSchema);

/** POST /account/password. */
export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: Messages.mandatory }).min(1, { error: Messages.mandatory }),
  password: passwordField,
});
export const changePasswordFormSchema = withPasswordConfirm(changePasswordSchema);

// Settings hold view preferences only; 64 KiB is far above any real set and bounds abuse.
const SETTINGS_MAX_LENGTH = 65_536;

/** POST /account/settings: the JSON string of non-default settings (SPEC §7). */
export const saveSettingsSchema = z.object({
  settings: z
    .string({ error: Messages.mandatory })
    .max(SETTINGS_MAX_LENGTH)
    .refine(isJsonObject, { error: Messages.settingsInvalid }),
});

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}

/** Newsletter subscriptions (SPEC §3); `system` is mandatory and always true. */
export const subscriptionsSchema = z.object({
  system: z.boolean().optional(),
  features: z.boolean(),
  hints: z.boolean(),
});
export type Subscriptions = { [K in (typeof NEWSLETTER_TYPES)[number]]: boolean };

/** PUT /account/profile. An empty external link clears it. */
export const profileUpdateSchema = z.object({
  name: textField({ label: 'The name' }),
  aboutMe: optionalTextField({ label: 'About me', multiline: true }),
  externalLink: linkField('The link'),
  subscriptions: subscriptionsSchema,
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

/** GET /account/profile. */
export const profileSchema = z.object({
  id: z.number(),
  name: z.string(),
  username: z.string(),
  aboutMe: z.string(),
  externalLink: z.string(),
  subscriptions: z.object({ system: z.boolean(), features: z.boolean(), hints: z.boolean() }),
  avatar: z.string().nullable(),
  isVerifiedEmail: z.boolean(),
  created: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

/** Answer of calls that only confirm (`{ ok: true }`): SPEC §8 treats an empty success body as failure. */
export const okSchema = z.object({ ok: z.literal(true) });
