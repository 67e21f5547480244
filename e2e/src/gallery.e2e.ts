import { tmpdir } from 'node:os';
import path from 'node:path';
import { Messages } from '@wiggle/common/messages';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from './support/app-fixture';
import { useBrowser } from './support/browser';
import { seedGallery, shownFrameIndexes, startOtherSite } from './support/gallery';
import { loginThroughUi, type Member, newMember, registerByApi, waitForPath } from './support/members';

const app = useApp('gallery');
const browser = useBrowser(() => app.server().url);

let member: Member;

beforeAll(async () => {
  member = newMember('gallery');
  await registerByApi(app.server().url, app.mailbox(), member, { verify: true });
});

async function openGalleryAlbum(albumName: string) {
  const page = browser.page();
  await loginThroughUi(page, member.email, member.password);
  await waitForPath(page, '/library/');
  await page.goto('/gallery/');
  await page
    .getByRole('tree', { name: 'Album tree' })
    .or(page.getByRole('list', { name: 'Album tree' }))
    .waitFor();
  await page.getByRole('button', { name: albumName, exact: true }).click();
  await page.getByRole('heading', { name: albumName }).waitFor();
  return page;
}

describe('the gallery in the browser', () => {
  it('makes an album public and a logged-out visitor opens its page', async () => {
    const seeded = await seedGallery(app.server().dataDir, member.email, { album: 'Harbour walk', count: 2 });
    const visitor = await browser.context().browser()!.newContext();
    const before = await visitor.newPage().then((p) => p.goto(`${app.server().url}/album/${seeded.albumId}`));
    expect(before?.status()).toBe(404);

    const page = await openGalleryAlbum('Harbour walk');
    await page
      .getByRole('list', { name: 'Gallery wiggles' })
      .getByRole('button', { name: 'Sample wiggle 1', exact: true })
      .waitFor();
    await page.getByLabel('Public', { exact: true }).click();
    await page.getByRole('link', { name: 'Open public page' }).waitFor();

    const publicPage = await visitor.newPage();
    const response = await publicPage.goto(`${app.server().url}/album/${seeded.albumId}`);
    expect(response?.status()).toBe(200);
    await publicPage.getByRole('heading', { name: 'Harbour walk' }).waitFor();
    await publicPage.getByText('Sample wiggle 2').waitFor();
    const loaded = await publicPage
      .locator('.w img')
      .first()
      .evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth));
    expect(loaded).toBeGreaterThan(0);
    await visitor.close();
  });

  it('shares a private wiggle: the link opens in a fresh context, and shows the expired page once deactivated', async () => {
    await seedGallery(app.server().dataDir, member.email, { album: 'Private trip', count: 1 });
    const page = await openGalleryAlbum('Private trip');
    await page
      .getByRole('list', { name: 'Gallery wiggles' })
      .getByRole('button', { name: 'Details of Sample wiggle 1' })
      .click();
    await page.getByRole('combobox', { name: 'Iframe watermark' }).waitFor();
    await page.screenshot({ path: path.join(tmpdir(), 'gallery-details.png') });
    await page.getByLabel('Link name (only you see it)').fill('For grandma');
    await page.getByRole('button', { name: 'Create link' }).click();
    const links = page.getByRole('list', { name: 'Share links' });
    await links.getByText('For grandma').waitFor();
    const url = (await links.getByText(/\/s\//).first().textContent())?.trim() ?? '';
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/s\/[\w-]{32}$/);

    const stranger = await browser.context().browser()!.newContext();
    const shared = await stranger.newPage();
    expect((await shared.goto(url))?.status()).toBe(200);
    await shared.getByRole('heading', { name: 'Sample wiggle 1' }).waitFor();
    const width = await shared
      .locator('.w img')
      .first()
      .evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth));
    expect(width).toBe(480);

    await links.getByRole('button', { name: 'Deactivate' }).click();
    await links.getByText('expired').waitFor();
    const expired = await shared.goto(url);
    expect(expired?.status()).toBe(410);
    await shared.getByRole('heading', { name: Messages.shareLinkExpired }).waitFor();
    expect(await shared.locator('.w img').count()).toBe(0);
    await stranger.close();
  });

  it('embeds a public wiggle in a page on another origin, where it animates', async () => {
    const seeded = await seedGallery(app.server().dataDir, member.email, {
      album: 'Embedded',
      count: 1,
      public: true,
    });
    const [wiggleId] = seeded.wiggleIds;
    const other = await startOtherSite(
      `<!doctype html><title>Elsewhere</title><h1>My blog</h1><iframe src="${app.server().url}/iframe/w-${wiggleId}.html" title="wiggle" style="width:600px;height:440px;border:0"></iframe>`,
    );
    try {
      const page = browser.page();
      await page.goto(other.url);
      const frame = page.frameLocator('iframe[title="wiggle"]');
      await frame.locator('.w img').first().waitFor({ state: 'attached' });
      const embedded = page.frames().find((f) => f.url().includes(`/iframe/w-${wiggleId}.html`));
      if (!embedded) throw new Error('iframe did not load');
      await embedded.evaluate(() =>
        Promise.all([...document.querySelectorAll<HTMLImageElement>('.w img')].map((img) => img.decode())),
      );
      // Enhanced playback: left, 25, 50, 75, right; over two cycles each frame must have been shown.
      expect(await shownFrameIndexes(embedded, 2500)).toEqual([0, 1, 2, 3, 4]);
      // A visitor who prefers reduced motion sees the left view, still.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      expect(await shownFrameIndexes(embedded, 1500)).toEqual([0]);
    } finally {
      await other.close();
    }
  });

  it('the public feed shows wiggles put in the feed, newest first', async () => {
    const seeded = await seedGallery(app.server().dataDir, member.email, {
      album: 'Feed album',
      count: 2,
      public: true,
      feed: true,
    });
    const page = browser.page();
    expect((await page.goto('/feed'))?.status()).toBe(200);
    const hrefs = await page
      .locator('.grid a')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    const [first, second] = seeded.wiggleIds;
    expect(hrefs.slice(0, 2)).toEqual([
      `/album/${seeded.albumId}/${second}`,
      `/album/${seeded.albumId}/${first}`,
    ]);
  });
});
