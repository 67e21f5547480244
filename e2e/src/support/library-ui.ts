import type { CreateWigglesResponse } from '@wiggle/common/schemas/library';
import type { Locator, Page } from 'playwright-core';
import type { UploadFile } from './library-api';

/** A card of the library grid (wiggle or original), found by its name as a member reads it. */
export const card = (page: Page, name: string): Locator =>
  page.getByRole('main').getByRole('option', { name, exact: true });

/** Opens the upload dialog, picks the files as the file chooser would, and waits until each one finished. */
export async function uploadThroughUi(page: Page, files: UploadFile[]): Promise<Locator> {
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload stereo photos' });
  await dialog.waitFor();
  await dialog
    .getByLabel('Files to upload')
    .setInputFiles(
      files.map((file) => ({ name: file.name, mimeType: file.type ?? 'image/jpeg', buffer: file.bytes })),
    );
  const progress = page.getByRole('region', { name: 'Upload progress' });
  await progress.getByText(`${files.length} of ${files.length} finished`).waitFor({ timeout: 60_000 });
  return progress;
}

export async function closeDialog(page: Page, name: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name });
  await dialog.getByRole('button', { name: 'Close' }).first().click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Selects cards the way a member does: a click on the first, Ctrl+click on each further one. */
export async function selectCards(page: Page, names: string[]): Promise<void> {
  for (const [index, name] of names.entries())
    await card(page, name).click({ modifiers: index === 0 ? [] : ['ControlOrMeta'] });
  for (const name of names) await card(page, name).and(page.locator('[aria-selected="true"]')).waitFor();
}

/**
 * Selects the originals, creates one wiggle of them in the current folder through the Create wiggle dialog
 * (optionally choosing the stacking), and resolves with the new wiggle's id from the server's answer.
 */
export async function createWiggleThroughUi(
  page: Page,
  names: string[],
  options: { stacking?: string } = {},
): Promise<number> {
  await selectCards(page, names);
  await page.getByRole('button', { name: 'Create wiggle' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create wiggle' });
  if (options.stacking) {
    await dialog.getByLabel('Stacking').click();
    await page.getByRole('option', { name: options.stacking, exact: true }).click();
  }
  await dialog.getByLabel('The current folder').check();
  const created = page.waitForResponse(
    (response) => response.url().endsWith('/api/library/wiggles') && response.request().method() === 'POST',
  );
  await dialog.getByRole('button', { name: 'Create 1 wiggle' }).click();
  const id = ((await (await created).json()) as CreateWigglesResponse).wiggles[0]?.id;
  if (id === undefined) throw new Error('no wiggle created');
  await dialog.waitFor({ state: 'hidden' });
  return id;
}

/** True once an <img> has loaded and decoded to a picture (not a broken-image icon). */
export const imageLoaded = (image: Locator): Promise<boolean> =>
  image.evaluate((element) => {
    const img = element as HTMLImageElement;
    return img.complete && img.naturalWidth > 0;
  });

/** Waits until the image shows a decoded picture. */
export async function waitForImage(image: Locator, timeout = 30_000): Promise<void> {
  const deadline = Date.now() + timeout;
  while (!(await imageLoaded(image))) {
    if (Date.now() > deadline) throw new Error('image did not load');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Watches an animated <img> in the page for `ms` and answers the distinct frame URLs it showed decoded, sampled
 * on every animation frame so a fast player cannot slip frames past the test.
 */
export const framesShown = (image: Locator, ms: number): Promise<string[]> =>
  image.evaluate(
    (element, duration) =>
      new Promise<string[]>((resolve) => {
        const img = element as HTMLImageElement;
        const seen = new Set<string>();
        const start = performance.now();
        const sample = () => {
          if (img.complete && img.naturalWidth > 0) seen.add(img.src);
          if (performance.now() - start < duration) requestAnimationFrame(sample);
          else resolve([...seen]);
        };
        sample();
      }),
    ms,
  );
