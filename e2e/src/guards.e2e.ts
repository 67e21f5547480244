import { beforeAll, describe, it } from 'vitest';
import { useApp } from './support/app-fixture';
import { useBrowser } from './support/browser';
import { loginThroughUi, type Member, newMember, registerByApi, waitForPath } from './support/members';

const app = useApp('guards');
const browser = useBrowser(() => app.server().url);

describe('route guard redirects (SPEC §2)', () => {
  const verified: Member = newMember('verified');
  const unverified: Member = newMember('unverified');

  beforeAll(async () => {
    await registerByApi(app.server().url, app.mailbox(), verified, { verify: true });
    await registerByApi(app.server().url, app.mailbox(), unverified, { verify: false });
  });

  it('sends a visitor opening /library/ to the login', async () => {
    const page = browser.page();
    await page.goto('/library/');
    await waitForPath(page, '/auth/login');
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
  });

  it('sends an unverified member opening /library/ to /account/register/', async () => {
    const page = browser.page();
    await loginThroughUi(page, unverified.email, unverified.password);
    await waitForPath(page, '/account/register/');
    await page.goto('/library/');
    await waitForPath(page, '/account/register/');
    await page.getByRole('heading', { name: 'Verify your e-mail address' }).waitFor();
  });

  it('sends a verified member opening /auth/login to the library', async () => {
    const page = browser.page();
    await loginThroughUi(page, verified.email, verified.password);
    await waitForPath(page, '/library/');
    await page.goto('/auth/login');
    await waitForPath(page, '/library/');
    await page.getByRole('heading', { name: 'Library' }).waitFor();
  });

  it('sends a non-admin opening /admin/user to the library', async () => {
    const page = browser.page();
    await loginThroughUi(page, verified.email, verified.password);
    await waitForPath(page, '/library/');
    await page.goto('/admin/user');
    await waitForPath(page, '/library/');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Library' }).waitFor();
  });
});
