import type {
  CreateWigglesResponse,
  UploadOriginalsResponse,
  Wiggle,
  WiggleStatus,
} from '@wiggle/common/schemas/library';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerMember, type TestApp, type TestMember, testDialects } from '../../test/harness';
import {
  api,
  createLibraryTestApp,
  solidJpeg,
  upload,
  uploadStereoPair,
  waitForWiggleCreation,
} from '../../test/library/library-test-kit';
import { wigglesDepsOf } from './deps';
import { registerWiggleJobs } from './jobs';

describe.each(testDialects())('wiggle creation on %s', (dialect) => {
  let t: TestApp;
  let owner: TestMember;
  let other: TestMember;
  let ids: number[];
  const create = (payload: object, who: TestMember = owner) =>
    api<CreateWigglesResponse & { error?: { message: string } }>(
      t.app,
      who.token,
      'POST',
      '/api/library/wiggles',
      payload,
    );

  beforeAll(async () => {
    t = await createLibraryTestApp(dialect);
    owner = await registerMember(t.app);
    other = await registerMember(t.app);
    const files = await Promise.all(
      [1, 2, 3, 4].map(async (i) => ({ filename: `v${i}.jpg`, bytes: await solidJpeg(80, 60, i * 40) })),
    );
    ids = (await upload(t.app, owner.token, files))
      .json<UploadOriginalsResponse>()
      .originals.map((o) => o.id);
  });
  afterAll(async () => t?.close());

  it('pairs and stacks the selection as SPEC lists', async () => {
    const pairsOf = (r: { body: CreateWigglesResponse }) =>
      r.body.wiggles.map((w) => [
        ids.indexOf(w.leftOriginalId!),
        ids.indexOf(w.rightOriginalId!),
        w.autoAlign,
      ]);
    const base = { originalIds: ids, target: 'current' };
    expect(pairsOf(await create({ ...base, pairing: 'adjacent', stacking: 'standard' }))).toEqual([
      [0, 1, false],
      [2, 3, false],
    ]);
    expect(pairsOf(await create({ ...base, pairing: 'not-adjacent', stacking: 'auto-align' }))).toEqual([
      [0, 2, true],
      [1, 3, true],
    ]);
    expect(pairsOf(await create({ ...base, pairing: 'all', stacking: 'standard' }))).toHaveLength(6);
    expect(pairsOf(await create({ ...base, pairing: 'adjacent', stacking: 'both' }))).toEqual([
      [0, 1, false],
      [0, 1, true],
      [2, 3, false],
      [2, 3, true],
    ]);
    const sideBySide = await create({ ...base, pairing: 'asSideBySide', stacking: 'standard' });
    expect(
      sideBySide.body.wiggles.map((w) => [w.sourceType, w.leftOriginalId === w.rightOriginalId]),
    ).toEqual(ids.map(() => [2, true]));
    expect(sideBySide.body.wiggles.every((w) => w.createStatus === 'New')).toBe(true);
  });

  it('creates a subfolder named by template, or uses the current folder', async () => {
    const byDate = await create({ originalIds: ids.slice(0, 2), stacking: 'standard' });
    expect(byDate.body.folder?.name).toMatch(/^\d{4}\. \d{2}\. \d{2}\. \d{2}:\d{2}:\d{2}$/);
    expect(byDate.body.wiggles[0]!.folderId).toBe(byDate.body.folder!.id);
    const byNames = await create({
      originalIds: ids,
      subfolderTemplate: '%first% - %last%',
      stacking: 'standard',
    });
    expect(byNames.body.folder?.name).toBe('v1 - v4');
    const current = await create({
      originalIds: ids.slice(0, 2),
      target: 'current',
      folderId: byNames.body.folder!.id,
    });
    expect(current.body.folder).toBeNull();
    expect(current.body.wiggles[0]!.folderId).toBe(byNames.body.folder!.id);
  });

  it('enforces the limits of 16 originals and 16 wiggles, and ownership', async () => {
    const seventeen = await create({ originalIds: Array.from({ length: 17 }, (_, i) => i + 1) });
    expect(seventeen.status).toBe(400);
    expect(seventeen.body.error?.message).toBe('At most 16 originals can be selected.');
    const many = (
      await upload(
        t.app,
        owner.token,
        await Promise.all(
          [5, 6, 7].map(async (i) => ({ filename: `w${i}.jpg`, bytes: await solidJpeg(40, 30) })),
        ),
      )
    )
      .json<UploadOriginalsResponse>()
      .originals.map((o) => o.id);
    const tooMany = await create({ originalIds: [...ids, ...many], pairing: 'all', stacking: 'standard' });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error?.message).toBe('At most 16 wiggles can be created at once.');
    const before = await t.platform.db.selectFrom('wiggles').select('id').execute();
    expect((await create({ originalIds: ids.slice(0, 2) }, other)).status).toBe(404);
    expect(await t.platform.db.selectFrom('wiggles').select('id').execute()).toHaveLength(before.length);
  });

  it('reports status for own ids only', async () => {
    const made = await create({ originalIds: ids.slice(0, 2), stacking: 'standard', target: 'current' });
    const id = made.body.wiggles[0]!.id;
    const own = await api<WiggleStatus[]>(
      t.app,
      owner.token,
      'GET',
      `/api/library/wiggles/status?ids=${id},999999`,
    );
    expect(own.body).toEqual([
      { id, createStatus: 'New', autoAlignStatus: 'None', iStatus: 'None', errorMessage: null },
    ]);
    const foreign = await api<WiggleStatus[]>(
      t.app,
      other.token,
      'GET',
      `/api/library/wiggles/status?ids=${id}`,
    );
    expect(foreign.body).toEqual([]);
  });

  it('runs the creation job to Success with aligned, interpolated frames that are served', async () => {
    registerWiggleJobs(wigglesDepsOf(t.platform));
    const uploaded = await uploadStereoPair(t.app, owner.token);
    const made = await create({
      originalIds: uploaded.map((o) => o.id),
      stacking: 'auto-align',
      target: 'current',
    });
    const id = made.body.wiggles[0]!.id;
    const status = await waitForWiggleCreation(t.app, owner.token, id, { timeoutMs: 90_000, pollMs: 200 });
    expect(status).toMatchObject({ createStatus: 'Success', autoAlignStatus: 'Success', iStatus: 'Success' });
    const wiggle = (
      await api<{ items: Wiggle[] }>(t.app, owner.token, 'GET', '/api/library/wiggles')
    ).body.items.find((w) => w.id === id)!;
    expect(wiggle.width).toBeGreaterThan(300);
    for (const url of [
      `/api/library/wiggle/${id}-left-f.webp`,
      `/api/library/wiggle/${id}-right-f.webp`,
      `/api/library/wiggle/frame/${id}-50-f.webp`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url, headers: bearer(owner.token) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([wiggle.width, wiggle.height]);
    }
    const thumb = await t.app.inject({
      method: 'GET',
      url: `/api/library/wiggle/${id}-left-t.webp`,
      headers: bearer(owner.token),
    });
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([200, 140]);
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/library/wiggle/${id}-left-f.webp`,
      headers: bearer(other.token),
    });
    expect(foreign.statusCode).toBe(404);
  });
});
