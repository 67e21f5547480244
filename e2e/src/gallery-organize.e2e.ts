import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApp } from './support/app-fixture';
import { useBrowser } from './support/browser';
import { seedGallery, startOtherSite } from './support/gallery';
import { loginThroughUi, type Member, newMember, registerByApi, waitForPath } from './support/members';

const app = useApp('gallery-organize');
const browser = useBrowser(() => app.server().url);

let member: Member;

beforeAll(async () => {
  member = newMember('gallery-organize');
  await registerByApi(app.server().url, app.mailbox(), member, { verify: true });
});

async function signIn(): Promise<Page> {
  const page = browser.page();
  await loginThroughUi(page, member.email, member.password);
  await waitForPath(page, '/library/');
  return page;
}

const tree = (page: Page) => page.getByRole('list', { name: 'Album tree' });
const grid = (page: Page) => page.getByRole('list', { name: 'Gallery wiggles' });
const card = (page: Page, name: string) => grid(page).getByRole('button', { name, exact: true });

async function openAlbum(page: Page, name: string) {
  await tree(page).getByRole('button', { name, exact: true }).click();
  await page.getByRole('heading', { name }).waitFor();
}

/** The grid's wiggle names, in order, once the list has settled on `count` cards. */
async function cardNames(page: Page, count: number) {
  await expect.poll(() => grid(page).getByRole('listitem').count()).toBe(count);
  return grid(page)
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.querySelector('p')?.textContent ?? ''));
}

/** SHA-256 of the bytes of the embedded wiggle's first frame, fetched past every cache. */
const firstFrameDigest = (frame: Frame) =>
  frame.evaluate(async () => {
    const img = document.querySelector<HTMLImageElement>('.w img');
    if (!img) throw new Error('no frame');
    const bytes = await (await fetch(img.currentSrc || img.src, { cache: 'no-store' })).arrayBuffer();
    const digest = await crypto.subtle.digest('SHA-256', bytes);
    return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  });

describe('organizing the gallery in the browser', () => {
  it('drags a wiggle onto another album, moves two at once, and trashes and restores one', async () => {
    await seedGallery(app.server().dataDir, member.email, { album: 'Beach day', count: 3 });
    await seedGallery(app.server().dataDir, member.email, { album: 'Best of', count: 1 });
    const page = await signIn();
    await page.goto('/gallery/');
    await openAlbum(page, 'Beach day');
    expect(await cardNames(page, 3)).toEqual(['Sample wiggle 1', 'Sample wiggle 2', 'Sample wiggle 3']);

    // Drag one card onto the other album in the tree: it moves there.
    await card(page, 'Sample wiggle 1').dragTo(
      tree(page).getByRole('button', { name: 'Best of', exact: true }),
    );
    await page.getByText('1 wiggle moved.').waitFor();
    expect(await cardNames(page, 2)).toEqual(['Sample wiggle 2', 'Sample wiggle 3']);
    await openAlbum(page, 'Best of');
    expect((await cardNames(page, 2)).sort()).toEqual(['Sample wiggle 1', 'Sample wiggle 1']);

    // Bulk: select both remaining wiggles of "Beach day" and move them with the dialog.
    await openAlbum(page, 'Beach day');
    await cardNames(page, 2);
    await card(page, 'Sample wiggle 2').click();
    await card(page, 'Sample wiggle 3').click({ modifiers: ['Control'] });
    await page.getByText('2 selected').waitFor();
    await page.getByRole('button', { name: 'Move to…' }).click();
    const picker = page.getByRole('dialog', { name: 'Move to album' });
    await picker.getByRole('button', { name: 'Best of' }).click();
    await picker.getByRole('button', { name: 'Move here' }).click();
    await page.getByText('2 wiggles moved.').waitFor();
    await page.getByText('No wiggles here yet.', { exact: false }).waitFor();
    await openAlbum(page, 'Best of');
    expect(await cardNames(page, 4)).toHaveLength(4);

    // Trash one, find it in the trash, restore it to its album.
    await card(page, 'Sample wiggle 3').click();
    await page.getByRole('button', { name: 'Move to trash' }).click();
    await page.getByText('1 wiggle moved to the trash.').waitFor();
    await cardNames(page, 3);
    await tree(page).getByRole('button', { name: 'Trash', exact: true }).click();
    const trashed = page.getByRole('list', { name: 'Trashed albums and wiggles' });
    await trashed
      .getByRole('listitem')
      .filter({ hasText: 'Sample wiggle 3' })
      .getByRole('button', { name: 'Restore' })
      .click();
    await page.getByText('The trash is empty.').waitFor();
    await openAlbum(page, 'Best of');
    expect(await cardNames(page, 4)).toContain('Sample wiggle 3');
    await page.screenshot({ path: path.join(tmpdir(), 'gallery-organize.png') });

    // Below md the tree is a drawer, with the same albums and trash.
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByRole('button', { name: 'Albums', exact: true }).click();
    await tree(page).getByRole('button', { name: 'Trash', exact: true }).waitFor();
    await page.screenshot({ path: path.join(tmpdir(), 'gallery-narrow.png'), animations: 'disabled' });
    await tree(page).getByRole('button', { name: 'Beach day', exact: true }).click();
    await page.getByRole('heading', { name: 'Beach day' }).waitFor();
    await page.screenshot({ path: path.join(tmpdir(), 'gallery-narrow-grid.png') });
  });

  it("the member's iframe watermark default changes the embedded frame's bytes", async () => {
    const seeded = await seedGallery(app.server().dataDir, member.email, {
      album: 'Embedded walk',
      count: 1,
      public: true,
    });
    const [wiggleId] = seeded.wiggleIds;
    const other = await startOtherSite(
      `<!doctype html><title>Elsewhere</title><iframe src="${app.server().url}/iframe/w-${wiggleId}.html" title="wiggle" style="width:600px;height:440px;border:0"></iframe>`,
    );
    const embeddedDigest = async () => {
      const visitor = await browser.context().browser()!.newContext();
      try {
        const page = await visitor.newPage();
        await page.goto(other.url);
        await page
          .frameLocator('iframe[title="wiggle"]')
          .locator('.w img')
          .first()
          .waitFor({ state: 'attached' });
        const frame = page.frames().find((f) => f.url().includes(`/iframe/w-${wiggleId}.html`));
        if (!frame) throw new Error('iframe did not load');
        return await firstFrameDigest(frame);
      } finally {
        await visitor.close();
      }
    };
    try {
      const before = await embeddedDigest();
      const page = await signIn();
      await page.goto('/account/profile');
      await page.getByLabel('Iframe watermark').fill('© Gallery test');
      await page.getByRole('button', { name: 'Save watermarks' }).click();
      await page.getByText('Your watermarks are saved.').waitFor();
      await page.getByLabel('Iframe watermark').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(tmpdir(), 'gallery-watermarks.png') });
      const after = await embeddedDigest();
      expect(after).not.toBe(before);
      // The member's own view in the gallery stays without the embed's watermark.
      const own = await page.request.get(`/api/gallery/wiggle/image/${wiggleId}-left-f.webp`);
      const embed = await page.request.get(`/api/gallery/wiggle/image/${wiggleId}-left-f.webp?wm=iframe`);
      expect(Buffer.compare(await own.body(), await embed.body())).not.toBe(0);
    } finally {
      await other.close();
    }
  });
});
