import { Messages } from '@wiggle/common/messages';
import { describe, expect, it } from 'vitest';
import { createAdmin, totpCode } from './support/admin';
import { useApp } from './support/app-fixture';
import { useBrowser } from './support/browser';
import { resetLinkOf, verificationCodeOf, verificationLinkOf } from './support/mailbox';
import { loginThroughUi, newMember, registerByApi, waitForPath } from './support/members';

const app = useApp('account');
const browser = useBrowser(() => app.server().url);

describe('accounts in the browser', () => {
  it('registers, verifies with the mailed code, lands in the library and logs out', async () => {
    const page = browser.page();
    const member = newMember('register');
    await page.goto('/account/register/');
    await page.getByRole('heading', { name: 'Create account' }).waitFor();
    await page.getByLabel('Name').fill(member.name);
    await page.getByLabel('E-mail').fill(member.email);
    await page.getByLabel('Password', { exact: true }).fill(member.password);
    await page.getByLabel('Repeat password').fill(member.password);
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.getByRole('heading', { name: 'Verify your e-mail address' }).waitFor();
    // Unverified: the navigation offers only verification and support.
    await page.getByRole('navigation', { name: 'Main' }).getByText('Verify e-mail').waitFor();

    const mail = await app.mailbox().latestMail(member.email, 'verification');
    await page.getByLabel('Verification code').fill(verificationCodeOf(mail));
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByRole('heading', { name: 'Welcome to Wiggle Studio' }).waitFor();
    await page.getByRole('button', { name: 'Start' }).click();

    await waitForPath(page, '/library/');
    await page.getByRole('heading', { name: 'Library' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.getByRole('link').allInnerTexts()).toEqual([
      'Library',
      'Gallery',
      'Support',
      'Terms',
      'Privacy policy',
    ]);

    const token = await page.evaluate(() => localStorage.getItem('token'));
    expect(token).toBeTruthy();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await expect(page.getByRole('menu').textContent()).resolves.toContain(member.email);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await waitForPath(page, '/auth/login');
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();

    // Signed out for good: the library sends back to the login, and the old token is refused by the server.
    await page.goto('/library/');
    await waitForPath(page, '/auth/login');
    const refresh = await fetch(`${app.server().url}/api/auth/refresh`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(refresh.status).toBe(401);
  });

  it('verifies by the mailed link when it is opened while signed in', async () => {
    const page = browser.page();
    const member = newMember('link');
    await registerByApi(app.server().url, app.mailbox(), member, { verify: false });
    // registerByApi consumed the first mail; a resend gives the member a fresh code and link.
    await loginThroughUi(page, member.email, member.password);
    await waitForPath(page, '/account/register/');
    await page.getByRole('button', { name: 'Send the code again' }).click();
    const link = verificationLinkOf(await app.mailbox().latestMail(member.email, 'verification'));
    expect(link.startsWith(`${app.server().url}/account/register/`)).toBe(true);

    await page.goto(link);
    await page.getByRole('heading', { name: 'Welcome to Wiggle Studio' }).waitFor();
    await page.getByRole('button', { name: 'Start' }).click();
    await waitForPath(page, '/library/');
    // Verified for good: a fresh load keeps the member in the library instead of sending them to verify.
    await page.goto('/library/');
    await page.getByRole('heading', { name: 'Library' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/library/');
  });

  it('shows the snackbar for a wrong password and for an unknown e-mail, and stays on the login', async () => {
    const page = browser.page();
    const member = newMember('wrong');
    await registerByApi(app.server().url, app.mailbox(), member, { verify: true });

    await loginThroughUi(page, member.email, `${member.password}-wrong`);
    const snackbar = page.getByRole('alert').filter({ hasText: Messages.loginFailed });
    await snackbar.waitFor();
    expect(await snackbar.textContent()).toContain('Failed to authenticate, please try again!');
    expect(new URL(page.url()).pathname).toBe('/auth/login');

    await page.getByRole('alert').getByRole('button', { name: 'Close' }).click();
    await snackbar.waitFor({ state: 'hidden' });
    await loginThroughUi(page, `nobody-${member.email}`, member.password);
    await snackbar.waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
  });

  it('resets the password through the mailed link and logs in with the new one', async () => {
    const page = browser.page();
    const member = newMember('reset');
    await registerByApi(app.server().url, app.mailbox(), member, { verify: true });

    await page.goto('/auth/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await waitForPath(page, '/account/reset/');
    // The reset screen loads lazily: wait for it before typing, or the keys land in the login form still shown.
    await page.getByRole('heading', { name: 'Reset password' }).waitFor();
    await page.getByLabel('E-mail').fill(member.email);
    await page.getByRole('button', { name: 'Send link' }).click();
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();

    const link = resetLinkOf(await app.mailbox().latestMail(member.email, 'Reset'));
    expect(link.startsWith(`${app.server().url}/account/reset/`)).toBe(true);
    await page.goto(link);
    await page.getByRole('heading', { name: 'Set a new password' }).waitFor();
    const newPassword = `New!${member.password}`;
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Repeat new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();
    await page.getByRole('link', { name: 'Login' }).last().click();
    await waitForPath(page, '/auth/login');
    await page.getByRole('heading', { name: 'Login' }).waitFor();

    await loginThroughUi(page, member.email, member.password);
    await page.getByRole('alert').filter({ hasText: Messages.loginFailed }).waitFor();
    await loginThroughUi(page, member.email, newPassword);
    await waitForPath(page, '/library/');
  });

  it('asks an admin for the TOTP code after the password and then shows the admin entry', async () => {
    const page = browser.page();
    const admin = await createAdmin(app.server().dataDir, 'admin-e2e@example.com', 'Admin#e2e-pass');

    await loginThroughUi(page, admin.email, admin.password);
    const otp = page.getByLabel('Admin one-time code');
    await otp.waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    // A code from ten minutes ago is refused with the login snackbar; the current one lets the admin in.
    await otp.fill(totpCode(admin.totpSecret, Date.now() - 10 * 60_000));
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const refused = page.getByRole('alert').filter({ hasText: Messages.loginFailed });
    await refused.waitFor();
    expect(new URL(page.url()).pathname).toBe('/auth/login');
    await refused.getByRole('button', { name: 'Close' }).click();
    await otp.fill(totpCode(admin.totpSecret));
    await page.getByRole('button', { name: 'Login', exact: true }).click();

    await waitForPath(page, '/library/');
    const adminEntry = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' });
    await adminEntry.click();
    await waitForPath(page, '/admin/user');
    await page.getByRole('heading', { name: /Admin · Users?/ }).waitFor();
    expect(await adminEntry.getAttribute('aria-current')).toBe('page');
  });
});
