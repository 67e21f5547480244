import { Messages } from '@wiggle/common/messages';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useApp } from './support/app-fixture';
import { useBrowser } from './support/browser';
import { rootItemsByApi } from './support/library-api';
import {
  card,
  closeDialog,
  createWiggleThroughUi,
  framesShown,
  uploadThroughUi,
  waitForImage,
} from './support/library-ui';
import { loginThroughUi, type Member, newMember, registerByApi, waitForPath } from './support/members';
import { stereoMpo, stereoPairJpegs, textFileNamedJpg } from './support/stereo-images';

const app = useApp('library');
const browser = useBrowser(() => app.server().url);

let member: Member;
let memberToken: string;

beforeAll(async () => {
  member = newMember('library');
  memberToken = await registerByApi(app.server().url, app.mailbox(), member, { verify: true });
});

describe('the library in the browser', () => {
  beforeEach(async () => {
    const page = browser.page();
    await loginThroughUi(page, member.email, member.password);
    await waitForPath(page, '/library/');
  });

  it('turns an uploaded stereo pair into an auto-aligned wiggle that animates', async () => {
    const page = browser.page();
    const pair = await stereoPairJpegs();
    const progress = await uploadThroughUi(page, [
      { name: 'harbour-L.jpg', bytes: pair.left },
      { name: 'harbour-R.jpg', bytes: pair.right },
    ]);
    expect(await progress.getByText('The file could not', { exact: false }).count()).toBe(0);
    await closeDialog(page, 'Upload stereo photos');
    for (const name of ['harbour-L.jpg', 'harbour-R.jpg']) {
      await card(page, name).waitFor();
      await waitForImage(card(page, name).getByRole('img'));
    }

    await createWiggleThroughUi(page, ['harbour-L.jpg', 'harbour-R.jpg'], { stacking: 'Auto-align' });

    // New/InProgress show a progress overlay; Success turns it into an animated thumbnail with a Play button.
    const wiggle = card(page, 'harbour-L');
    await wiggle.waitFor();
    const play = wiggle.getByRole('button', { name: 'Play harbour-L' });
    await play.waitFor({ timeout: 90_000 });
    await waitForImage(wiggle.getByRole('img', { name: 'harbour-L' }));
    expect(await wiggle.getByText('Auto-align failed').count()).toBe(0);
    expect(await wiggle.getByText(Messages.wiggleCreationFailed).count()).toBe(0);

    await play.click();
    const frame = page.getByRole('dialog').getByRole('img', { name: /^harbour-L, frame \d of \d$/ });
    await frame.waitFor();
    // The player must step through different frames, each one a decoded picture served as WebP.
    const shown = await framesShown(frame, 3000);
    expect(shown.length).toBeGreaterThanOrEqual(2);
    for (const src of shown) {
      const answer = await page.evaluate(async (url) => {
        const response = await fetch(url);
        return { status: response.status, type: response.headers.get('content-type') };
      }, src);
      expect(answer).toEqual({ status: 200, type: 'image/webp' });
    }
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    // Once the in-between views exist, the preview plays Enhanced: left, 25, 50, 75, right and back.
    await wiggle.getByText('Interpolating…').waitFor({ state: 'hidden', timeout: 90_000 });
    await play.click();
    const enhanced = page.getByRole('dialog').getByRole('img', { name: /^harbour-L, frame \d of 8$/ });
    await enhanced.waitFor();
    const cycle = await framesShown(enhanced, 4000);
    expect(cycle.length).toBe(5);
    expect(cycle.filter((src) => /\/wiggle\/frame\/\d+-(25|50|75)-f\.webp$/.test(src))).toHaveLength(3);
  });

  it('splits an uploaded MPO into a left and a right original', async () => {
    const page = browser.page();
    const progress = await uploadThroughUi(page, [
      { name: 'camera.mpo', bytes: await stereoMpo(), type: 'image/mpo' },
    ]);
    await progress.getByText('(2 originals)').waitFor();
    await closeDialog(page, 'Upload stereo photos');
    for (const name of ['camera.mpo (left)', 'camera.mpo (right)']) {
      await card(page, name).waitFor();
      await waitForImage(card(page, name).getByRole('img'));
      await card(page, name).getByText('640 × 480').waitFor();
    }
  });

  it('shows the error of a text file named .jpg and keeps the good image of the same batch', async () => {
    const page = browser.page();
    const pair = await stereoPairJpegs(640, 480, 5);
    const progress = await uploadThroughUi(page, [
      { name: 'notes.jpg', bytes: textFileNamedJpg() },
      { name: 'good.jpg', bytes: pair.left },
    ]);
    const failed = progress.getByTestId('upload-item').filter({ hasText: 'notes.jpg' });
    await failed.getByText(/^The file could not be (processed|prepared for upload): .+/).waitFor();
    await progress.getByTestId('upload-item').filter({ hasText: 'good.jpg' }).getByText('Done').waitFor();
    await closeDialog(page, 'Upload stereo photos');

    await card(page, 'good.jpg').waitFor();
    await waitForImage(card(page, 'good.jpg').getByRole('img'));
    expect(await card(page, 'notes.jpg').count()).toBe(0);
  });
});

describe('another member', () => {
  it("sees an empty library and gets 404 for the first member's pictures and wiggles", async () => {
    const page = browser.page();
    const { originalIds, wiggleIds } = await rootItemsByApi(app.server().url, memberToken);
    expect(originalIds.length).toBeGreaterThan(0);
    expect(wiggleIds.length).toBeGreaterThan(0);

    const other = newMember('other');
    await registerByApi(app.server().url, app.mailbox(), other, { verify: true });
    await loginThroughUi(page, other.email, other.password);
    await waitForPath(page, '/library/');
    await page.getByRole('heading', { name: 'Originals (0)' }).waitFor();
    await page.getByRole('heading', { name: 'Wiggles (0)' }).waitFor();
    expect(await page.getByRole('main').getByRole('option').count()).toBe(0);

    // The media URLs a browser would load, with the other member's session cookie: none of them answers.
    const urls = [
      ...originalIds.flatMap((id) =>
        ['o', 'p', 't'].map((size) => `/api/library/original/view/${id}-${size}`),
      ),
      ...wiggleIds.flatMap((id) => [
        `/api/library/wiggle/${id}-left-f.webp`,
        `/api/library/wiggle/${id}-right-t.webp`,
        `/api/library/wiggle/frame/${id}-50-f.webp`,
      ]),
    ];
    // The same URLs serve the owner, so the 404s below are about who asks, not about missing files.
    const ownerStatuses = await Promise.all(
      urls.map(
        async (url) =>
          (await fetch(`${app.server().url}${url}`, { headers: { authorization: `Bearer ${memberToken}` } }))
            .status,
      ),
    );
    expect(new Set(ownerStatuses)).toEqual(new Set([200]));
    const statuses = await page.evaluate(
      (list) => Promise.all(list.map(async (url) => (await fetch(url)).status)),
      urls,
    );
    expect(new Set(statuses)).toEqual(new Set([404]));
  });
});
