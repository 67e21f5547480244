import { describe, expect, it } from 'vitest';
import { createAdmin, totpCode } from './support/admin';
import { useApp } from './support/app-fixture';
import { useBrowser } from './support/browser';
import { seedGallery } from './support/gallery';
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

  it('blocks a member signed in elsewhere: their next action fails and their app shows the login with the reason', async () => {
    const base = app.server().url;
    const member = newMember('elsewhere');
    await registerByApi(base, app.mailbox(), member, { verify: true });
    const admin = await createAdmin(app.server().dataDir, 'admin-block@example.com', 'Admin#block-pass');

    // The member, in a browser of their own, with the app open on their library.
    const memberContext = await browser.context().browser()!.newContext({ baseURL: base });
    try {
      const memberPage = await memberContext.newPage();
      await loginThroughUi(memberPage, member.email, member.password);
      await waitForPath(memberPage, '/library/');

      const page = browser.page();
      page.on('dialog', (dialog) => void dialog.accept());
      await loginThroughUi(page, admin.email, admin.password);
      await page.getByLabel('Admin one-time code').fill(totpCode(admin.totpSecret));
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await waitForPath(page, '/library/');
      await page.goto('/admin/user');
      await page.getByLabel('Search e-mail or name').fill(member.email);
      const row = page.getByRole('row').filter({ hasText: member.email });
      await row.getByRole('button', { name: 'block', exact: true }).click();
      await row.getByText('Blocked', { exact: true }).waitFor();

      // The member's next click in the open app fails and lands on the login page saying why.
      await memberPage
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Gallery' })
        .click();
      await waitForPath(memberPage, '/auth/login');
      await memberPage.getByRole('alert').filter({ hasText: 'This account has been blocked.' }).waitFor();
      expect(await memberPage.evaluate(() => localStorage.getItem('token'))).toBeNull();
      if (shots) await memberPage.screenshot({ path: `${shots}/admin-blocked-member.png` });
    } finally {
      await memberContext.close();
    }
  });

  it('/admin/wiggle blocks a public wiggle, whose public page then answers 404', async () => {
    const base = app.server().url;
    const member = newMember('wiggler');
    await registerByApi(base, app.mailbox(), member, { verify: true });
    const seeded = await seedGallery(app.server().dataDir, member.email, {
      album: 'Moderated walk',
      count: 2,
      public: true,
      feed: true,
    });
    const [target] = seeded.wiggleIds;
    expect((await fetch(`${base}/album/${seeded.albumId}/${target}`)).status).toBe(200);
    const admin = await createAdmin(app.server().dataDir, 'admin-wiggle@example.com', 'Admin#wiggle-pass');

    const page = browser.page();
    await loginThroughUi(page, admin.email, admin.password);
    await page.getByLabel('Admin one-time code').fill(totpCode(admin.totpSecret));
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await waitForPath(page, '/library/');
    await page.goto('/admin/wiggle');
    await page.getByRole('heading', { name: 'Admin · Wiggles' }).waitFor();
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: String(target), exact: true }) });
    await row.getByRole('button', { name: 'block', exact: true }).click();
    await row.getByText('Blocked', { exact: true }).waitFor();
    expect((await fetch(`${base}/album/${seeded.albumId}/${target}`)).status).toBe(404);
    expect((await fetch(`${base}/album/${seeded.albumId}/${seeded.wiggleIds[1]}`)).status).toBe(200);

    // Sorting by a column asks the server again; the detail shows the blocked wiggle's frames to the admin.
    await page.getByRole('button', { name: 'Id' }).click();
    await page.locator('th[aria-sort="ascending"]', { hasText: 'Id' }).waitFor();
    if (shots) await page.screenshot({ path: `${shots}/admin-wiggle.png`, fullPage: true });
    // The name (the row's first button) opens the detail.
    await row.getByRole('button').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Blocked').first().waitFor();
    await dialog
      .getByRole('img')
      .first()
      .evaluate((img: HTMLImageElement) => img.decode());
    if (shots) await page.screenshot({ path: `${shots}/admin-wiggle-detail.png` });
    await dialog.getByRole('button', { name: 'Close' }).click();

    await page.goto('/admin/album');
    await page.getByRole('row').filter({ hasText: 'Moderated walk' }).waitFor();
    if (shots) await page.screenshot({ path: `${shots}/admin-album.png`, fullPage: true });
    await page.goto('/admin/original');
    await page.getByRole('heading', { name: 'Admin · Originals' }).waitFor();
    if (shots) await page.screenshot({ path: `${shots}/admin-original.png`, fullPage: true });
  });
});
