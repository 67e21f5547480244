import { describe, expect, it } from 'vitest';
import { createAdmin, totpCode } from './support/admin';
import { useApp } from './support/app-fixture';
import { useBrowser } from './support/browser';
import { loginThroughUi, newMember, registerByApi, waitForPath } from './support/members';

const app = useApp('admin');
const browser = useBrowser(() => app.server().url);
/** Set to a folder to keep screenshots of the admin pages for a look. */
const shots = process.env.ADMIN_SCREENSHOT_DIR;

describe('admin pages in the browser', () => {
  it('signs in with TOTP, blocks a member, impersonates another and returns to the admin session', async () => {
    const base = app.server().url;
    const blocked = newMember('blocked');
    const viewed = newMember('viewed');
    const blockedToken = await registerByApi(base, app.mailbox(), blocked, { verify: true });
    const viewedToken = await registerByApi(base, app.mailbox(), viewed, { verify: true });
    await fetch(`${base}/api/support/inquiry`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${viewedToken}` },
      body: JSON.stringify({ message: 'How do I share a wiggle?' }),
    });
    const admin = await createAdmin(app.server().dataDir, 'admin-panel@example.com', 'Admin#panel-pass');

    const page = browser.page();
    page.on('dialog', (dialog) => void dialog.accept());
    await loginThroughUi(page, admin.email, admin.password);
    await page.getByLabel('Admin one-time code').fill(totpCode(admin.totpSecret));
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await waitForPath(page, '/library/');
    await page.goto('/admin/user');
    await page.getByRole('heading', { name: 'Admin · Users' }).waitFor();

    // Block: the member's session, used elsewhere, ends at once.
    await page.getByLabel('Search e-mail or name').fill(blocked.email);
    const blockedRow = page.getByRole('row').filter({ hasText: blocked.email });
    await blockedRow.getByRole('button', { name: 'block', exact: true }).click();
    await blockedRow.getByText('Blocked', { exact: true }).waitFor();
    const refresh = await fetch(`${base}/api/auth/refresh`, {
      headers: { authorization: `Bearer ${blockedToken}` },
    });
    expect(refresh.status).toBe(401);
    await page.getByLabel('Search e-mail or name').fill('');
    await page.getByRole('row').filter({ hasText: viewed.email }).waitFor();
    if (shots) await page.screenshot({ path: `${shots}/admin-user.png`, fullPage: true });

    // Impersonate: the library of the member with a bar naming them, then back to the admin's own session.
    await page
      .getByRole('row')
      .filter({ hasText: viewed.email })
      .getByRole('button', { name: 'impersonate' })
      .click();
    await waitForPath(page, '/library/');
    const bar = page
      .getByRole('status')
      .filter({ hasText: `You are viewing the account of ${viewed.email}` });
    await bar.waitFor();
    expect(await page.evaluate(() => localStorage.getItem('disableRemoteSettings'))).toBe('1');
    if (shots) await page.screenshot({ path: `${shots}/admin-impersonation.png` });
    await bar.getByRole('button', { name: 'End impersonation' }).click();
    await waitForPath(page, '/admin/user');
    await page.getByRole('heading', { name: 'Admin · Users' }).waitFor();
    expect(await bar.count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('disableRemoteSettings'))).toBeNull();

    await page.goto('/admin/support');
    const inquiry = page.getByRole('row').filter({ hasText: 'How do I share a wiggle?' });
    await inquiry.getByRole('button', { name: 'Mark read' }).click();
    await inquiry.getByText(`by ${admin.email}`).waitFor();
    if (shots) await page.screenshot({ path: `${shots}/admin-support.png`, fullPage: true });

    await page.goto('/admin/log');
    await page.getByRole('row').filter({ hasText: 'admin.block-user' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'admin.impersonate-user' }).waitFor();
    if (shots) await page.screenshot({ path: `${shots}/admin-log.png`, fullPage: true });
  });
});
