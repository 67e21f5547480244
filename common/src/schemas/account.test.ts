import { describe, expect, it } from 'vitest';
import { Messages } from '../messages';
import {
  changePasswordFormSchema,
  profileUpdateSchema,
  registerFormSchema,
  resetConfirmFormSchema,
  saveSettingsSchema,
  verifySchema,
} from './account';
import { loginSchema, loginWithOtpSchema } from './auth';
import { supportInquirySchema } from './support';

/** The first message per field, as the server's 400 and the forms show it. */
function fieldErrors(result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const fields: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) fields[issue.path.join('.')] ??= issue.message;
  return fields;
}

describe('login schemas', () => {
  it('requires e-mail and password with SPEC messages, normalises the e-mail, defaults strict to true', () => {
    expect(fieldErrors(loginSchema.safeParse({}))).toEqual({
      username: Messages.mandatory,
      password: Messages.mandatory,
    });
    expect(fieldErrors(loginSchema.safeParse({ username: 'nope', password: 'x' }))).toEqual({
      username: Messages.invalidEmail,
    });
    expect(loginSchema.parse({ username: '  Ann@Example.COM ', password: 'x' })).toEqual({
      username: 'ann@example.com',
      password: 'x',
      strict: true,
    });
  });

  it('makes the admin OTP mandatory once the field is shown', () => {
    const result = loginWithOtpSchema.safeParse({ username: 'a@example.com', password: 'x', adminOtp: ' ' });
    expect(fieldErrors(result)).toEqual({ adminOtp: Messages.mandatory });
  });
});

describe('registration and password forms', () => {
  const valid = {
    name: 'Ann',
    username: 'ann@example.com',
    password: 'Secret-pass1',
    passwordConfirm: 'Secret-pass1',
    terms: true,
  };

  it('accepts a valid form', () => {
    expect(registerFormSchema.safeParse(valid).success).toBe(true);
  });

  it('says SPEC messages for each broken rule', () => {
    expect(fieldErrors(registerFormSchema.safeParse({ ...valid, passwordConfirm: 'Other-pass1' }))).toEqual({
      passwordConfirm: Messages.passwordsDoNotMatch,
    });
    expect(
      fieldErrors(registerFormSchema.safeParse({ ...valid, password: 'Sh0rt!', passwordConfirm: 'Sh0rt!' })),
    ).toEqual({
      password: Messages.passwordTooShort,
    });
    expect(
      fieldErrors(
        registerFormSchema.safeParse({ ...valid, password: 'abcdefgh1', passwordConfirm: 'abcdefgh1' }),
      ),
    ).toEqual({ password: Messages.passwordNeedsSpecial });
    expect(fieldErrors(registerFormSchema.safeParse({ ...valid, terms: false }))).toEqual({
      terms: Messages.termsRequired,
    });
    const long = `${'a'.repeat(255)}!`;
    expect(
      fieldErrors(registerFormSchema.safeParse({ ...valid, password: long, passwordConfirm: long })),
    ).toEqual({
      password: Messages.tooLong(255),
    });
  });

  it('applies the same rules to reset and change-password forms', () => {
    expect(
      fieldErrors(
        resetConfirmFormSchema.safeParse({
          token: 't',
          code: '123456',
          password: 'Secret-pass1',
          passwordConfirm: 'x',
        }),
      ),
    ).toEqual({ passwordConfirm: Messages.passwordsDoNotMatch });
    expect(
      fieldErrors(
        changePasswordFormSchema.safeParse({
          currentPassword: '',
          password: 'weak',
          passwordConfirm: 'weak',
        }),
      ),
    ).toMatchObject({ currentPassword: Messages.mandatory, password: Messages.passwordTooShort });
  });
});

describe('verification code', () => {
  it('must be 6 characters (SPEC "Invalid code length.")', () => {
    expect(fieldErrors(verifySchema.safeParse({ code: '12345' }))).toEqual({
      code: Messages.invalidCodeLength,
    });
    expect(fieldErrors(verifySchema.safeParse({ code: '' }))).toEqual({ code: Messages.mandatory });
    expect(verifySchema.parse({ code: ' 123456 ' })).toEqual({ code: '123456' });
  });
});

describe('profile, settings and support', () => {
  it('takes http(s) links or nothing, and names up to 255 characters', () => {
    const base = { name: 'Ann', subscriptions: { features: true, hints: false } };
    expect(profileUpdateSchema.parse(base)).toMatchObject({ aboutMe: '', externalLink: '' });
    expect(profileUpdateSchema.safeParse({ ...base, externalLink: 'https://example.com/a' }).success).toBe(
      true,
    );
    for (const link of ['example.com', 'javascript:alert(1)', 'ftp://example.com']) {
      expect(fieldErrors(profileUpdateSchema.safeParse({ ...base, externalLink: link }))).toEqual({
        externalLink: Messages.invalidUrl,
      });
    }
    expect(fieldErrors(profileUpdateSchema.safeParse({ ...base, name: 'x'.repeat(256) }))).toEqual({
      name: Messages.tooLong(255),
    });
  });

  it('accepts settings only as a JSON object string', () => {
    expect(saveSettingsSchema.safeParse({ settings: '{"zoom":3}' }).success).toBe(true);
    for (const settings of ['[1]', 'null', '{', '"text"']) {
      expect(fieldErrors(saveSettingsSchema.safeParse({ settings }))).toEqual({
        settings: Messages.settingsInvalid,
      });
    }
  });

  it('limits a support message to 1000 characters', () => {
    expect(supportInquirySchema.safeParse({ message: 'x'.repeat(1000) }).success).toBe(true);
    expect(fieldErrors(supportInquirySchema.safeParse({ message: 'x'.repeat(1001) }))).toEqual({
      message: Messages.tooLong(1000),
    });
  });
});
