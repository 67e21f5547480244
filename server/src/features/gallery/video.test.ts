import { Messages } from '@wiggle/common/messages';
import type { GalleryWiggle } from '@wiggle/common/schemas/gallery';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BlobStore } from '../../platform/blobs/blob-store';
import { NotFound } from '../../platform/errors';
import { galleryFrames, testGalleryDeps } from '../../test/gallery-fixtures';
import {
  bearer,
  createTestApp,
  registerMember,
  type TestApp,
  type TestMember,
  testDialects,
} from '../../test/harness';
import { h264Mp4, multipartFile, withSampleEntry } from '../../test/video-fixtures';
import { createAlbum } from './album-service';
import type { GalleryDeps } from './deps';
import { purgeGalleryTrash } from './purge-service';
import { createShareLink } from './share-link-service';
import { storeVideo } from './video-service';
import { setMemberWatermarks } from './watermark-service';
import { createGalleryWiggle, moveOrCopyWiggles, trashGalleryWiggles } from './wiggle-service';

const VIDEO_LIMIT = 200_000;

describe.each(testDialects())('gallery wiggle videos on %s', (dialect) => {
  let t: TestApp;
  let deps: GalleryDeps;
  let owner: TestMember;
  let other: TestMember;
  let mp4: Buffer;
  let publicAlbumId: number;

  const make = async (albumId: number | null, inBetweens = true) =>
    (
      await createGalleryWiggle(deps, owner.id, albumId, await galleryFrames(inBetweens, 320, 240), {
        name: 'Video wiggle',
        width: 320,
        height: 240,
      })
    ).id;
  const upload = (id: number, bytes: Buffer, token = owner.token, field = 'file') => {
    const body = multipartFile(field, bytes);
    return t.app.inject({
      method: 'POST',
      url: `/api/gallery/wiggles/${id}/video`,
      headers: { ...body.headers, ...bearer(token) },
      payload: body.payload,
    });
  };
  const prefixOf = async (id: number) =>
    await t.platform.db
      .selectFrom('gallery_wiggles')
      .select(['blob_prefix', 'video_key'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const videoBlobs = async (id: number) => {
    const { blob_prefix } = await prefixOf(id);
    const keys: string[] = [];
    for await (const blob of t.platform.blobs.list(`${blob_prefix}/`)) {
      if (blob.key.endsWith('.mp4')) keys.push(blob.key);
    }
    return keys.sort();
  };

  beforeAll(async () => {
    t = await createTestApp({ dialect, env: { VIDEO_MAX_BYTES: String(VIDEO_LIMIT) } });
    deps = testGalleryDeps(t.app);
    owner = await registerMember(t.app);
    other = await registerMember(t.app);
    mp4 = await h264Mp4(320, 240, 1);
    publicAlbumId = (
      await createAlbum(t.platform.db, owner.id, {
        name: 'Public',
        parentId: null,
        public: true,
        preventPublicListing: false,
      })
    ).id;
  });
  afterAll(async () => t?.close());

  it("gives the owner the frames to encode, with the member's video watermark drawn by the engine", async () => {
    const id = await make(null);
    const frames = await galleryFrames(true, 320, 240);
    const frame = (position: string, token = owner.token) =>
      t.app.inject({
        method: 'GET',
        url: `/api/gallery/wiggles/${id}/video-frames/${position}`,
        headers: bearer(token),
      });
    const plain = await frame('left');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-type']).toBe('image/webp');
    expect(plain.headers['cache-control']).toBe('private, no-cache');
    expect(Buffer.compare(plain.rawPayload, frames.left.full)).toBe(0);

    await setMemberWatermarks(t.platform.db, owner.id, { video: '© Video', iframe: '', share: '' });
    const marked = await frame('right');
    expect(marked.statusCode).toBe(200);
    const [a, b] = await Promise.all(
      [marked.rawPayload, frames.right.full].map((img) => sharp(img).removeAlpha().raw().toBuffer()),
    );
    // The watermark sits in the bottom-right corner; the top-left keeps the frame's own colour (within WebP's loss).
    const meanDifference = (y0: number, y1: number, x0: number, x1: number) => {
      let sum = 0;
      for (let y = y0; y < y1; y++) {
        for (let x = x0; x < x1; x++) {
          for (let c = 0; c < 3; c++)
            sum += Math.abs(a![(y * 320 + x) * 3 + c]! - b![(y * 320 + x) * 3 + c]!);
        }
      }
      return sum / ((y1 - y0) * (x1 - x0) * 3);
    };
    expect(meanDifference(0, 100, 0, 160)).toBeLessThan(3);
    expect(meanDifference(204, 240, 192, 320)).toBeGreaterThan(5);
    await setMemberWatermarks(t.platform.db, owner.id, { video: '', iframe: '', share: '' });

    expect((await frame('50')).statusCode).toBe(200);
    expect((await frame('50', other.token)).statusCode).toBe(404);
    expect((await frame('middle')).statusCode).toBe(400);
    const noInBetweens = await make(null, false);
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/gallery/wiggles/${noInBetweens}/video-frames/25`,
      headers: bearer(owner.token),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('stores an H.264 MP4 and serves it under the access rules, with byte ranges', async () => {
    const id = await make(null);
    const res = await upload(id, mp4);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<GalleryWiggle>().hasVideo).toBe(true);
    const url = `/api/gallery/wiggle/video/${id}.mp4`;
    const own = await t.app.inject({ method: 'GET', url, headers: bearer(owner.token) });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('video/mp4');
    expect(own.headers['accept-ranges']).toBe('bytes');
    expect(own.headers['cache-control']).toBe('private, no-cache');
    expect(Buffer.compare(own.rawPayload, mp4)).toBe(0);
    const part = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...bearer(owner.token), range: 'bytes=4-11' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4-11/${mp4.length}`);
    expect(part.rawPayload.toString('latin1')).toBe('ftypisom');
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url, headers: bearer(other.token) })).statusCode).toBe(404);
    const none = await make(null);
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/gallery/wiggle/video/${none}.mp4`,
      headers: bearer(owner.token),
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses what is not an H.264 MP4 with a clear 400, too large with 413, a foreign id with 404; no blob stays', async () => {
    const id = await make(null);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const cases: [Buffer, string][] = [
      [png, Messages.video.notMp4],
      [withSampleEntry(mp4, 'hvc1'), Messages.video.notH264],
      [mp4.subarray(0, Math.floor(mp4.length / 2)), Messages.video.notMp4],
      [mp4.subarray(0, 32), Messages.video.notMp4],
      [Buffer.alloc(0), Messages.video.notMp4],
    ];
    for (const [bytes, message] of cases) {
      const res = await upload(id, bytes);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const wrongField = await upload(id, mp4, owner.token, 'video');
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().error.message).toBe(Messages.video.fileMissing);
    const notMultipart = await t.app.inject({
      method: 'POST',
      url: `/api/gallery/wiggles/${id}/video`,
      headers: { ...bearer(owner.token), 'content-type': 'video/mp4' },
      payload: mp4,
    });
    expect(notMultipart.statusCode).toBe(400);
    const large = await upload(id, Buffer.concat([mp4, Buffer.alloc(VIDEO_LIMIT)]));
    expect(large.statusCode).toBe(413);
    expect(large.json().error.message).toBe(Messages.video.tooLarge(Math.round(VIDEO_LIMIT / 1024 / 1024)));
    expect((await upload(id, mp4, other.token)).statusCode).toBe(404);
    expect((await upload(2_000_000_000, mp4)).statusCode).toBe(404);
    expect((await upload(id, mp4, 'not-a-token')).statusCode).toBe(401);
    expect(await videoBlobs(id)).toEqual([]);
    expect((await prefixOf(id)).video_key).toBeNull();
  });

  it('a new video replaces the old one and deletes its blob; racing uploads leave exactly one', async () => {
    const id = await make(null);
    await upload(id, mp4);
    const first = (await prefixOf(id)).video_key;
    const again = await upload(id, await h264Mp4(320, 240, 2));
    expect(again.statusCode).toBe(200);
    const second = (await prefixOf(id)).video_key;
    expect(second).not.toBe(first);
    expect(await videoBlobs(id)).toEqual([second]);

    const results = await Promise.all([upload(id, mp4), upload(id, mp4), upload(id, mp4)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(await videoBlobs(id)).toEqual([(await prefixOf(id)).video_key]);
  });

  it('no orphan blob when the wiggle goes away while its video is being stored', async () => {
    const id = await make(null);
    const trashingBlobs: BlobStore = {
      ...t.platform.blobs,
      list: t.platform.blobs.list.bind(t.platform.blobs),
      get: t.platform.blobs.get.bind(t.platform.blobs),
      stat: t.platform.blobs.stat.bind(t.platform.blobs),
      delete: t.platform.blobs.delete.bind(t.platform.blobs),
      put: async (key, body, options) => {
        const stored = await t.platform.blobs.put(key, body, options);
        await trashGalleryWiggles(t.platform.db, owner.id, [id]);
        return stored;
      },
    };
    const { writeFile, mkdtemp } = await import('node:fs/promises');
    const dir = await mkdtemp(`${t.platform.config.DATA_DIR}/v-`);
    await writeFile(`${dir}/v.mp4`, mp4);
    const form = {
      fields: {},
      files: [{ field: 'file', filename: 'v.mp4', path: `${dir}/v.mp4` }],
      cleanup: async () => {},
    };
    await expect(
      storeVideo({ ...deps, blobs: trashingBlobs }, owner.id, id, form, VIDEO_LIMIT),
    ).rejects.toBeInstanceOf(NotFound);
    expect(await videoBlobs(id)).toEqual([]);
  });

  it("a copy has its own video; the trash purge deletes a wiggle's video with its frames", async () => {
    const id = await make(null);
    await upload(id, mp4);
    const [copy] = await moveOrCopyWiggles(deps, owner.id, [id], null, true);
    const copyKey = (await prefixOf(copy!)).video_key;
    expect(copyKey).not.toBeNull();
    expect(copyKey).not.toBe((await prefixOf(id)).video_key);
    const served = await t.app.inject({
      method: 'GET',
      url: `/api/gallery/wiggle/video/${copy}.mp4`,
      headers: bearer(owner.token),
    });
    expect(Buffer.compare(served.rawPayload, mp4)).toBe(0);

    await trashGalleryWiggles(t.platform.db, owner.id, [id]);
    expect(await videoBlobs(id)).toHaveLength(1);
    await purgeGalleryTrash(deps, 0);
    expect(await videoBlobs(id)).toEqual([]);
    expect(await videoBlobs(copy!)).toEqual([copyKey]);
  });

  it('public pages carry og:video and a Twitter player when a video exists; public videos are cacheable', async () => {
    const id = await make(publicAlbumId);
    const page = () => t.app.inject({ method: 'GET', url: `/album/${publicAlbumId}/${id}` });
    const before = (await page()).body;
    expect(before).not.toContain('og:video');
    expect(before).toContain('<meta name="twitter:card" content="summary_large_image">');
    await upload(id, mp4);
    const after = (await page()).body;
    const videoUrl = `http://wiggle.test/api/gallery/wiggle/video/${id}.mp4`;
    expect(after).toContain(`<meta property="og:video" content="${videoUrl}">`);
    expect(after).toContain('<meta property="og:video:type" content="video/mp4">');
    expect(after).toContain('<meta property="og:video:width" content="320">');
    expect(after).toContain('<meta property="og:video:height" content="240">');
    expect(after).toContain('<meta name="twitter:card" content="player">');
    expect(after).toContain(`<meta name="twitter:player" content="http://wiggle.test/iframe/w-${id}.html">`);
    expect(after).toContain(`<meta name="twitter:player:stream" content="${videoUrl}">`);
    const pub = await t.app.inject({ method: 'GET', url: `/api/gallery/wiggle/video/${id}.mp4` });
    expect(pub.statusCode).toBe(200);
    expect(pub.headers['cache-control']).toMatch(/^public, max-age=\d+$/);

    const privateId = await make(null);
    await upload(privateId, mp4);
    const validUntil = new Date(Date.now() + 3_600_000).toISOString();
    const { token } = await createShareLink(deps, owner.id, { wiggleId: privateId, name: 'l', validUntil });
    const shared = (await t.app.inject({ method: 'GET', url: `/s/${token}` })).body;
    const sharedUrl = `http://wiggle.test/api/gallery/wiggle/video/${privateId}.mp4?share=${token}`;
    expect(shared).toContain(`<meta property="og:video" content="${sharedUrl}">`);
    const holder = await t.app.inject({
      method: 'GET',
      url: `/api/gallery/wiggle/video/${privateId}.mp4?share=${token}`,
    });
    expect(holder.statusCode).toBe(200);
    expect(holder.headers['cache-control']).toBe('private, no-cache');
  });
});
