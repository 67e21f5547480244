import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from './support/app-fixture';
import { startAppServer } from './support/app-server';
import { useBrowser } from './support/browser';
import { card, closeDialog, selectCards, uploadThroughUi, waitForImage } from './support/library-ui';
import { loginThroughUi, type Member, newMember, registerByApi, waitForPath } from './support/members';
import { stereoPairJpegs } from './support/stereo-images';

const app = useApp('organize');
const browser = useBrowser(() => app.server().url);

describe('folders, trash and a restart', () => {
  let member: Member;

  beforeAll(async () => {
    member = newMember('organize');
    await registerByApi(app.server().url, app.mailbox(), member, { verify: true });
  });

  it('keeps a new folder and its restored picture across a server restart', async () => {
    const page = browser.page();
    await loginThroughUi(page, member.email, member.password);
    await waitForPath(page, '/library/');
    const tree = page.getByRole('list', { name: 'Folder tree' });
    const folderName = 'Trip to the coast';

    await page.getByRole('button', { name: 'New folder' }).click();
    const nameDialog = page.getByRole('dialog', { name: 'New folder' });
    await nameDialog.getByLabel('Folder name').fill(folderName);
    await nameDialog.getByRole('button', { name: 'Create' }).click();
    await nameDialog.waitFor({ state: 'hidden' });
    await tree.getByText(folderName, { exact: true }).click();
    await page.getByRole('heading', { name: folderName, level: 1 }).waitFor();

    // The upload goes to the current folder by default.
    const pair = await stereoPairJpegs(640, 480, 3);
    await uploadThroughUi(page, [{ name: 'dune.jpg', bytes: pair.left }]);
    await closeDialog(page, 'Upload stereo photos');
    await waitForImage(card(page, 'dune.jpg').getByRole('img'));

    await selectCards(page, ['dune.jpg']);
    await page.getByRole('button', { name: 'Move to trash' }).click();
    await card(page, 'dune.jpg').waitFor({ state: 'detached' });

    await tree.getByText('Trash', { exact: true }).click();
    const trashed = page.getByRole('list', { name: 'Trashed items' });
    await trashed.getByText('dune.jpg').waitFor();
    await trashed
      .getByRole('listitem')
      .filter({ hasText: 'dune.jpg' })
      .getByRole('button', { name: 'Restore' })
      .click();
    await page.getByText('The trash is empty.').waitFor();

    await tree.getByText(folderName, { exact: true }).click();
    await waitForImage(card(page, 'dune.jpg').getByRole('img'));

    // A graceful restart on the same data: the folder and the picture are still the member's.
    const { dataDir, url } = app.server();
    await app.server().stop();
    app.setServer(
      await startAppServer({
        smtpUrl: app.mailbox().url,
        dataDir,
        port: Number(new URL(url).port),
        logName: 'organize-2',
      }),
    );
    await page.goto('/library/');
    await tree.getByText(folderName, { exact: true }).click();
    await waitForImage(card(page, 'dune.jpg').getByRole('img'));
    expect(await card(page, 'dune.jpg').getByText('640 × 480').count()).toBe(1);
  });
});
