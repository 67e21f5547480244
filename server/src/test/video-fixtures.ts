import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * Real MP4 files for the video tests, made by ffmpeg (libx264) from its test pattern: the server's check must accept
 * what a real H.264 muxer writes, not what a test believes one writes.
 */
const run = promisify(execFile);
const cache = new Map<string, Promise<Buffer>>();

/** `faststart`: the `moov` box before `mdat` (as mediabunny writes it); without, after it (ffmpeg's default). */
export function h264Mp4(width = 64, height = 48, seconds = 1, faststart = true): Promise<Buffer> {
  const key = `${width}x${height}x${seconds}x${faststart}`;
  let made = cache.get(key);
  if (!made) {
    made = (async () => {
      const dir = await mkdtemp(path.join(os.tmpdir(), 'wiggle-mp4-'));
      const out = path.join(dir, 'video.mp4');
      try {
        await run('ffmpeg', [
          '-hide_banner',
          '-loglevel',
          'error',
          '-f',
          'lavfi',
          '-i',
          `testsrc=size=${width}x${height}:rate=10`,
          '-t',
          String(seconds),
          '-c:v',
          'libx264',
          '-pix_fmt',
          'yuv420p',
          ...(faststart ? ['-movflags', '+faststart'] : []),
          out,
        ]);
        return await readFile(out);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    })();
    cache.set(key, made);
  }
  return made;
}

/** The same file with its video sample entry renamed (e.g. `hvc1`): an MP4 whose video is not H.264 to the checker. */
export function withSampleEntry(mp4: Buffer, fourcc: string): Buffer {
  const copy = Buffer.from(mp4);
  const at = copy.indexOf('avc1', copy.indexOf('stsd'));
  if (at < 0) throw new Error('no avc1 sample entry');
  copy.write(fourcc, at, 'latin1');
  return copy;
}

/** A multipart body with one file part named `field`. */
export function multipartFile(
  field: string,
  bytes: Buffer,
  filename = 'wiggle.mp4',
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----video${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: video/mp4\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
