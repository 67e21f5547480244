import type { Sharp } from 'sharp';
import { describe, expect, it } from 'vitest';
import { EngineInputError } from '../image';
import { gradientRaw, jpegOf, sharpFromRaw } from '../testing/make-images';
import { sniffImageType } from './sniff';

describe('sniffImageType', () => {
  const raw = gradientRaw(64, 48);

  it.each([
    ['jpeg', (s: Sharp) => s.jpeg()],
    ['png', (s: Sharp) => s.png()],
    ['webp', (s: Sharp) => s.webp()],
    ['tiff', (s: Sharp) => s.tiff()],
    ['avif', (s: Sharp) => s.avif({ effort: 0 })],
    ['gif', (s: Sharp) => s.gif()],
  ] as const)('detects %s from its bytes', async (type, encode) => {
    const bytes = await encode(sharpFromRaw(raw)).toBuffer();
    expect(sniffImageType(bytes)).toBe(type);
  });

  it('detects big-endian TIFF', async () => {
    const bytes = await sharpFromRaw(raw).tiff().toBuffer();
    const isBigEndian = bytes[0] === 0x4d;
    expect(sniffImageType(bytes)).toBe('tiff');
    if (!isBigEndian) {
      expect(sniffImageType(Buffer.concat([Buffer.from('MM\0*'), bytes.subarray(4)]))).toBe('tiff');
    }
  });

  it('refuses text renamed as an image', () => {
    const text = Buffer.from('Hello, this is not a picture at all, just words.\n');
    expect(() => sniffImageType(text)).toThrow(EngineInputError);
    try {
      sniffImageType(text);
    } catch (error) {
      expect((error as EngineInputError).code).toBe('not_an_image');
    }
  });

  it('refuses an empty file and a few bytes of JPEG signature', async () => {
    expect(() => sniffImageType(new Uint8Array())).toThrow(/not an image/);
    const jpeg = await jpegOf(raw);
    expect(() => sniffImageType(jpeg.subarray(0, 8))).toThrow(/not an image/);
  });

  it('refuses HEIC-branded ISO-BMFF (not in the supported list)', () => {
    const heic = Buffer.alloc(32);
    heic.writeUInt32BE(24, 0);
    heic.write('ftypheic', 4, 'ascii');
    heic.write('mif1heic', 16, 'ascii');
    expect(() => sniffImageType(heic)).toThrow(EngineInputError);
  });
});
