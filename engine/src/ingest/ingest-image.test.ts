import sharp, { type Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { EngineInputError } from '../image';
import { pngHeaderClaiming } from '../testing/fake-png';
import { decodeRgb, gradientRaw, jpegOf, meanRgb, sharpFromRaw, solidRaw } from '../testing/make-images';
import { readExifCamera as readExifCameraOf } from './exif-camera';
import { ingestImage } from './ingest-image';

async function refusal(promise: Promise<unknown>): Promise<EngineInputError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EngineInputError);
  return error as EngineInputError;
}

describe('ingestImage', () => {
  it('produces o, p (720 long side) and t (180x126 cover) from a landscape JPEG', async () => {
    const bytes = await jpegOf(gradientRaw(1600, 1000));
    const { o, p, t, meta } = await ingestImage(bytes);
    expect([o.width, o.height, o.format]).toEqual([1600, 1000, 'jpeg']);
    expect([p.width, p.height]).toEqual([720, 450]);
    expect([t.width, t.height]).toEqual([180, 126]);
    expect(meta).toMatchObject({
      type: 'jpeg',
      width: 1600,
      height: 1000,
      downscaled: false,
      reencoded: true,
    });
    const decodedT = await sharp(t.data).metadata();
    expect([decodedT.width, decodedT.height, decodedT.format]).toEqual([180, 126, 'jpeg']);
  });

  it('downscales o to the resolution limit on the long side', async () => {
    const bytes = await sharpFromRaw(gradientRaw(1200, 2000)).png().toBuffer();
    const { o, p, meta } = await ingestImage(bytes, { resolutionLimit: 1000 });
    expect([o.width, o.height]).toEqual([600, 1000]);
    expect([p.width, p.height]).toEqual([432, 720]);
    expect(meta.downscaled).toBe(true);
  });

  it('keeps a picture under a limit larger than libvips resizes to (1e12 ended in its error)', async () => {
    const bytes = await sharpFromRaw(gradientRaw(300, 200)).png().toBuffer();
    const { o, meta } = await ingestImage(bytes, { resolutionLimit: 1e12 });
    expect([o.width, o.height, meta.downscaled]).toEqual([300, 200, false]);
  });

  it('applies EXIF orientation 6 (rotate 90° clockwise) and strips metadata from outputs', async () => {
    // Left half red, right half blue; after a 90° clockwise turn red is on top.
    const raw = solidRaw(400, 200, [0, 0, 255]);
    for (let y = 0; y < 200; y++) for (let x = 0; x < 200; x++) raw.data.set([255, 0, 0], (y * 400 + x) * 3);
    const bytes = await sharpFromRaw(raw).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const { o, meta } = await ingestImage(bytes);
    expect(meta.orientation).toBe(6);
    expect([meta.width, meta.height]).toEqual([200, 400]);
    expect([o.width, o.height]).toEqual([200, 400]);
    const pixels = await decodeRgb(o.data);
    expect(meanRgb(pixels, 50, 50, 100, 100)[0]).toBeGreaterThan(200);
    expect(meanRgb(pixels, 50, 250, 100, 100)[2]).toBeGreaterThan(200);
    const outMeta = await sharp(o.data).metadata();
    expect(outMeta.orientation).toBeUndefined();
    expect(outMeta.exif).toBeUndefined();
  });

  it('reads the camera make and model from EXIF', async () => {
    const bytes = await sharpFromRaw(gradientRaw(64, 64))
      .jpeg()
      .withExif({ IFD0: { Make: 'FUJIFILM', Model: 'FinePix REAL 3D W3' } })
      .toBuffer();
    const { meta } = await ingestImage(bytes);
    expect(meta.make).toBe('FUJIFILM');
    expect(meta.model).toBe('FinePix REAL 3D W3');
  });

  it('keeps EXIF in o only when asked, never in p or t, and never the orientation tag', async () => {
    const bytes = await sharpFromRaw(gradientRaw(300, 200))
      .jpeg()
      .withExif({ IFD0: { Make: 'Nintendo', Model: 'Nintendo 3DS', Orientation: '3' } })
      .toBuffer();
    const kept = await ingestImage(bytes, { keepMetadata: true });
    const oMeta = await sharp(kept.o.data).metadata();
    expect(oMeta.exif).toBeDefined();
    expect(oMeta.orientation ?? 1).toBe(1);
    expect(readExifCameraOf(oMeta.exif)).toEqual({ make: 'Nintendo', model: 'Nintendo 3DS' });
    expect((await sharp(kept.p.data).metadata()).exif).toBeUndefined();
    expect((await sharp(kept.t.data).metadata()).exif).toBeUndefined();
    expect((await sharp((await ingestImage(bytes)).o.data).metadata()).exif).toBeUndefined();
  });

  it('keeps a PNG byte for byte when re-encoding is off and nothing needs changing', async () => {
    const bytes = await sharpFromRaw(gradientRaw(300, 200)).png().toBuffer();
    const kept = await ingestImage(bytes, { reencode: false });
    expect(kept.o.format).toBe('png');
    expect(Buffer.compare(kept.o.data, bytes)).toBe(0);
    expect(kept.meta.reencoded).toBe(false);
    const reencoded = await ingestImage(bytes);
    expect(reencoded.o.format).toBe('jpeg');
  });

  it('keeps the source format but resizes when re-encoding is off and the image is over the limit', async () => {
    const bytes = await sharpFromRaw(gradientRaw(800, 400)).webp({ lossless: true }).toBuffer();
    const { o } = await ingestImage(bytes, { reencode: false, resolutionLimit: 400 });
    expect([o.format, o.width, o.height]).toEqual(['webp', 400, 200]);
  });

  it.each([
    ['avif', (s: Sharp) => s.avif({ effort: 0 })],
    ['tiff', (s: Sharp) => s.tiff()],
    ['16-bit png', (s: Sharp) => s.png().toColourspace('rgb16')],
    ['cmyk jpeg', (s: Sharp) => s.toColourspace('cmyk').jpeg()],
  ] as const)('ingests %s into an sRGB JPEG o', async (_name, encode) => {
    const bytes = await encode(sharpFromRaw(gradientRaw(300, 200))).toBuffer();
    const { o, t } = await ingestImage(bytes);
    const meta = await sharp(o.data).metadata();
    expect([meta.format, meta.space, meta.depth, meta.width, meta.height]).toEqual([
      'jpeg',
      'srgb',
      'uchar',
      300,
      200,
    ]);
    expect([t.width, t.height]).toEqual([180, 126]);
  });

  it('ingests the first frame of a GIF', async () => {
    const bytes = await sharpFromRaw(gradientRaw(120, 80)).gif().toBuffer();
    const { o } = await ingestImage(bytes);
    expect([o.width, o.height]).toEqual([120, 80]);
  });

  it('refuses a truncated JPEG as corrupt', async () => {
    const bytes = await jpegOf(gradientRaw(800, 600));
    const error = await refusal(ingestImage(bytes.subarray(0, Math.floor(bytes.length / 2))));
    expect(error.code).toBe('corrupt');
  });

  it.each(['png', 'webp', 'gif', 'tiff', 'avif'] as const)('refuses a %s cut in half', async (format) => {
    const bytes = await sharpFromRaw(gradientRaw(600, 400))[format]().toBuffer();
    const error = await refusal(ingestImage(bytes.subarray(0, bytes.length >> 1)));
    expect(['corrupt', 'not_an_image']).toContain(error.code);
  });

  it('refuses a PNG whose header claims 100000x100000 pixels without allocating them', async () => {
    const before = process.memoryUsage().rss;
    const error = await refusal(ingestImage(pngHeaderClaiming(100_000, 100_000)));
    expect(error.code).toBe('too_large');
    expect(process.memoryUsage().rss - before).toBeLessThan(200 * 1024 * 1024);
  });

  it('refuses text and empty input as not an image', async () => {
    expect((await refusal(ingestImage(Buffer.from('just some text, renamed to photo.jpg')))).code).toBe(
      'not_an_image',
    );
    expect((await refusal(ingestImage(new Uint8Array()))).code).toBe('not_an_image');
  });
});
