import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineInputError } from '../image';
import { decodeRgb, meanRgb, solidRaw } from '../testing/make-images';
import { encodeAnimatedWebp, encodeGif } from './animated';
import { playOrder } from './frame-sequence';
import { encodeMp4, ffmpegAvailable } from './mp4';
import { zipFrames } from './zip-frames';

const COLOURS: [number, number, number][] = [
  [250, 0, 0],
  [0, 250, 0],
  [0, 0, 250],
  [250, 250, 0],
  [0, 250, 250],
];
const frames = COLOURS.map((c) => solidRaw(64, 48, c));

async function pageColour(bytes: Buffer, page: number) {
  const pixels = await decodeRgb(await sharp(bytes, { page }).png().toBuffer());
  return meanRgb(pixels, 8, 8, 48, 32).map(Math.round);
}

describe('playOrder', () => {
  it('plays 5 frames forward then back without repeating the ends', () => {
    expect(playOrder(5, true)).toEqual([0, 1, 2, 3, 4, 3, 2, 1]);
    expect(playOrder(5, false)).toEqual([0, 1, 2, 3, 4]);
    expect(playOrder(2, true)).toEqual([0, 1]);
  });
});

describe('encodeAnimatedWebp', () => {
  it('has one page per played frame, each with the delay, in ping-pong order', async () => {
    const webp = await encodeAnimatedWebp(frames, { delayMs: 150, pingPong: true });
    const meta = await sharp(webp, { animated: true }).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.pages).toBe(8);
    expect(meta.pageHeight).toBe(48);
    expect(meta.delay).toEqual(Array(8).fill(150));
    expect(meta.loop).toBe(0);
    // Page 5 is frame 3 again (the way back), page 7 is frame 1.
    const page5 = await pageColour(webp, 5);
    const page7 = await pageColour(webp, 7);
    expect(page5[0]).toBeGreaterThan(200);
    expect(page5[1]).toBeGreaterThan(200);
    expect(page7[1]).toBeGreaterThan(200);
    expect(page7[0]).toBeLessThan(50);
  });

  it('accepts per-frame delays and encoded frames', async () => {
    const encoded = await Promise.all(
      frames.slice(0, 2).map((f) =>
        sharp(f.data, { raw: { width: 64, height: 48, channels: 3 } })
          .webp()
          .toBuffer(),
      ),
    );
    const webp = await encodeAnimatedWebp(encoded, { delayMs: [100, 300] });
    const meta = await sharp(webp, { animated: true }).metadata();
    expect(meta.pages).toBe(2);
    expect(meta.delay).toEqual([100, 300]);
  });

  it('refuses frames of different sizes', async () => {
    await expect(
      encodeAnimatedWebp([solidRaw(10, 10, [0, 0, 0]), solidRaw(12, 10, [0, 0, 0])]),
    ).rejects.toThrow(EngineInputError);
  });
});

describe('encodeGif', () => {
  it('makes an animated GIF with the frames and delays', async () => {
    const gif = await encodeGif(frames, { delayMs: 200, pingPong: false });
    const meta = await sharp(gif, { animated: true }).metadata();
    expect(meta.format).toBe('gif');
    expect(meta.pages).toBe(5);
    expect(meta.delay).toEqual(Array(5).fill(200));
    expect((await pageColour(gif, 2))[2]).toBeGreaterThan(200);
  });
});

describe('encodeMp4', () => {
  it.skipIf(!ffmpegAvailable())('makes an H.264 MP4 that lasts at least the requested time', async () => {
    const mp4 = await encodeMp4(frames, { delayMs: 100, minDurationMs: 1600 });
    expect(mp4.subarray(4, 8).toString('ascii')).toBe('ftyp');
    const dir = await mkdtemp(join(tmpdir(), 'wiggle-mp4-test-'));
    try {
      await writeFile(join(dir, 'a.mp4'), mp4);
      const { stdout } = await promisify(execFile)('ffprobe', [
        ...['-v', 'error', '-show_entries', 'format=duration:stream=codec_name,width,height', '-of', 'json'],
        join(dir, 'a.mp4'),
      ]);
      const probe = JSON.parse(stdout);
      expect(probe.streams[0]).toMatchObject({ codec_name: 'h264', width: 64, height: 48 });
      // Two ping-pong cycles of 8 x 100 ms.
      expect(Number(probe.format.duration)).toBeCloseTo(1.6, 1);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reports a clear error when ffmpeg is missing', async () => {
    await expect(encodeMp4(frames, { ffmpegPath: '/nonexistent/ffmpeg' })).rejects.toThrow(/needs ffmpeg/);
  });
});

describe('zipFrames', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'wiggle-zip-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('streams a zip holding every frame byte for byte, including lazily opened ones', async () => {
    const left = Buffer.from('left frame bytes');
    const right = Buffer.alloc(200_000, 7);
    const zip = zipFrames([
      { name: 'wiggle-left.webp', data: left },
      {
        name: 'wiggle-right.webp',
        open: async () => Readable.from([right.subarray(0, 100_000), right.subarray(100_000)]),
      },
    ]);
    expect(zip).toBeInstanceOf(Readable);
    const file = join(dir, 'frames.zip');
    await pipeline(zip, createWriteStream(file));
    const run = promisify(execFile);
    const { stdout: listing } = await run('unzip', ['-Z1', file]);
    expect(listing.trim().split('\n')).toEqual(['wiggle-left.webp', 'wiggle-right.webp']);
    const { stdout: leftOut } = await run('unzip', ['-p', file, 'wiggle-left.webp'], { encoding: 'buffer' });
    expect(Buffer.compare(leftOut, left)).toBe(0);
    await run('unzip', ['-o', '-q', file, 'wiggle-right.webp', '-d', dir]);
    expect(Buffer.compare(await readFile(join(dir, 'wiggle-right.webp')), right)).toBe(0);
  });
});
