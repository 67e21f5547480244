import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Original, UploadOriginalsResponse } from '@wiggle/common/schemas/library';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerMember, type TestApp, type TestMember, testDialects } from '../../test/harness';
import {
  api,
  blobFiles,
  createLibraryTestApp,
  mpoOf,
  solidJpeg,
  solidPng,
  stereoPair,
  upload,
} from '../../test/library/library-test-kit';

describe.each(testDialects())('library uploads and media on %s', (dialect) => {
  let t: TestApp;
  let owner: TestMember;
  let other: TestMember;

  beforeAll(async () => {
    t = await createLibraryTestApp(dialect);
    owner = await registerMember(t.app);
    other = await registerMember(t.app);
  });
  afterAll(async () => t?.close());

  it('keeps the good files of a batch, reports the bad one in SPEC words and leaves nothing behind', async () => {
    const before = (await blobFiles(t)).length;
    const notAnImage = Buffer.from('This is a text file renamed to .jpg, not a picture at all.\n'.repeat(4));
    const res = await upload(t.app, owner.token, [
      { filename: 'Strand Zürich 日本.jpg', bytes: await solidJpeg(600, 400) },
      { filename: 'notes.jpg', bytes: notAnImage },
      { filename: 'logo.png', bytes: await solidPng(300, 200) },
    ]);
    expect(res.statusCode).toBe(200);
    const body = res.json<UploadOriginalsResponse>();
    expect(body.originals.map((o) => [o.name, o.width, o.height])).toEqual([
      ['Strand Zürich 日本.jpg', 600, 400],
      ['logo.png', 300, 200],
    ]);
    expect(body.originals.every((o) => o.size > 0 && o.format === 'jpeg')).toBe(true);
    expect(body.errors).toHaveLength(1);
    expect(body.errors[0]!.name).toBe('notes.jpg');
    expect(body.errors[0]!.message).toMatch(/^The file could not be processed: /);
    // o, p and t of the two good files only; the temp files are gone.
    expect((await blobFiles(t)).length - before).toBe(6);
    expect(await readdir(path.join(t.platform.config.DATA_DIR, 'tmp'))).toEqual([]);
    const rows = await t.platform.db
      .selectFrom('originals')
      .select('id')
      .where('owner_id', '=', owner.id)
      .execute();
    expect(rows.map((r) => r.id).sort()).toEqual(body.originals.map((o) => o.id).sort());
  });

  it('makes two originals, left and right, from an MPO', async () => {
    const pair = await stereoPair(320, 240);
    const res = await upload(t.app, owner.token, [
      { filename: 'DSCF0001.MPO', bytes: await mpoOf(pair.left, pair.right) },
    ]);
    const body = res.json<UploadOriginalsResponse>();
    expect(body.errors).toEqual([]);
    expect(body.originals.map((o) => o.name)).toEqual(['DSCF0001.MPO (left)', 'DSCF0001.MPO (right)']);
    expect(body.originals.map((o) => o.width)).toEqual([320, 320]);
  });

  it('applies the resolution limit and the upload folder; a foreign folder is not found', async () => {
    const folder = await api<{ id: number }>(t.app, owner.token, 'POST', '/api/library/folders', {
      name: 'Trip',
    });
    const res = await upload(
      t.app,
      owner.token,
      [{ filename: 'wide.jpg', bytes: await solidJpeg(2000, 1000) }],
      {
        folderId: String(folder.body.id),
        resolutionLimit: '1000',
      },
    );
    const [original] = res.json<UploadOriginalsResponse>().originals;
    expect([original!.width, original!.height, original!.folderId]).toEqual([1000, 500, folder.body.id]);
    const foreign = await upload(
      t.app,
      other.token,
      [{ filename: 'x.jpg', bytes: await solidJpeg(50, 50) }],
      {
        folderId: String(folder.body.id),
      },
    );
    expect(foreign.statusCode).toBe(404);
    const badLimit = await upload(
      t.app,
      owner.token,
      [{ filename: 'x.jpg', bytes: await solidJpeg(50, 50) }],
      {
        resolutionLimit: '1234',
      },
    );
    expect(badLimit.statusCode).toBe(400);
  });

  it("uses the member's stored upload settings when the upload does not say", async () => {
    const member = await registerMember(t.app);
    await t.platform.db
      .updateTable('users')
      .set({ settings: JSON.stringify({ uploadResolutionLimit: 1600 }) })
      .where('id', '=', member.id)
      .execute();
    const res = await upload(t.app, member.token, [
      { filename: 'wide.jpg', bytes: await solidJpeg(2000, 1000) },
    ]);
    expect(res.json<UploadOriginalsResponse>().originals[0]!.width).toBe(1600);
    const explicit = await upload(
      t.app,
      member.token,
      [{ filename: 'w.jpg', bytes: await solidJpeg(2000, 1000) }],
      {
        resolutionLimit: '5120',
      },
    );
    expect(explicit.json<UploadOriginalsResponse>().originals[0]!.width).toBe(2000);
  });

  it('refuses a file over the size limit alone, with the preparation error', async () => {
    const small = await createLibraryTestApp(dialect, { UPLOAD_MAX_BYTES: '20000' });
    try {
      const member = await registerMember(small.app);
      const big = await sharp({
        create: {
          width: 400,
          height: 400,
          channels: 3,
          background: '#808080',
          noise: { type: 'gaussian', mean: 128, sigma: 60 },
        },
      })
        .jpeg({ quality: 100 })
        .toBuffer();
      expect(big.length).toBeGreaterThan(20000);
      const res = await upload(small.app, member.token, [
        { filename: 'huge.jpg', bytes: big },
        { filename: 'ok.jpg', bytes: await solidJpeg(60, 40) },
      ]);
      const body = res.json<UploadOriginalsResponse>();
      expect(body.originals.map((o) => o.name)).toEqual(['ok.jpg']);
      expect(body.errors).toEqual([
        {
          name: 'huge.jpg',
          message: 'The file could not be prepared for upload: the file is larger than 0.02 MB.',
        },
      ]);
      expect(await readdir(path.join(small.platform.config.DATA_DIR, 'tmp'))).toEqual([]);
      expect(await blobFiles(small)).toHaveLength(3);
    } finally {
      await small.close();
    }
  });

  it('serves o, p and t to the owner with caching headers, and 404 to anyone else', async () => {
    const res = await upload(t.app, owner.token, [
      { filename: 'big.jpg', bytes: await solidJpeg(1600, 1200) },
    ]);
    const original: Original = res.json<UploadOriginalsResponse>().originals[0]!;
    const sizes = { o: [1600, 1200], p: [720, 540], t: [180, 126] } as const;
    for (const [size, [w, h]] of Object.entries(sizes)) {
      const url = `/api/library/original/view/${original.id}-${size}`;
      const media = await t.app.inject({ method: 'GET', url, headers: bearer(owner.token) });
      expect(media.statusCode).toBe(200);
      expect(media.headers['content-type']).toBe('image/jpeg');
      expect(media.headers['cache-control']).toBe('private, max-age=31536000, immutable');
      const meta = await sharp(media.rawPayload).metadata();
      expect([meta.width, meta.height]).toEqual([w, h]);
      const etag = String(media.headers.etag);
      const again = await t.app.inject({
        method: 'GET',
        url,
        headers: { ...bearer(owner.token), 'if-none-match': etag },
      });
      expect(again.statusCode).toBe(304);
      const head = await t.app.inject({
        method: 'GET',
        url,
        headers: { ...bearer(owner.token), range: 'bytes=0-1' },
      });
      expect(head.statusCode).toBe(206);
      expect([...head.rawPayload]).toEqual([0xff, 0xd8]);
      expect((await t.app.inject({ method: 'GET', url, headers: bearer(other.token) })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/library/original/view/${original.id}-x`,
      headers: bearer(owner.token),
    });
    expect(missing.statusCode).toBe(404);
  });
});
