import { Messages } from '@wiggle/common/messages';
import type { ExportStatus } from '@wiggle/common/schemas/exports';
import type { CreateWigglesResponse, UploadOriginalsResponse } from '@wiggle/common/schemas/library';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, type TestApp, type TestMember, testDialects } from '../../test/harness';
import {
  api,
  createLibraryTestApp,
  stereoPair,
  upload,
  waitForWiggleCreation,
} from '../../test/library/library-test-kit';
import { giveRoll } from '../../test/shop/shop-test-kit';
import { galleryFrameKey } from '../gallery/frame-keys';
import { wigglesDepsOf } from '../wiggles/deps';
import type { LibraryEngine } from '../wiggles/engine-adapter';
import { registerWiggleJobs } from '../wiggles/jobs';
import { exportDepsOf } from './deps';
import { registerExportJobs } from './jobs';

type ErrorBody = { error: { code: string; message: string } };
type Started = { exportId: number; galleryWiggleId: number | null } & ErrorBody;

describe.each(testDialects())('wiggle export API on %s', (dialect) => {
  let t: TestApp;
  let owner: TestMember;
  let other: TestMember;
  let wiggleId: number;
  let albumId: number;
  /** The real engine, or one whose render fails (a render that fails must give the frame back). */
  let failRender = false;

  const body = (over: object = {}) => ({
    albumId,
    size: 800,
    mode: 'enhanced',
    orientation: 'landscape',
    padding: 10,
    ...over,
  });
  const startExport = (payload: object = body(), who = owner, id: number | string = wiggleId) =>
    api<Started>(t.app, who.token, 'POST', `/api/library/wiggles/${id}/export`, payload);
  const exportOf = (id: number, who = owner) =>
    api<ExportStatus & ErrorBody>(t.app, who.token, 'GET', `/api/exports/${id}`);
  /** Polls until the job has ended the export (the job queue runs it in the background). */
  const finished = async (id: number) => {
    for (;;) {
      const res = await exportOf(id);
      if (res.body.status !== 'InProgress') return res.body;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const creditsLeft = async (rollId: number) =>
    (
      await t.platform.db
        .selectFrom('purchases')
        .select('credits_left')
        .where('id', '=', rollId)
        .executeTakeFirstOrThrow()
    ).credits_left;
  const galleryWigglesIn = async (album: number) =>
    (
      await t.platform.db
        .selectFrom('gallery_wiggles')
        .select('id')
        .where('album_id', '=', album)
        .where('owner_id', '=', owner.id)
        .execute()
    ).length;
  const newAlbum = async (who: TestMember, name: string) =>
    (await api<{ id: number }>(t.app, who.token, 'POST', '/api/gallery/albums', { name })).body.id;

  /** A wiggle of a stereo pair `width` px wide, created by the real job and finished. */
  const finishedWiggle = async (who: TestMember, width: number, stacking: 'auto-align' | 'standard') => {
    const pair = await stereoPair(width, (width * 3) / 4, 14);
    const uploaded = await upload(t.app, who.token, [
      { filename: 'left.jpg', bytes: pair.left },
      { filename: 'right.jpg', bytes: pair.right },
    ]);
    const originalIds = uploaded.json<UploadOriginalsResponse>().originals.map((o) => o.id);
    const made = await api<CreateWigglesResponse>(t.app, who.token, 'POST', '/api/library/wiggles', {
      originalIds,
      stacking,
      target: 'current',
    });
    const id = made.body.wiggles[0]!.id;
    const status = await waitForWiggleCreation(t.app, who.token, id, { timeoutMs: 120_000, pollMs: 200 });
    expect(status?.createStatus).toBe('Success');
    return id;
  };

  beforeAll(async () => {
    t = await createLibraryTestApp(dialect, { WELCOME_GIFT_CREDITS: '0' });
    const wiggles = wigglesDepsOf(t.platform);
    registerWiggleJobs(wiggles);
    const engine: LibraryEngine = {
      ...wiggles.engine,
      renderWiggle: (...args) =>
        failRender ? Promise.reject(new Error('the engine broke')) : wiggles.engine.renderWiggle(...args),
    };
    registerExportJobs(exportDepsOf(t.platform, engine));
    owner = await registerMember(t.app);
    other = await registerMember(t.app);
    wiggleId = await finishedWiggle(owner, 1000, 'auto-align');
    albumId = await newAlbum(owner, 'Exports');
  }, 180_000);
  afterAll(async () => t?.close());

  it('answers 402 with SPEC message and spends nothing without a roll', async () => {
    const res = await startExport();
    expect(res.status).toBe(402);
    expect(res.body.error.message).toBe(Messages.noRollFound);
    expect(await t.platform.db.selectFrom('exports').select('id').execute()).toHaveLength(0);
  });

  it('answers 402 when the only roll is of too low a resolution, and keeps its frames', async () => {
    // Originals of 1000 px allow 800 only; a roll below 800 does not exist, so give a roll and ask above it.
    const roll = await giveRoll(t.app, other.id, { credits: 3, maxResolution: 800 });
    const id = await finishedWiggle(other, 1400, 'standard');
    const res = await startExport(body({ albumId: null, size: 1280 }), other, id);
    expect(res.status).toBe(402);
    expect(res.body.error.message).toBe(Messages.noRollFound);
    expect(await creditsLeft(roll)).toBe(3);
  }, 180_000);

  it('exports with a roll: 202, one frame spent, the gallery wiggle lands in the album at the export size', async () => {
    const roll = await giveRoll(t.app, owner.id, { credits: 2, maxResolution: 800 });
    const res = await startExport();
    expect(res.status).toBe(202);
    expect(res.body.galleryWiggleId).toBeNull();
    expect(await creditsLeft(roll)).toBe(1);
    const done = await finished(res.body.exportId);
    expect(done).toMatchObject({ status: 'Success', error: null, albumId });
    const gallery = await t.platform.db
      .selectFrom('gallery_wiggles')
      .selectAll()
      .where('id', '=', done.galleryWiggleId!)
      .executeTakeFirstOrThrow();
    expect(gallery.album_id).toBe(albumId);
    expect(gallery.has_in_betweens).toBe(1);
    expect(Math.max(gallery.width, gallery.height)).toBeLessThanOrEqual(800 + 2 * 10);
    const leftFull = await t.platform.blobs.getBuffer(galleryFrameKey(gallery.blob_prefix, 'left-f'));
    const meta = await sharp(leftFull).metadata();
    expect([meta.width, meta.height]).toEqual([gallery.width, gallery.height]);
    expect(await t.platform.blobs.getBuffer(galleryFrameKey(gallery.blob_prefix, '50-f'))).toBeInstanceOf(
      Buffer,
    );
    expect(await creditsLeft(roll)).toBe(1);
    // The render job wrote its process log row (written when the handler returns, so polled).
    await expect
      .poll(
        () =>
          t.platform.db
            .selectFrom('process_logs')
            .select(['result', 'entity_group', 'entity_type'])
            .where('name', '=', 'export.render')
            .where('entity_id', '=', res.body.exportId)
            .execute(),
        { timeout: 10_000 },
      )
      .toEqual([{ result: 'ok', entity_group: 'export', entity_type: 'export' }]);
  }, 120_000);

  it('gives the frame back when the render fails, and ends the export in Error with the reason', async () => {
    const roll = await giveRoll(t.app, owner.id, { credits: 1, maxResolution: 800 });
    const before = await galleryWigglesIn(albumId);
    failRender = true;
    try {
      const res = await startExport(body({ mode: 'original' }));
      expect(res.status).toBe(202);
      const done = await finished(res.body.exportId);
      expect(done.status).toBe('Error');
      expect(done.error).toContain('the engine broke');
      expect(done.galleryWiggleId).toBeNull();
    } finally {
      failRender = false;
    }
    expect(await creditsLeft(roll)).toBe(1);
    expect(await galleryWigglesIn(albumId)).toBe(before);
  }, 120_000);

  it('answers 404 for another member wiggle, album or export, and spends nothing', async () => {
    const roll = await giveRoll(t.app, other.id, { credits: 1, maxResolution: 4096 });
    const theirs = await startExport(body({ albumId: await newAlbum(other, 'Theirs') }), other);
    expect(theirs.status).toBe(404);
    const foreignAlbum = await startExport(body({ albumId: await newAlbum(other, 'Theirs 2') }));
    expect(foreignAlbum.status).toBe(404);
    expect(await creditsLeft(roll)).toBe(1);
    const mine = await t.platform.db
      .selectFrom('exports')
      .select('id')
      .where('owner_id', '=', owner.id)
      .execute();
    expect((await exportOf(mine[0]!.id, other)).status).toBe(404);
  });

  it('refuses bad bodies with 400 and spends nothing', async () => {
    const roll = await giveRoll(t.app, owner.id, { credits: 1, maxResolution: 4096 });
    for (const bad of [
      body({ size: 1000 }),
      body({ size: 1280 }), // above what the 1000 px originals allow
      body({ mode: 'fast' }),
      body({ orientation: 'diagonal' }),
      body({ padding: -1 }),
      body({ albumId: '1' }),
      body({ extra: true }),
      { size: 800 },
    ]) {
      expect((await startExport(bad)).status).toBe(400);
    }
    expect((await startExport(body(), owner, '01')).status).toBe(400);
    // An unknown field is named, not answered with a generic message.
    expect((await startExport(body({ extra: true }))).body.error.message).toBe('Unknown field: extra.');
    expect(await creditsLeft(roll)).toBe(1);
    await t.platform.db.updateTable('purchases').set({ credits_left: 0 }).where('id', '=', roll).execute();
  });

  it('spends a roll of N=5 frames on exactly 5 of 8 concurrent exports; the rest get 402', async () => {
    await t.platform.db
      .updateTable('purchases')
      .set({ credits_left: 0 })
      .where('user_id', '=', owner.id)
      .execute();
    const roll = await giveRoll(t.app, owner.id, { credits: 5, maxResolution: 800 });
    const album = await newAlbum(owner, 'Concurrent');
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => startExport(body({ albumId: album, mode: 'original' }))),
    );
    const accepted = answers.filter((a) => a.status === 202);
    expect(accepted).toHaveLength(5);
    expect(answers.filter((a) => a.status === 402)).toHaveLength(3);
    for (const a of accepted) expect((await finished(a.body.exportId)).status).toBe('Success');
    expect(await galleryWigglesIn(album)).toBe(5);
    expect(await creditsLeft(roll)).toBe(0);
  }, 240_000);
});
