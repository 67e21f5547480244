import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { galleryFrames, testGalleryDeps } from '../../test/gallery-fixtures';
import {
  bearer,
  createTestApp,
  registerMember,
  type TestApp,
  type TestMember,
  testDialects,
} from '../../test/harness';
import { createAlbum } from './album-service';
import { createShareLink } from './share-link-service';
import { setMemberWatermarks } from './watermark-service';
import { createGalleryWiggle, type GalleryFrames } from './wiggle-service';

/** Mean absolute difference of two images' pixels inside a box (fractions of width and height). */
async function difference(a: Buffer, b: Buffer, box: { x0: number; y0: number; x1: number; y1: number }) {
  const [ra, rb] = await Promise.all(
    [a, b].map((img) => sharp(img).removeAlpha().raw().toBuffer({ resolveWithObject: true })),
  );
  const { width, height } = ra!.info;
  let sum = 0;
  let n = 0;
  for (let y = Math.floor(box.y0 * height); y < Math.floor(box.y1 * height); y++) {
    for (let x = Math.floor(box.x0 * width); x < Math.floor(box.x1 * width); x++) {
      for (let c = 0; c < 3; c++)
        sum += Math.abs(ra!.data[(y * width + x) * 3 + c]! - rb!.data[(y * width + x) * 3 + c]!);
      n += 3;
    }
  }
  return sum / n;
}
const CORNER = { x0: 0.6, y0: 0.85, x1: 1, y1: 1 };
const REST = { x0: 0, y0: 0, x1: 0.5, y1: 0.6 };

describe.each(testDialects())('watermarks drawn by the engine on %s', (dialect) => {
  let t: TestApp;
  let owner: TestMember;
  let frames: GalleryFrames;
  let privateId: number;
  let publicId: number;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ dialect });
    owner = await registerMember(t.app);
    const deps = testGalleryDeps(t.app);
    frames = await galleryFrames(true, 320, 240);
    const pub = await createAlbum(t.platform.db, owner.id, {
      name: 'Pub',
      parentId: null,
      public: true,
      preventPublicListing: false,
    });
    privateId = (
      await createGalleryWiggle(deps, owner.id, null, frames, { name: 'Private', width: 320, height: 240 })
    ).id;
    publicId = (
      await createGalleryWiggle(deps, owner.id, pub.id, frames, {
        name: 'Public',
        width: 320,
        height: 240,
        iframeWatermark: '',
      })
    ).id;
    await setMemberWatermarks(t.platform.db, owner.id, { video: '', iframe: '© Embed', share: '© Shared' });
    const validUntil = new Date(Date.now() + 3_600_000).toISOString();
    token = (await createShareLink(deps, owner.id, { wiggleId: privateId, name: 'l', validUntil })).token;
  });
  afterAll(async () => t?.close());

  const get = async (url: string, headers = {}) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, url).toBe(200);
    return res.rawPayload;
  };

  it('a share-link holder gets the member’s share watermark in the corner, the rest untouched; the owner the original', async () => {
    const shared = await get(`/api/gallery/wiggle/image/${privateId}-left-f.webp?share=${token}`);
    expect(await difference(shared, frames.left.full, CORNER)).toBeGreaterThan(5);
    expect(await difference(shared, frames.left.full, REST)).toBeLessThan(1);
    const own = await get(`/api/gallery/wiggle/image/${privateId}-left-f.webp`, bearer(owner.token));
    expect(Buffer.compare(own, frames.left.full)).toBe(0);
  });

  it('an embed asks for the iframe watermark; the wiggle’s own empty choice overrides the member’s default', async () => {
    const embedded = await get(
      `/api/gallery/wiggle/image/${privateId}-left-f.webp?wm=iframe`,
      bearer(owner.token),
    );
    expect(await difference(embedded, frames.left.full, CORNER)).toBeGreaterThan(5);
    const none = await get(`/api/gallery/wiggle/image/${publicId}-left-f.webp?wm=iframe`);
    expect(Buffer.compare(none, frames.left.full)).toBe(0);
    const iframe = (await t.app.inject({ method: 'GET', url: `/iframe/w-${publicId}.html` })).body;
    expect(iframe).toContain(`/api/gallery/wiggle/image/${publicId}-left-f.webp?wm=iframe`);
  });
});
