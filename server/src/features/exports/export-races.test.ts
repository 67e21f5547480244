import { MoveType } from '@wiggle/common/enums';
import type { ExportStatus } from '@wiggle/common/schemas/exports';
import type { CreateWigglesResponse, UploadOriginalsResponse } from '@wiggle/common/schemas/library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkStorage } from '../../platform/blobs/storage-check';
import { STORAGE_CLAIMS } from '../../scripts/storage-claims';
import { registerMember, type TestApp, type TestMember, testDialects } from '../../test/harness';
import {
  api,
  createLibraryTestApp,
  stereoPair,
  upload,
  waitForWiggleCreation,
} from '../../test/library/library-test-kit';
import { giveRoll } from '../../test/shop/shop-test-kit';
import { wigglesDepsOf } from '../wiggles/deps';
import { type LibraryEngine, sharedEngine } from '../wiggles/engine-adapter';
import { registerWiggleJobs } from '../wiggles/jobs';
import { exportDepsOf } from './deps';
import { registerExportJobs } from './jobs';

/** The real engine; when a gate is closed, the next render waits there until the test opens it. */
class GatedRender {
  private gate: { reached: () => void; release: Promise<void> } | undefined;
  private readonly real = sharedEngine();
  readonly engine: LibraryEngine = {
    ...this.real,
    renderWiggle: async (...args) => {
      const gate = this.gate;
      if (gate) {
        this.gate = undefined;
        gate.reached();
        await gate.release;
      }
      return this.real.renderWiggle(...args);
    },
  };

  /** Resolves when a render reaches the gate, with the function that lets it go on. */
  close(): Promise<() => void> {
    let open!: () => void;
    const release = new Promise<void>((resolve) => {
      open = resolve;
    });
    return new Promise((reached) => {
      this.gate = { reached: () => reached(open), release };
    });
  }
}

describe.each(testDialects())('deleting what an export works on while its job runs (%s)', (dialect) => {
  let t: TestApp;
  let owner: TestMember;
  const gated = new GatedRender();

  beforeAll(async () => {
    t = await createLibraryTestApp(dialect, { WELCOME_GIFT_CREDITS: '0' });
    owner = await registerMember(t.app);
    const wiggles = wigglesDepsOf(t.platform);
    registerWiggleJobs(wiggles);
    registerExportJobs(exportDepsOf(t.platform, gated.engine));
  }, 60_000);
  afterAll(async () => t?.close());

  const call = <T>(method: 'GET' | 'POST', url: string, payload?: object) =>
    api<T>(t.app, owner.token, method, url, payload);

  async function finishedWiggle(): Promise<number> {
    const pair = await stereoPair(1000, 750, 14);
    const uploaded = await upload(t.app, owner.token, [
      { filename: 'left.jpg', bytes: pair.left },
      { filename: 'right.jpg', bytes: pair.right },
    ]);
    const made = await call<CreateWigglesResponse>('POST', '/api/library/wiggles', {
      originalIds: uploaded.json<UploadOriginalsResponse>().originals.map((o) => o.id),
      stacking: 'standard',
      target: 'current',
    });
    const id = made.body.wiggles[0]!.id;
    const status = await waitForWiggleCreation(t.app, owner.token, id, { timeoutMs: 120_000, pollMs: 100 });
    expect(status?.createStatus).toBe('Success');
    return id;
  }
  const newAlbum = async (name: string) =>
    (await call<{ id: number }>('POST', '/api/gallery/albums', { name })).body.id;
  const startExport = async (wiggleId: number, albumId: number) => {
    const res = await call<{ exportId: number }>('POST', `/api/library/wiggles/${wiggleId}/export`, {
      albumId,
      size: 800,
      mode: 'enhanced',
      orientation: 'landscape',
      padding: 0,
    });
    expect(res.status).toBe(202);
    return res.body.exportId;
  };
  const finished = async (exportId: number) => {
    for (;;) {
      const res = await call<ExportStatus>('GET', `/api/exports/${exportId}`);
      if (res.body.status !== 'InProgress') return res.body;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  /** Frames left on all the member's rolls (a refunded frame may sit on an earlier test's roll, spent first). */
  const framesLeft = async () =>
    (
      await t.platform.db
        .selectFrom('purchases')
        .select('credits_left')
        .where('user_id', '=', owner.id)
        .execute()
    ).reduce((sum, r) => sum + r.credits_left, 0);
  const galleryRowsIn = (albumId: number) =>
    t.platform.db.selectFrom('gallery_wiggles').select('id').where('album_id', '=', albumId).execute();
  /** Every blob claimed by a row and every claimed blob there (no grace: nothing may be left "recent"). */
  const expectConsistentStorage = async () => {
    const report = await checkStorage(t.platform.db, t.platform.blobs, STORAGE_CLAIMS, { graceMs: 0 });
    expect({ orphans: report.orphans.map((o) => o.key), missing: report.missing }).toEqual({
      orphans: [],
      missing: [],
    });
  };
  /** Holds the first write of a gallery frame until the returned function is called. */
  function gateFirstGalleryWrite(): Promise<() => void> {
    const blobs = t.platform.blobs;
    const put = blobs.put.bind(blobs);
    return new Promise((reached) => {
      blobs.put = async (key, body, options) => {
        if (!key.startsWith('gallery/')) return put(key, body, options);
        blobs.put = put;
        await new Promise<void>((release) => reached(release));
        return put(key, body, options);
      };
    });
  }
  const deleteLibraryWiggle = async (id: number) =>
    expect((await call('POST', '/api/library/delete', { type: MoveType.Wiggle, ids: [id] })).status).toBe(
      200,
    );
  const deleteAlbum = async (id: number) =>
    expect((await call('POST', '/api/gallery/delete', { type: MoveType.Folder, ids: [id] })).status).toBe(
      200,
    );

  /** Deletes `what` at the moment `gate` holds the job, lets it go on, and checks nothing was delivered or spent. */
  async function raceDeletion(options: {
    gate: () => Promise<() => void>;
    remove: (ids: { wiggleId: number; albumId: number }) => Promise<void>;
    reason: string;
  }) {
    const wiggleId = await finishedWiggle();
    const albumId = await newAlbum('Race');
    await giveRoll(t.app, owner.id, { credits: 1, maxResolution: 800 });
    const before = await framesLeft();
    const held = options.gate();
    const exportId = await startExport(wiggleId, albumId);
    expect(await framesLeft()).toBe(before - 1);
    const release = await held;
    await options.remove({ wiggleId, albumId });
    release();
    const done = await finished(exportId);
    expect(done).toMatchObject({ status: 'Error', galleryWiggleId: null });
    expect(done.error).toBe(`The export failed: ${options.reason}`);
    expect(await galleryRowsIn(albumId)).toEqual([]);
    expect(await framesLeft()).toBe(before);
    await expectConsistentStorage();
  }

  it('an export nobody disturbs delivers its gallery wiggle, and the storage check finds it whole', async () => {
    const wiggleId = await finishedWiggle();
    const albumId = await newAlbum('Undisturbed');
    await giveRoll(t.app, owner.id, { credits: 1, maxResolution: 800 });
    const before = await framesLeft();
    const done = await finished(await startExport(wiggleId, albumId));
    expect(done.status).toBe('Success');
    expect((await galleryRowsIn(albumId)).map((r) => r.id)).toEqual([done.galleryWiggleId]);
    expect(await framesLeft()).toBe(before - 1);
    await expectConsistentStorage();
  }, 180_000);

  it('the library wiggle deleted during the render: Error, no gallery wiggle, the frame refunded', async () => {
    await raceDeletion({
      gate: () => gated.close(),
      remove: ({ wiggleId }) => deleteLibraryWiggle(wiggleId),
      reason: 'the wiggle was deleted while it was being exported.',
    });
  }, 180_000);

  it('the target album deleted during the render: Error, no gallery wiggle, the frame refunded', async () => {
    await raceDeletion({
      gate: () => gated.close(),
      remove: ({ albumId }) => deleteAlbum(albumId),
      reason: 'the album was deleted while the wiggle was being exported.',
    });
  }, 180_000);

  it('the album deleted while the gallery frames are written: the new gallery wiggle and its frames are withdrawn', async () => {
    await raceDeletion({
      gate: gateFirstGalleryWrite,
      remove: ({ albumId }) => deleteAlbum(albumId),
      reason: 'the album was deleted while the wiggle was being exported.',
    });
  }, 180_000);

  it('the library wiggle deleted while the gallery frames are written: withdrawn too, frame refunded', async () => {
    await raceDeletion({
      gate: gateFirstGalleryWrite,
      remove: ({ wiggleId }) => deleteLibraryWiggle(wiggleId),
      reason: 'the wiggle was deleted while it was being exported.',
    });
  }, 180_000);
});
