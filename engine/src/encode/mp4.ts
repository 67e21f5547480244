import { spawn, spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RawImage } from '../image';
import { type AnimationOptions, delaysFor, type FrameInput, framesToRaw, playOrder } from './frame-sequence';

export interface Mp4Options extends AnimationOptions {
  /** The clip repeats the (ping-pong) cycle until it lasts at least this long; players loop poorly. */
  minDurationMs?: number;
  /** ffmpeg executable; found on PATH by default. */
  ffmpegPath?: string;
}

export class FfmpegMissingError extends Error {
  constructor() {
    super('MP4 needs ffmpeg, which is not installed (try .webp or .gif)');
    this.name = 'FfmpegMissingError';
  }
}

export function ffmpegAvailable(ffmpegPath = 'ffmpeg'): boolean {
  return spawnSync(ffmpegPath, ['-version'], { stdio: 'ignore' }).status === 0;
}

/** yuv420p needs even sizes: drop a last odd row/column instead of scaling. */
function evenRgb(frame: RawImage): RawImage {
  const width = frame.width & ~1;
  const height = frame.height & ~1;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const from = (y * frame.width + x) * frame.channels;
      const to = (y * width + x) * 3;
      data[to] = frame.data[from]!;
      data[to + 1] = frame.data[from + Math.min(1, frame.channels - 1)]!;
      data[to + 2] = frame.data[from + Math.min(2, frame.channels - 1)]!;
    }
  }
  return { data, width, height, channels: 3 };
}

/** An H.264 MP4 of the frames through ffmpeg, each frame held for its delay, so it plays like the WebP/GIF. */
export async function encodeMp4(frames: readonly FrameInput[], options: Mp4Options = {}): Promise<Buffer> {
  const ffmpeg = options.ffmpegPath ?? 'ffmpeg';
  if (!ffmpegAvailable(ffmpeg)) throw new FfmpegMissingError();
  const raws = (await framesToRaw(frames)).map(evenRgb);
  const cycle = playOrder(raws.length, options.pingPong ?? true);
  const delays = delaysFor(cycle, options.delayMs);
  const cycleMs = delays.reduce((a, b) => a + b, 0);
  const repeats = Math.max(1, Math.ceil((options.minDurationMs ?? 3000) / Math.max(1, cycleMs)));
  const { width, height } = raws[0]!;

  const dir = await mkdtemp(join(tmpdir(), 'wiggle-mp4-'));
  const out = join(dir, 'out.mp4');
  try {
    // Raw video has a constant rate: use one tick of gcd(delays) and repeat each frame for delay/tick ticks.
    const unit = delays.reduce(gcd);
    const args = [
      ...['-hide_banner', '-loglevel', 'error', '-y'],
      ...[
        '-f',
        'rawvideo',
        '-pix_fmt',
        'rgb24',
        '-s',
        `${width}x${height}`,
        '-framerate',
        `${1000}/${unit}`,
        '-i',
        'pipe:0',
      ],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p'],
      ...['-movflags', '+faststart', out],
    ];
    const child = spawn(ffmpeg, args, { stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const done = new Promise<void>((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code) =>
        code === 0 ? resolve() : reject(new Error(`ffmpeg failed: ${stderr.trim().split('\n')[0] ?? code}`)),
      );
    });
    child.stdin.on('error', () => {}); // reported through 'close'
    for (let r = 0; r < repeats; r++) {
      for (let i = 0; i < cycle.length; i++) {
        const frame = raws[cycle[i]!]!;
        for (let k = 0; k < delays[i]! / unit; k++) {
          if (!child.stdin.write(frame.data))
            await new Promise((resolve) => child.stdin.once('drain', resolve));
        }
      }
    }
    child.stdin.end();
    await done;
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function gcd(a: number, b: number): number {
  return b === 0 ? Math.max(1, a) : gcd(b, a % b);
}
