import { describe, expect, it } from 'vitest';
import { createAdmin, totpCode } from './support/admin';
import { useApp } from './support/app-fixture';
import { useBrowser } from './support/browser';
import { loginThroughUi, newMember, registerByApi, waitForPath } from './support/members';

const app = useApp('admin-shop');
const browser = useBrowser(() => app.server().url);
/** Set to a folder to keep screenshots of the admin shop pages for a look. */
const shots = process.env.ADMIN_SCREENSHOT_DIR;

describe('the admin runs the shop in the browser', () => {
  it('creates a coupon on /admin/coupon/create whose code a member redeems in the app; sees it in purchases and coupons', async () => {
    const base = app.server().url;
    const admin = await createAdmin(app.server().dataDir, 'admin-shop@example.com', 'Admin#shop-pass');
    const page = browser.page();
    page.on('dialog', (dialog) => void dialog.accept());
    await loginThroughUi(page, admin.email, admin.password);
    await page.getByLabel('Admin one-time code').fill(totpCode(admin.totpSecret));
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await waitForPath(page, '/library/');

    // Packages: every package with its order; moving one down persists.
    await page.goto('/admin/package');
    await page.getByRole('heading', { name: 'Admin · Packages' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'Taster' }).waitFor();
    await page.getByRole('button', { name: 'Move Taster down' }).click();
    await expect
      .poll(async () => {
        const shop = (await (await fetch(`${base}/api/shop/packages`)).json()) as { name: string }[];
        return shop.slice(0, 2).map((p) => p.name);
      })
      .toEqual(['Starter', 'Taster']);
    if (shots) await page.screenshot({ path: `${shots}/admin-package.png`, fullPage: true });
    await page.getByRole('button', { name: 'New package' }).click();
    const dialog = page.getByRole('dialog', { name: 'New package' });
    await dialog.getByLabel('Name').fill('Beta');
    await dialog.getByLabel('Full price (US$)').fill('10');
    await dialog.getByLabel(/Discount %/).fill('41');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await dialog.getByText('The discount must be a whole percent from 0 to 40 %.').waitFor();
    if (shots) await page.screenshot({ path: `${shots}/admin-package-dialog.png` });
    await dialog.getByLabel(/Discount %/).fill('40');
    await dialog.getByText('Current price: US$ 6.00').waitFor();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await page.getByRole('row').filter({ hasText: 'Beta' }).filter({ hasText: '−40 %' }).waitFor();

    // Coupon: created on its page, the codes shown to copy or download.
    await page.goto('/admin/coupon/create');
    await page.getByRole('heading', { name: 'Admin · Create coupon' }).waitFor();
    await page.getByLabel('Name').fill('E2E admin spring');
    await page.getByLabel('Amount').fill('5');
    await page.getByLabel('Number of codes').fill('2');
    await page.getByLabel('Content (package)').click();
    await page.getByRole('option', { name: /^Pro: 50 frames up to 2560 px/ }).click();
    await page.getByRole('listbox').waitFor({ state: 'hidden' });
    if (shots) await page.screenshot({ path: `${shots}/admin-coupon-create.png`, fullPage: true });
    await page.getByRole('button', { name: 'Create coupon' }).click();
    await page.getByRole('heading', { name: 'Admin · Coupon E2E admin spring created' }).waitFor();
    const codes = ((await page.getByLabel('Coupon codes').textContent()) ?? '').trim().split('\n');
    expect(codes).toHaveLength(2);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^coupon-\d+-codes\.csv$/);
    if (shots) await page.screenshot({ path: `${shots}/admin-coupon-created.png`, fullPage: true });

    // A member redeems the first code in the app and sees the roll.
    const member = newMember('coupon');
    const memberToken = await registerByApi(base, app.mailbox(), member, { verify: true });
    const asked = await fetch(`${base}/api/support/inquiry`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${memberToken}` },
      body: JSON.stringify({ message: 'Where is my coupon roll?' }),
    });
    expect(asked.status).toBe(200);
    const memberContext = await page.context().browser()?.newContext({ baseURL: base });
    if (!memberContext) throw new Error('no browser');
    try {
      const memberPage = await memberContext.newPage();
      await loginThroughUi(memberPage, member.email, member.password);
      await waitForPath(memberPage, '/library/');
      await memberPage.goto('/account/profile');
      await memberPage.getByRole('button', { name: 'Redeem coupon' }).click();
      const redeem = memberPage.getByRole('dialog', { name: 'Redeem coupon' });
      await redeem.getByLabel('Coupon code').fill(codes[0] as string);
      await redeem.getByRole('button', { name: 'Check' }).click();
      await redeem.getByText('grants 50 frames up to 2560 px').waitFor();
      await redeem.getByRole('button', { name: 'Redeem' }).click();
      await redeem.getByText('Coupon redeemed').waitFor();
      await redeem.getByRole('button', { name: 'Done' }).click();
      await memberPage.getByRole('row').filter({ hasText: 'Coupon' }).filter({ hasText: 'Pro' }).waitFor();
    } finally {
      await memberContext.close();
    }

    // The admin sees who redeemed what: the coupon's codes, then the purchase and its detail.
    await page.goto('/admin/coupon');
    const couponRow = page.getByRole('row').filter({ hasText: 'E2E admin spring' });
    await couponRow.getByText('1 / 2').waitFor();
    if (shots) await page.screenshot({ path: `${shots}/admin-coupon.png`, fullPage: true });
    await couponRow.getByRole('button', { name: 'Codes' }).click();
    const codesDialog = page.getByRole('dialog');
    await codesDialog
      .getByRole('row')
      .filter({ hasText: codes[0] as string })
      .filter({ hasText: member.email })
      .waitFor();
    if (shots) await page.screenshot({ path: `${shots}/admin-coupon-codes.png` });
    await codesDialog.getByRole('button', { name: 'Close' }).click();
    await couponRow.getByRole('button', { name: 'Disable' }).click();
    await couponRow.getByText('Disabled', { exact: true }).waitFor();

    await page.goto('/admin/purchase');
    await page.getByLabel('Type').click();
    await page.getByRole('option', { name: 'Coupon' }).click();
    const purchaseRow = page.getByRole('row').filter({ hasText: member.email });
    await purchaseRow.getByRole('button', { name: /^Details of purchase/ }).click();
    const detail = page.getByRole('dialog');
    await detail.getByText('E2E admin spring (#').waitFor();
    await detail.getByRole('table', { name: 'Credit ledger' }).getByText('+50').waitFor();
    if (shots) await page.screenshot({ path: `${shots}/admin-purchase-detail.png` });
    await detail.getByRole('button', { name: 'Close' }).click();
    await purchaseRow.getByRole('link', { name: member.email }).click();
    await page.waitForURL(/\/admin\/purchase\?userId=\d+$/);
    if (shots) await page.screenshot({ path: `${shots}/admin-purchase.png`, fullPage: true });

    // From the member's row on /admin/user to their purchase history.
    await page.goto('/admin/user');
    await page.getByLabel('Search e-mail or name').fill(member.email);
    await page
      .getByRole('row')
      .filter({ hasText: member.email })
      .getByRole('link', { name: 'purchases' })
      .click();
    await page.waitForURL(/\/admin\/purchase\?userId=\d+$/);
    await page
      .getByRole('row')
      .filter({ hasText: member.email })
      .filter({ hasText: /Coupon/ })
      .waitFor();

    // The member's support inquiry: the admin sees whom to answer (a mailto link) and marks it read.
    await page.goto('/admin/support');
    const inquiry = page.getByRole('row').filter({ hasText: 'Where is my coupon roll?' });
    const answer = inquiry.getByRole('link', { name: new RegExp(member.email) });
    expect(await answer.getAttribute('href')).toMatch(
      new RegExp(`^mailto:${member.email.replace(/[.+]/g, '\\$&')}\\?`),
    );
    await inquiry.getByRole('button', { name: 'Mark read' }).click();
    await inquiry.getByText(`by ${admin.email}`).waitFor();

    await page.goto('/admin/log');
    await page.getByRole('row').filter({ hasText: 'admin.create-coupon' }).waitFor();
    await page.getByRole('row').filter({ hasText: 'admin.disable-coupon' }).waitFor();
  });
});
