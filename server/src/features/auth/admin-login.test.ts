import { AuthErrorCodes } from '@wiggle/common/schemas/auth';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createTestApp, TEST_PASSWORD, type TestApp, testDialects } from '../../test/harness';

describe.each(testDialects())('admin login with TOTP on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ dialect });
  });
  afterAll(async () => t?.close());

  const login = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload });

  it('asks an admin for the TOTP code, refuses a wrong one and accepts the right one', async () => {
    const admin = await createAdmin(t.app);
    const without = await login({ username: admin.username, password: TEST_PASSWORD });
    expect(without.statusCode).toBe(401);
    expect(without.json().error.code).toBe(AuthErrorCodes.adminOtpRequired);
    const wrongPasswordWithout = await login({ username: admin.username, password: 'Wrong-password1' });
    // The OTP prompt only appears after the right password, so it reveals nothing about the account.
    expect(wrongPasswordWithout.json().error.code).toBe(AuthErrorCodes.loginFailed);
    const current = await generate({ secret: admin.totpSecret });
    const wrongCode = String((Number(current) + 500_000) % 1_000_000).padStart(6, '0');
    const wrong = await login({ username: admin.username, password: TEST_PASSWORD, adminOtp: wrongCode });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe(AuthErrorCodes.adminOtpInvalid);
    const rightCode = await generate({ secret: admin.totpSecret });
    const right = await login({ username: admin.username, password: TEST_PASSWORD, adminOtp: rightCode });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ isAdmin: true, isVerifiedEmail: true, username: admin.username });
    // A code works once: someone who saw it cannot sign in with it again.
    const replay = await login({ username: admin.username, password: TEST_PASSWORD, adminOtp: rightCode });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error).toEqual({
      code: AuthErrorCodes.adminOtpInvalid,
      message: 'This authenticator code was used already. Please wait for the next one.',
    });
  });
});
