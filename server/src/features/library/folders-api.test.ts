import type {
  CreateWigglesResponse,
  Folder,
  OriginalPage,
  TrashListResponse,
  UploadOriginalsResponse,
  WigglePage,
} from '@wiggle/common/schemas/library';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, registerMember, type TestApp, type TestMember, testDialects } from '../../test/harness';
import { api, blobFiles, createLibraryTestApp, solidJpeg, upload } from '../../test/library/library-test-kit';
import { wiggleFrameKey } from './item-keys';

describe.each(testDialects())('library folders, move, copy, trash and purge on %s', (dialect) => {
  let t: TestApp;
  let owner: TestMember;
  let other: TestMember;
  const call = <T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, who?: TestMember) =>
    api<T>(t.app, (who ?? owner).token, method, url, payload);
  const folder = async (name: string, parentId: number | null = null) =>
    (await call<Folder>('POST', '/api/library/folders', { name, parentId })).body;
  const uploadTo = async (folderId: number, name: string) =>
    (
      await upload(t.app, owner.token, [{ filename: name, bytes: await solidJpeg(120, 90) }], {
        folderId: String(folderId),
      })
    ).json<UploadOriginalsResponse>().originals[0]!;
  const originalsIn = async (folderId: number) =>
    (await call<OriginalPage>('GET', `/api/library/originals?folderId=${folderId}`)).body.items;

  beforeAll(async () => {
    t = await createLibraryTestApp(dialect);
    owner = await registerMember(t.app);
    other = await registerMember(t.app);
  });
  afterAll(async () => t?.close());

  it('creates, nests, renames and moves folders, refusing cycles', async () => {
    const a = await folder('A');
    const b = await folder('B', a.id);
    const c = await folder('C', b.id);
    expect((await call('POST', '/api/library/folders', { name: 'x'.repeat(256) })).status).toBe(400);
    expect((await call('POST', '/api/library/folders', { name: 'Nope', parentId: a.id }, other)).status).toBe(
      404,
    );

    const renamed = await call<Folder>('PUT', `/api/library/folders/${a.id}`, { name: 'Alps' });
    expect(renamed.body.name).toBe('Alps');
    const tree = (await call<{ folders: Folder[] }>('GET', '/api/library/folders')).body.folders;
    expect(tree.map((f) => [f.name, f.parentId])).toEqual(
      expect.arrayContaining([
        ['Alps', null],
        ['B', a.id],
        ['C', b.id],
      ]),
    );
    expect(
      (await call<{ folders: Folder[] }>('GET', '/api/library/folders', undefined, other)).body.folders,
    ).toEqual([]);

    for (const target of [a.id, c.id]) {
      const cycle = await call<{ error: { message: string } }>('POST', '/api/library/move', {
        type: 1,
        ids: [a.id],
        targetFolderId: target,
      });
      expect(cycle.status).toBe(400);
      expect(cycle.body.error.message).toMatch(/cannot be moved into itself/);
    }
    expect(
      (await call('POST', '/api/library/move', { type: 1, ids: [c.id], targetFolderId: null })).status,
    ).toBe(200);
    expect(
      (await call('POST', '/api/library/move', { type: 1, ids: [a.id], targetFolderId: c.id })).status,
    ).toBe(200);
    const moved = (await call<{ folders: Folder[] }>('GET', '/api/library/folders')).body.folders;
    expect(moved.find((f) => f.id === a.id)?.parentId).toBe(c.id);
    expect(moved.find((f) => f.id === c.id)?.parentId).toBe(null);
  });

  it('copies a folder deeply with its own files, and moves and copies originals', async () => {
    const top = await folder('Top');
    const inner = await folder('Inner', top.id);
    const photo = await uploadTo(inner.id, 'p1.jpg');
    const filesBefore = (await blobFiles(t)).length;
    const copy = await call<{ ids: number[] }>('POST', '/api/library/move', {
      type: 1,
      ids: [top.id],
      targetFolderId: null,
      copy: true,
    });
    expect(copy.status).toBe(200);
    const tree = (await call<{ folders: Folder[] }>('GET', '/api/library/folders')).body.folders;
    const copiedTop = tree.find((f) => f.id === copy.body.ids[0])!;
    const copiedInner = tree.find((f) => f.parentId === copiedTop.id)!;
    expect([copiedTop.name, copiedInner.name]).toEqual(['Top', 'Inner']);
    const copied = await originalsIn(copiedInner.id);
    expect(copied.map((o) => o.name)).toEqual(['p1.jpg']);
    expect(copied[0]!.id).not.toBe(photo.id);
    expect((await blobFiles(t)).length - filesBefore).toBe(3);

    const moved = await call('POST', '/api/library/move', {
      type: 3,
      ids: [photo.id],
      targetFolderId: top.id,
    });
    expect(moved.status).toBe(200);
    expect((await originalsIn(top.id)).map((o) => o.id)).toEqual([photo.id]);
    expect(await originalsIn(inner.id)).toEqual([]);
    const foreignMove = await call(
      'POST',
      '/api/library/move',
      { type: 3, ids: [photo.id], targetFolderId: null },
      other,
    );
    expect(foreignMove.status).toBe(404);
  });

  it('trashes a folder with its contents, restores them together, and lists the trash', async () => {
    const trip = await folder('Trip');
    const day = await folder('Day 1', trip.id);
    const photo = await uploadTo(day.id, 'd1.jpg');
    expect((await call('POST', '/api/library/delete', { type: 1, ids: [trip.id] })).status).toBe(200);
    const active = (await call<{ folders: Folder[] }>('GET', '/api/library/folders')).body.folders;
    expect(active.some((f) => f.id === trip.id || f.id === day.id)).toBe(false);
    expect((await call('GET', `/api/library/originals?folderId=${day.id}`)).status).toBe(404);
    const trash = (await call<TrashListResponse>('GET', '/api/library/trash')).body;
    expect(trash.folders.map((f) => f.id)).toEqual([trip.id]);
    expect(trash.originals.some((o) => o.id === photo.id)).toBe(false);

    expect((await call('POST', '/api/library/restore', { type: 1, ids: [trip.id] })).status).toBe(200);
    expect((await originalsIn(day.id)).map((o) => o.id)).toEqual([photo.id]);

    // A single original whose folder went to the trash comes back at the root.
    expect((await call('POST', '/api/library/delete', { type: 3, ids: [photo.id] })).status).toBe(200);
    expect((await call('POST', '/api/library/delete', { type: 1, ids: [day.id] })).status).toBe(200);
    expect((await call('POST', '/api/library/restore', { type: 3, ids: [photo.id] })).status).toBe(200);
    const root = (await call<OriginalPage>('GET', '/api/library/originals')).body.items;
    expect(root.find((o) => o.id === photo.id)?.folderId).toBe(null);
    expect((await call('POST', '/api/library/restore', { type: 3, ids: [photo.id] }, other)).status).toBe(
      404,
    );
  });

  it('purges trash older than N days: Expired and its files deleted', async () => {
    const admin = await createAdmin(t.app);
    const bin = await folder('Bin');
    const old = await uploadTo(bin.id, 'old.jpg');
    const recent = await uploadTo(bin.id, 'recent.jpg');
    await call('POST', '/api/library/delete', { type: 3, ids: [old.id, recent.id] });
    const longAgo = new Date(Date.now() - 40 * 86_400_000).toISOString();
    await t.platform.db
      .updateTable('originals')
      .set({ deleted_at: longAgo })
      .where('id', '=', old.id)
      .execute();
    const keys = await t.platform.db
      .selectFrom('originals')
      .select(['id', 'blob_o', 'blob_p', 'blob_t', 'delete_status'])
      .where('id', 'in', [old.id, recent.id])
      .orderBy('id')
      .execute();

    const purge = await call<{ originals: number }>(
      'POST',
      '/api/library/purge',
      { olderThanDays: 30 },
      admin,
    );
    expect(purge.status).toBe(200);
    expect(purge.body.originals).toBe(1);
    const after = await t.platform.db
      .selectFrom('originals')
      .select(['id', 'delete_status'])
      .where('id', 'in', [old.id, recent.id])
      .orderBy('id')
      .execute();
    expect(after.map((r) => r.delete_status)).toEqual([2, 1]);
    for (const key of [keys[0]!.blob_o, keys[0]!.blob_p, keys[0]!.blob_t]) {
      expect(await t.platform.blobs.stat(key)).toBeNull();
    }
    expect(await t.platform.blobs.stat(keys[1]!.blob_o)).not.toBeNull();
    expect((await call('POST', '/api/library/restore', { type: 3, ids: [old.id] })).status).toBe(404);
    expect((await call('GET', `/api/library/original/view/${old.id}-t`)).status).toBe(404);
  });

  it('moves and copies wiggles (a copy owns its frames), and purges trashed wiggles with their frames', async () => {
    const admin = await createAdmin(t.app);
    const src = await folder('Wiggles');
    const dst = await folder('Elsewhere');
    const a = await uploadTo(src.id, 'a.jpg');
    const b = await uploadTo(src.id, 'b.jpg');
    const made = await call<CreateWigglesResponse>('POST', '/api/library/wiggles', {
      originalIds: [a.id, b.id],
      stacking: 'standard',
      target: 'current',
      folderId: src.id,
    });
    const wiggle = made.body.wiggles[0]!;
    const prefix = (
      await t.platform.db
        .selectFrom('wiggles')
        .select('blob_prefix')
        .where('id', '=', wiggle.id)
        .executeTakeFirstOrThrow()
    ).blob_prefix;
    for (const name of ['left-f', 'right-f'] as const) {
      await t.platform.blobs.put(wiggleFrameKey(prefix, name), Buffer.from(name));
    }
    const copy = await call<{ ids: number[] }>('POST', '/api/library/move', {
      type: 2,
      ids: [wiggle.id],
      targetFolderId: dst.id,
      copy: true,
    });
    expect(copy.status).toBe(200);
    const copied = (await call<WigglePage>('GET', `/api/library/wiggles?folderId=${dst.id}`)).body.items;
    expect(copied.map((w) => [w.id, w.name, w.leftOriginalId])).toEqual([[copy.body.ids[0], 'a', a.id]]);
    const copyPrefix = (
      await t.platform.db
        .selectFrom('wiggles')
        .select('blob_prefix')
        .where('id', '=', copy.body.ids[0]!)
        .executeTakeFirstOrThrow()
    ).blob_prefix;
    expect(copyPrefix).not.toBe(prefix);
    expect(await t.platform.blobs.stat(wiggleFrameKey(copyPrefix, 'left-f'))).not.toBeNull();

    expect(
      (await call('POST', '/api/library/move', { type: 2, ids: [wiggle.id], targetFolderId: dst.id })).status,
    ).toBe(200);
    expect(
      (await call<WigglePage>('GET', `/api/library/wiggles?folderId=${dst.id}`)).body.items,
    ).toHaveLength(2);
    expect((await call<WigglePage>('GET', `/api/library/wiggles?folderId=${src.id}`)).body.items).toEqual([]);

    await call('POST', '/api/library/delete', { type: 2, ids: [wiggle.id] });
    const longAgo = new Date(Date.now() - 40 * 86_400_000).toISOString();
    await t.platform.db
      .updateTable('wiggles')
      .set({ deleted_at: longAgo })
      .where('id', '=', wiggle.id)
      .execute();
    const purge = await call<{ wiggles: number }>('POST', '/api/library/purge', { olderThanDays: 30 }, admin);
    expect(purge.body.wiggles).toBe(1);
    expect(await t.platform.blobs.stat(wiggleFrameKey(prefix, 'left-f'))).toBeNull();
    expect(await t.platform.blobs.stat(wiggleFrameKey(copyPrefix, 'left-f'))).not.toBeNull();
  });

  it('renames one item and many with the template', async () => {
    const shoot = await folder('Shoot');
    const first = await uploadTo(shoot.id, 'IMG_1.jpg');
    const second = await uploadTo(shoot.id, 'IMG_2.jpg');
    expect((await call('PUT', `/api/library/originals/${first.id}`, { name: 'Cover' })).status).toBe(200);
    const bulk = await call<{ items: Array<{ id: number; name: string }> }>('POST', '/api/library/rename', {
      type: 3,
      ids: [second.id, first.id],
      template: 'Lake %original%',
      counter: 'end',
      digits: 3,
    });
    expect(bulk.body.items).toEqual([
      { id: second.id, name: 'Lake IMG_2 001' },
      { id: first.id, name: 'Lake Cover 002' },
    ]);
    expect((await originalsIn(shoot.id)).map((o) => o.name)).toEqual(['Lake Cover 002', 'Lake IMG_2 001']);
  });
});
