import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { useApp } from './support/app-fixture';
import { useBrowser } from './support/browser';
import { loginThroughUi, newMember, registerByApi, waitForPath } from './support/members';
import { REPOSITORY_ROOT } from './support/paths';

const app = useApp('shop', { WELCOME_GIFT_CREDITS: '5', WELCOME_GIFT_MAX_RESOLUTION: '1280' });
const browser = useBrowser(() => app.server().url);

/** `npm run coupon:create` against the running server's database. */
async function createCoupon(packageId: number): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      'tsx',
      'server/src/scripts/coupon-create.ts',
      '--name',
      'E2E spring',
      '--package-id',
      String(packageId),
      '--amount',
      '3',
    ],
    { cwd: REPOSITORY_ROOT, env: { ...process.env, DATA_DIR: app.server().dataDir, LOG_LEVEL: 'silent' } },
  );
  return stdout.trim();
}

async function signedInOnMyAccount() {
  const page = browser.page();
  const member = newMember('shop');
  await registerByApi(app.server().url, app.mailbox(), member, { verify: true });
  await loginThroughUi(page, member.email, member.password);
  await waitForPath(page, '/library/');
  await page.goto('/account/profile');
  // The welcome gift arrived with the verification.
  await page.getByTestId('frames-available').filter({ hasText: '5 frames available' }).waitFor();
  return page;
}

describe('the shop in the browser', () => {
  it('buys a package through the sandbox payment page in a second tab and sees the balance change', async () => {
    const page = await signedInOnMyAccount();
    await page.getByRole('button', { name: 'Buy rolls' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buy rolls' });
    await dialog.getByRole('radio', { name: 'Standard' }).check();
    await dialog.getByLabel('Quantity').fill('2');
    await expect(dialog.getByTestId('total-price').textContent()).resolves.toBe('Total US$ 25.80');
    const [paymentTab] = await Promise.all([
      browser.context().waitForEvent('page'),
      dialog.getByRole('button', { name: 'Pay' }).click(),
    ]);
    await dialog.getByText('The payment page is open in a new tab').waitFor();
    await paymentTab.waitForURL(/\/saferpay-sandbox\/vt2\/api\/PaymentPage\//);
    await paymentTab.getByText('US$').or(paymentTab.getByText('25.80 USD')).first().waitFor();

    const clicked = performance.now();
    await paymentTab.getByRole('button', { name: 'Pay' }).click();
    await dialog.getByText('Payment received.').waitFor();
    await page.getByTestId('frames-available').filter({ hasText: '65 frames available' }).waitFor();
    const shownAfterMs = performance.now() - clicked;
    console.log(`[figure] pay → credits shown in the first tab: ${shownAfterMs.toFixed(0)} ms`);

    // The payment tab came back to My account, which says how the payment ended.
    await paymentTab.waitForURL(/\/account\/profile\?purchase=\d+/);
    await paymentTab.getByText('Payment received: 60 frames were added').waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page
      .getByRole('row')
      .filter({ hasText: 'Card payment' })
      .filter({ hasText: 'US$ 25.80' })
      .waitFor();
  });

  it('shows a cancelled payment as cancelled and offers to try again', async () => {
    const page = await signedInOnMyAccount();
    await page.getByRole('button', { name: 'Buy rolls' }).click();
    const dialog = page.getByRole('dialog', { name: 'Buy rolls' });
    const [paymentTab] = await Promise.all([
      browser.context().waitForEvent('page'),
      dialog.getByRole('button', { name: 'Pay' }).click(),
    ]);
    await paymentTab.getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByText('The payment was cancelled.').waitFor();
    await dialog.getByRole('button', { name: 'Try again' }).waitFor();
    await expect(page.getByTestId('frames-available').textContent()).resolves.toBe('5 frames available');
  });

  it('redeems a coupon: check shows what it grants, redeem adds the roll', async () => {
    const page = await signedInOnMyAccount();
    const packages = (await (await fetch(`${app.server().url}/api/shop/packages`)).json()) as {
      id: number;
      name: string;
    }[];
    const pro = packages.find((p) => p.name === 'Pro');
    if (!pro) throw new Error('no Pro package seeded');
    const code = await createCoupon(pro.id);
    await page.getByRole('button', { name: 'Redeem coupon' }).click();
    const dialog = page.getByRole('dialog', { name: 'Redeem coupon' });
    await dialog.getByLabel('Coupon code').fill('WRONGCODE123');
    await dialog.getByRole('button', { name: 'Check' }).click();
    await dialog.getByText('This coupon code is not valid.').waitFor();
    await dialog.getByLabel('Coupon code').fill(code.toLowerCase());
    await dialog.getByRole('button', { name: 'Check' }).click();
    await dialog.getByText('grants 50 frames up to 2560 px').waitFor();
    await dialog.getByRole('button', { name: 'Redeem' }).click();
    await dialog.getByText('Coupon redeemed').waitFor();
    await page.getByTestId('frames-available').filter({ hasText: '55 frames available' }).waitFor();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('row').filter({ hasText: 'Coupon' }).filter({ hasText: 'Pro' }).waitFor();
  });
});
