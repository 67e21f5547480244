import type {
  CreateWigglesResponse,
  UploadOriginalsResponse,
  WiggleStatus,
} from '@wiggle/common/schemas/library';
import { EngineInputError } from '@wiggle/engine/image';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { registerMember, type TestApp, type TestMember, testDialects } from '../../test/harness';
import {
  api,
  blobFiles,
  createLibraryTestApp,
  solidJpeg,
  stereoPair,
  upload,
} from '../../test/library/library-test-kit';
import { wigglesDepsOf } from './deps';
import {
  InterpolationUnreliable,
  type LibraryEngine,
  type RenderedWiggle,
  sharedEngine,
} from './engine-adapter';
import { registerWiggleJobs, runWiggleCreation } from './jobs';

/** The real engine, with one step replaced: how the job records each way a creation can end. */
function engineWith(overrides: Partial<LibraryEngine>): LibraryEngine {
  return { ...sharedEngine(), ...overrides };
}

describe.each(testDialects())('wiggle.create job outcomes on %s', (dialect) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function start(engine: LibraryEngine, env?: Record<string, string>) {
    t = await createLibraryTestApp(dialect, env);
    const owner = await registerMember(t.app);
    registerWiggleJobs(wigglesDepsOf(t.platform, engine));
    return owner;
  }

  /** Uploads two pictures and creates one wiggle of them (`body` amends the request); the wiggle's id. */
  async function createFrom(owner: TestMember, [left, right]: readonly Buffer[], body: object = {}) {
    const files = [
      { filename: 'l.jpg', bytes: left! },
      { filename: 'r.jpg', bytes: right! },
    ];
    const ids = (await upload(t!.app, owner.token, files))
      .json<UploadOriginalsResponse>()
      .originals.map((o) => o.id);
    const made = await api<CreateWigglesResponse>(t!.app, owner.token, 'POST', '/api/library/wiggles', {
      originalIds: ids,
      stacking: 'standard',
      target: 'current',
      ...body,
    });
    return made.body.wiggles[0]!.id;
  }

  /** A wiggle of a real stereo pair. */
  async function createOne(owner: TestMember) {
    const pair = await stereoPair(160, 120);
    return createFrom(owner, [pair.left, pair.right]);
  }

  /**
   * Auto-align on two flat pictures (nothing to align on) with an engine whose interpolation throws `error`: the
   * wiggle's id and its status once created.
   */
  async function createUnalignedWhereInterpolationThrows(error: Error) {
    const owner = await start(
      engineWith({
        interpolate: async () => {
          throw error;
        },
      }),
    );
    const flat = await Promise.all([solidJpeg(160, 120, 10), solidJpeg(160, 120, 200)]);
    const id = await createFrom(owner, flat, { stacking: 'auto-align' });
    return { owner, id, status: await waitForCreated(owner, id) };
  }

  async function waitFor(owner: TestMember, id: number, done: (s: WiggleStatus) => boolean) {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const [status] = (
        await api<WiggleStatus[]>(t!.app, owner.token, 'GET', `/api/library/wiggles/status?ids=${id}`)
      ).body;
      if ((status && done(status)) || Date.now() > deadline) return status;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  /** Until the creation has succeeded and the interpolation ended either way. */
  const waitForCreated = (owner: TestMember, id: number) =>
    waitFor(owner, id, (s) => s.createStatus === 'Success' && s.iStatus !== 'InProgress');

  const frameOf = (owner: TestMember, id: number, frame: 'left-f' | 'right-f') =>
    t!.app.inject({
      method: 'GET',
      url: `/api/library/wiggle/${id}-${frame}.webp`,
      headers: { authorization: `Bearer ${owner.token}` },
    });

  const interpolationLogs = (wiggleId: number) =>
    t!.platform.db
      .selectFrom('process_logs')
      .selectAll()
      .where('name', '=', 'wiggle.interpolate')
      .where('entity_id', '=', wiggleId)
      .execute();

  it('is idempotent: a second run (as after a restart) rewrites the same frames and succeeds again', async () => {
    const owner = await start(sharedEngine());
    const id = await createOne(owner);
    await waitForCreated(owner, id);
    // The interpolation writes its own process log row (before the wiggle's iStatus says Success).
    expect(await interpolationLogs(id)).toMatchObject([
      { result: 'ok', message: '', entity_group: 'wiggle', entity_type: 'wiggle', entity_id: id },
    ]);
    // The creation job's own row is written when its handler returns, just after the status: polled.
    await expect
      .poll(() =>
        t!.platform.db
          .selectFrom('process_logs')
          .select(['result', 'entity_type'])
          .where('name', '=', 'wiggle.create')
          .where('entity_id', '=', id)
          .execute(),
      )
      .toEqual([{ result: 'ok', entity_type: 'wiggle' }]);
    const files = async () => (await blobFiles(t!)).filter((f) => f.startsWith('wiggles/')).sort();
    const before = await files();
    // Views and thumbnails, the editor's two untuned views, and three in-betweens with thumbnails.
    expect(before).toHaveLength(12);
    await runWiggleCreation(wigglesDepsOf(t!.platform), id, {
      jobId: 'again',
      attempt: 2,
      signal: new AbortController().signal,
    });
    expect(await files()).toEqual(before);
    const [status] = (
      await api<WiggleStatus[]>(t!.app, owner.token, 'GET', `/api/library/wiggles/status?ids=${id}`)
    ).body;
    expect(status).toMatchObject({ createStatus: 'Success', iStatus: 'Success' });
  });

  it('bounds the frames to WIGGLE_FRAME_MAX_SIZE on the long side, keeping the aspect ratio', async () => {
    const owner = await start(sharedEngine(), { WIGGLE_FRAME_MAX_SIZE: '100' });
    const id = await createOne(owner);
    await waitForCreated(owner, id);
    for (const frame of ['left-f', 'right-f'] as const) {
      const response = await frameOf(owner, id, frame);
      expect(response.statusCode).toBe(200);
      const meta = await sharp(response.rawPayload).metadata();
      expect(meta.width).toBe(100);
      expect(meta.height).toBe(75);
    }
  });

  it('ends as TimeoutError when the creation runs too long', async () => {
    const owner = await start(engineWith({ renderWiggle: () => new Promise<RenderedWiggle>(() => {}) }), {
      JOB_TIMEOUT_SECONDS: '1',
    });
    const id = await createOne(owner);
    const status = await waitFor(owner, id, (s) => s.createStatus === 'TimeoutError');
    expect(status?.createStatus).toBe('TimeoutError');
    expect(status?.errorMessage).toBe('An unexpected error occurred while creating wiggle.');
  });

  it('records bad input as Error at once, with the reason', async () => {
    const owner = await start(
      engineWith({
        renderWiggle: async () => {
          throw new EngineInputError('The photos are not the same scene.', 'not_stereo');
        },
      }),
    );
    const id = await createOne(owner);
    const status = await waitFor(owner, id, (s) => s.createStatus === 'Error');
    expect(status?.createStatus).toBe('Error');
    expect(status?.errorMessage).toContain('The photos are not the same scene.');
    // The list offers delete for it: it goes to the trash like any wiggle.
    expect(
      (await api(t!.app, owner.token, 'POST', '/api/library/delete', { type: 2, ids: [id] })).status,
    ).toBe(200);
  });

  it('keeps a created wiggle when only interpolation fails, and the unaligned pair when auto-align fails', async () => {
    const { owner, id, status } = await createUnalignedWhereInterpolationThrows(new Error('flow failed'));
    expect(status).toMatchObject({ createStatus: 'Success', autoAlignStatus: 'Error', iStatus: 'Error' });
    expect(status?.errorMessage).toMatch(/^Auto-align failed/);
    expect(await interpolationLogs(id)).toMatchObject([
      { result: 'error', message: 'flow failed', entity_id: id },
    ]);
    expect((await frameOf(owner, id, 'right-f')).statusCode).toBe(200);
  });

  it('records why Enhanced is unavailable when the engine finds the in-betweens unreliable', async () => {
    const owner = await start(sharedEngine());
    // Two unrelated pictures: nothing matches consistently, so the engine's confidence is far below its threshold.
    const noise = (seed: number) =>
      sharp({
        create: {
          width: 160,
          height: 120,
          channels: 3,
          background: { r: 0, g: 0, b: 0 },
          noise: { type: 'gaussian', mean: 128 + seed, sigma: 60 },
        },
      })
        .jpeg()
        .toBuffer();
    const id = await createFrom(owner, [await noise(0), await noise(5)]);
    const status = await waitForCreated(owner, id);
    expect(status).toMatchObject({ createStatus: 'Success', iStatus: 'Error' });
    expect(status?.errorMessage).toMatch(
      /^Enhanced playback is not available: the in-betweens are unreliable: only \d+ % of the pixels match/,
    );
  });

  it('keeps the auto-align note first and adds the unreliable in-betweens reason after it', async () => {
    const { status } = await createUnalignedWhereInterpolationThrows(
      new InterpolationUnreliable('the in-betweens are unreliable: only 12 % of the pixels match'),
    );
    expect(status).toMatchObject({ createStatus: 'Success', autoAlignStatus: 'Error', iStatus: 'Error' });
    expect(status?.errorMessage).toMatch(
      /^Auto-align failed; .*\) Enhanced playback is not available: the in-betweens are unreliable: only 12 % /,
    );
  });

  it('splits side-by-side originals into new originals, then pairs them (sideBySideOriginals)', async () => {
    const owner = await start(sharedEngine());
    const pair = await stereoPair(200, 150);
    const sharp = (await import('sharp')).default;
    const sideBySide = await sharp(pair.left)
      .extend({ right: 200, background: '#000' })
      .composite([{ input: pair.right, left: 200, top: 0 }])
      .jpeg()
      .toBuffer();
    const [original] = (
      await upload(t!.app, owner.token, [{ filename: 'sbs.jpg', bytes: sideBySide }])
    ).json<UploadOriginalsResponse>().originals;
    const made = await api<CreateWigglesResponse>(t!.app, owner.token, 'POST', '/api/library/wiggles', {
      originalIds: [original!.id],
      pairing: 'sideBySideOriginals',
      stacking: 'standard',
      target: 'current',
    });
    expect(made.status).toBe(200);
    const wiggle = made.body.wiggles[0]!;
    expect(made.body.wiggles).toHaveLength(1);
    expect(wiggle.sourceType).toBe(1);
    const page = await api<{ items: Array<{ id: number; name: string; width: number }> }>(
      t!.app,
      owner.token,
      'GET',
      '/api/library/originals',
    );
    const byId = new Map(page.body.items.map((o) => [o.id, o]));
    expect(byId.get(wiggle.leftOriginalId!)).toMatchObject({ name: 'sbs (left)', width: 200 });
    expect(byId.get(wiggle.rightOriginalId!)).toMatchObject({ name: 'sbs (right)', width: 200 });
    const status = await waitForCreated(owner, wiggle.id);
    expect(status?.createStatus).toBe('Success');
  });
});
