import { DeleteStatus } from '@wiggle/common/enums';
import type { CreateWigglesResponse, UploadOriginalsResponse } from '@wiggle/common/schemas/library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkStorage } from '../../platform/blobs/storage-check';
import { STORAGE_CLAIMS } from '../../scripts/storage-claims';
import { s3Environment, startS3TestServer } from '../../test/blobs/s3-test-server';
import { registerMember, type TestApp, type TestMember, testDialects } from '../../test/harness';
import { api, createLibraryTestApp, stereoPair, upload } from '../../test/library/library-test-kit';
import { purgeExpired } from '../library/trash-service';
import { wigglesDepsOf } from './deps';
import { type LibraryEngine, sharedEngine } from './engine-adapter';
import { registerWiggleJobs, runWiggleCreation } from './jobs';

type Step = 'renderWiggle' | 'interpolate';

/** The real engine, but a chosen step waits at a gate: the test acts while the job or upload is inside it. */
class GatedEngine {
  private gate: { step: Step; reached: () => void; release: Promise<void> } | undefined;
  private readonly real = sharedEngine();
  readonly engine: LibraryEngine = {
    ingestUpload: (...args) => this.real.ingestUpload(...args),
    splitSideBySide: (...args) => this.real.splitSideBySide(...args),
    renderWiggle: async (...args) => {
      await this.pass('renderWiggle');
      return this.real.renderWiggle(...args);
    },
    interpolate: async (...args) => {
      await this.pass('interpolate');
      return this.real.interpolate(...args);
    },
  };

  /** Closes the gate at `step`; resolves when something reaches it, with the function that opens it. */
  close(step: Step): Promise<() => void> {
    let open!: () => void;
    const release = new Promise<void>((resolve) => {
      open = resolve;
    });
    return new Promise((reached) => {
      this.gate = { step, reached: () => reached(open), release };
    });
  }

  private async pass(step: Step) {
    const gate = this.gate;
    if (gate?.step !== step) return;
    this.gate = undefined;
    gate.reached();
    await gate.release;
  }
}

const stores = ['local', 's3'] as const;

describe.each(testDialects().flatMap((d) => stores.map((s) => [d, s] as const)))(
  'delete and purge racing creation and upload, then the storage check (%s, %s store)',
  (dialect, store) => {
    let t: TestApp;
    let s3: Awaited<ReturnType<typeof startS3TestServer>> | undefined;
    let owner: TestMember;
    const gated = new GatedEngine();

    beforeAll(async () => {
      let env: Record<string, string> = {};
      if (store === 's3') {
        s3 = await startS3TestServer();
        env = {
          ...s3Environment(s3.settings),
        };
      }
      t = await createLibraryTestApp(dialect, env);
      owner = await registerMember(t.app);
      registerWiggleJobs(wigglesDepsOf(t.platform, gated.engine));
    }, 60_000);
    afterAll(async () => {
      await t?.close();
      await s3?.close();
    });

    const deps = () => ({ db: t.platform.db, blobs: t.platform.blobs });
    const storageReport = (fix = false) =>
      checkStorage(t.platform.db, t.platform.blobs, STORAGE_CLAIMS, { graceMs: 0, fix });
    const expectConsistent = async () => {
      const report = await storageReport();
      expect({ orphans: report.orphans.map((o) => o.key), missing: report.missing }).toEqual({
        orphans: [],
        missing: [],
      });
      return report;
    };

    /** Holds the first blob write under `prefix` until the returned function is called. */
    function gateFirstWrite(prefix: string): Promise<() => void> {
      const blobs = t.platform.blobs;
      const put = blobs.put.bind(blobs);
      return new Promise((reached) => {
        blobs.put = async (key, body, options) => {
          if (!key.startsWith(prefix)) return put(key, body, options);
          blobs.put = put;
          await new Promise<void>((release) => reached(release));
          return put(key, body, options);
        };
      });
    }

    /** Until the in-process queue has nothing waiting or running. */
    async function jobsSettled() {
      for (;;) {
        const busy = await t.platform.db
          .selectFrom('jobs')
          .select('id')
          .where('status', 'in', ['waiting', 'running'])
          .execute();
        if (busy.length === 0) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }

    async function uploadPair(folderId?: number) {
      const pair = await stereoPair(160, 120);
      const files = [
        { filename: 'l.jpg', bytes: pair.left },
        { filename: 'r.jpg', bytes: pair.right },
      ];
      const res = await upload(
        t.app,
        owner.token,
        files,
        folderId ? { folderId: String(folderId) } : undefined,
      );
      return res.json<UploadOriginalsResponse>().originals.map((o) => o.id);
    }

    async function createWiggle(target: 'current' | 'subfolder') {
      const made = await api<CreateWigglesResponse>(t.app, owner.token, 'POST', '/api/library/wiggles', {
        originalIds: await uploadPair(),
        stacking: 'standard',
        target,
      });
      expect(made.status).toBe(200);
      return made.body;
    }

    /** Trash (SPEC delete) then purge at once, as the daily purge does once the trash is old enough. */
    async function deleteAndPurge(type: 1 | 2 | 3, id: number) {
      expect((await api(t.app, owner.token, 'POST', '/api/library/delete', { type, ids: [id] })).status).toBe(
        200,
      );
      await new Promise((resolve) => setTimeout(resolve, 5));
      await purgeExpired(deps(), 0);
    }

    for (const step of ['renderWiggle', 'interpolate'] as const) {
      it(`purging a wiggle during ${step} leaves no frame behind`, async () => {
        const atGate = gated.close(step);
        const { wiggles } = await createWiggle('current');
        const open = await atGate;
        await deleteAndPurge(2, wiggles[0]!.id);
        open();
        await jobsSettled();
        await expectConsistent();
      });
    }

    it('purging the folder of a wiggle during its creation leaves no frame behind', async () => {
      const atGate = gated.close('interpolate');
      const { folder } = await createWiggle('subfolder');
      const open = await atGate;
      await deleteAndPurge(1, folder!.id);
      open();
      await jobsSettled();
      await expectConsistent();
    });

    it('deleting (and purging) the target folder during an upload keeps no original in it', async () => {
      const folder = await api<{ id: number }>(t.app, owner.token, 'POST', '/api/library/folders', {
        name: 'Upload target',
      });
      // The upload route runs the real engine; the gate sits at its first blob write instead.
      const atGate = gateFirstWrite('originals/');
      const pair = await stereoPair(96, 72);
      const uploading = upload(t.app, owner.token, [{ filename: 'left.jpg', bytes: pair.left }], {
        folderId: String(folder.body.id),
      });
      const open = await atGate;
      await deleteAndPurge(1, folder.body.id);
      open();
      const res = (await uploading).json<UploadOriginalsResponse>();
      expect(res.originals).toEqual([]);
      expect(res.errors).toHaveLength(1);
      await expectConsistent();
    });

    it('a worker killed mid-job, then its wiggle purged, then the job re-run: nothing left over', async () => {
      const atGate = gated.close('interpolate');
      const { wiggles } = await createWiggle('current');
      const id = wiggles[0]!.id;
      const open = await atGate;
      // The worker dies inside interpolation: view frames are written, the row says interpolation is under way.
      // (The gate is never opened for this run; a second, fresh run plays the restarted worker.)
      await deleteAndPurge(2, id);
      await runWiggleCreation(wigglesDepsOf(t.platform, sharedEngine()), id, {
        jobId: 'restarted',
        attempt: 2,
        signal: new AbortController().signal,
      });
      open();
      await jobsSettled();
      await expectConsistent();
    });

    it('finds what a purge that died half-way left behind, and --fix removes it', async () => {
      const { wiggles } = await createWiggle('current');
      await jobsSettled();
      const before = await expectConsistent();
      // The purge marked the row Expired and died before deleting its files.
      await t.platform.db
        .updateTable('wiggles')
        .set({ delete_status: DeleteStatus.Expired })
        .where('id', '=', wiggles[0]!.id)
        .execute();
      const found = await storageReport();
      // Views and in-betweens with thumbnails (10) and the editor's two untuned views.
      expect(found.orphans.length).toBe(12);
      expect(found.orphans.every((o) => o.key.startsWith('wiggles/'))).toBe(true);
      const fixed = await storageReport(true);
      expect(fixed.removed).toBe(12);
      const after = await expectConsistent();
      expect(after.blobs).toBe(before.blobs - 12);
    });

    it('finds a row whose blob is gone', async () => {
      const [originalId] = await uploadPair();
      const row = await t.platform.db
        .selectFrom('originals')
        .select('blob_p')
        .where('id', '=', originalId!)
        .executeTakeFirstOrThrow();
      await t.platform.blobs.delete(row.blob_p);
      const report = await storageReport();
      expect(report.missing).toEqual([{ key: row.blob_p, owner: `original ${originalId}` }]);
      await t.platform.db.deleteFrom('originals').where('id', '=', originalId!).execute();
    });
  },
);
