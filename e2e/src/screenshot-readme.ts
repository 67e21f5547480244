/**
 * Makes the README screenshot: a real server with a new member whose library holds uploaded stereo pairs and the
 * wiggles made from them, captured at 1280x800 in Debian's Chromium.
 * Run after `npm run build`: npx tsx e2e/src/screenshot-readme.ts docs/screenshot.png
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { removeDataDir, startAppServer } from './support/app-server';
import { launchBrowser } from './support/browser';
import {
  createFolderByApi,
  createWigglesByApi,
  uploadByApi,
  waitForWiggleStatus,
} from './support/library-api';
import { card, waitForImage } from './support/library-ui';
import { startMailbox } from './support/mailbox';
import { loginThroughUi, registerByApi, waitForPath } from './support/members';
import { stereoPairJpegs } from './support/stereo-images';

const output = path.resolve(process.argv[2] ?? 'docs/screenshot.png');
const FOLDER = 'Summer 2026';
const scenes = [
  { seed: 7, left: 'harbour-left.jpg', right: 'harbour-right.jpg' },
  { seed: 12, left: 'garden-left.jpg', right: 'garden-right.jpg' },
  { seed: 31, left: 'market-left.jpg', right: 'market-right.jpg' },
];

const mailbox = await startMailbox();
const server = await startAppServer({ smtpUrl: mailbox.url, logName: 'screenshot' });
const browser = await launchBrowser();
try {
  const member = { name: 'Ada Stereo', email: 'ada@example.com', password: 'Wiggle#2026' };
  const token = await registerByApi(server.url, mailbox, member, { verify: true });
  await createFolderByApi(server.url, token, 'Archive');
  const folderId = await createFolderByApi(server.url, token, FOLDER);
  const ids: number[] = [];
  for (const scene of scenes) {
    const pair = await stereoPairJpegs(960, 640, scene.seed);
    const uploaded = await uploadByApi(
      server.url,
      token,
      [
        { name: scene.left, bytes: pair.left },
        { name: scene.right, bytes: pair.right },
      ],
      folderId,
    );
    ids.push(...uploaded.originals.map((original) => original.id));
  }
  const created = await createWigglesByApi(server.url, token, {
    originalIds: ids,
    pairing: 'adjacent',
    stacking: 'auto-align',
    target: 'current',
    folderId,
  });
  for (const wiggle of created.wiggles)
    await waitForWiggleStatus(
      server.url,
      token,
      wiggle.id,
      (s) => s.iStatus === 'Success' || s.createStatus === 'Error',
    );

  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await loginThroughUi(page, member.email, member.password);
  await waitForPath(page, '/library/');
  await page.getByRole('list', { name: 'Folder tree' }).getByText(FOLDER, { exact: true }).click();
  for (const scene of scenes) {
    const wiggle = card(page, scene.left.replace(/\.jpg$/, ''));
    await waitForImage(wiggle.getByRole('img'));
  }
  await page.mouse.move(0, 0);
  // Every visible thumbnail decoded, so the picture never shows half-loaded cards.
  await page.waitForFunction(() =>
    [...document.images].every(
      (image) => image.loading === 'lazy' || (image.complete && image.naturalWidth > 0),
    ),
  );
  await page.waitForTimeout(500);
  const png = await page.screenshot();
  // A palette PNG keeps the committed file small; the UI's flat colours survive quantisation well.
  const small = await sharp(png)
    .png({ palette: true, quality: 90, compressionLevel: 9, effort: 10 })
    .toBuffer();
  await mkdir(path.dirname(output), { recursive: true });
  await writeFile(output, small);
  console.log(`screenshot written to ${output} (${Math.round(small.length / 1024)} KB)`);
} finally {
  await browser.close();
  await server.stop();
  await mailbox.close();
  await removeDataDir(server.dataDir);
}
