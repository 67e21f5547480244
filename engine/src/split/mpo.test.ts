import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EngineInputError } from '../image';
import { sniffImageType } from '../ingest/sniff';
import { decodeRgb, jpegOf, meanRgb, solidRaw } from '../testing/make-images';
import { buildMpo } from '../testing/make-mpo';
import { readMpfIndex } from './mpf-index';
import { splitMpo } from './mpo';

async function stereoJpegs() {
  const left = await jpegOf(solidRaw(320, 240, [220, 30, 30]));
  // An EXIF thumbnail inside APP1 holds its own SOI/EOI: the marker scan must not stop there.
  const right = await sharp(solidRaw(320, 240, [30, 30, 220]).data, {
    raw: { width: 320, height: 240, channels: 3 },
  })
    .jpeg()
    .withExif({ IFD0: { Make: 'Nintendo', Model: 'Nintendo 3DS' } })
    .toBuffer();
  return { left, right };
}

describe('splitMpo', () => {
  it.each(['II', 'MM'] as const)(
    'splits a %s-endian MPO by its MP Index into the two original JPEGs',
    async (endian) => {
      const { left, right } = await stereoJpegs();
      const mpo = buildMpo([left, right], endian);
      expect(sniffImageType(mpo)).toBe('mpo');
      expect(readMpfIndex(mpo)).toHaveLength(2);
      const split = splitMpo(mpo);
      expect(split.method).toBe('mpf-index');
      expect(Buffer.compare(split.right, right)).toBe(0);
      const l = await decodeRgb(split.left);
      const r = await decodeRgb(split.right);
      expect(meanRgb(l, 0, 0, 320, 240)[0]).toBeGreaterThan(200);
      expect(meanRgb(r, 0, 0, 320, 240)[2]).toBeGreaterThan(200);
    },
  );

  it('falls back to a marker scan when the MP Index offsets are wrong', async () => {
    const { left, right } = await stereoJpegs();
    const mpo = buildMpo([left, right]);
    // Corrupt the second entry's offset (entries start 50 bytes into the MP header at byte 10).
    mpo.writeUInt32LE(0x7fffffff, 10 + 50 + 16 + 8);
    const split = splitMpo(mpo);
    expect(split.method).toBe('marker-scan');
    expect(Buffer.compare(split.right, right)).toBe(0);
    expect((await sharp(split.left).metadata()).width).toBe(320);
  });

  it('skips preview copies listed before the disparity views (Panasonic/Sony layout)', async () => {
    const { left, right } = await stereoJpegs();
    const preview = await jpegOf(solidRaw(64, 48, [0, 200, 0]));
    const mpo = buildMpo([left, preview, right], 'II', [0x20020002, 0x00010001, 0x00020002]);
    const split = splitMpo(mpo);
    expect(split.method).toBe('mpf-index');
    expect(Buffer.compare(split.right, right)).toBe(0);
  });

  it('refuses an MPO that holds one picture', async () => {
    const { left } = await stereoJpegs();
    const single = buildMpo([left]);
    expect(sniffImageType(single)).toBe('jpeg');
    expect(() => splitMpo(single)).toThrow(EngineInputError);
    expect(() => splitMpo(single)).toThrow(/only one picture/);
  });
});
