/**
 * make bench: a whole 1920 px wiggle (decode, align, interpolate, render, animated WebP) from a 24 MP pair, each
 * run in its own child process for an honest peak RSS. The right view is the left one rotated by 0.8° and moved
 * down 12 px, so the printed transform errors (in full-size pixels) double as a sanity check (the dy truth is only as
 * exact as libvips' rotation centre, about ±0.25 px; the vision benches measure accuracy properly).
 * Usage: tsx bench/engine/make.ts [runs]
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { encodeAnimatedWebp } from '@wiggle/engine/encode/animated';
import type { RawImage } from '@wiggle/engine/image';
import { renderWiggle } from '@wiggle/engine/pipeline/render-wiggle';
import sharp from 'sharp';
import { BENCH_CACHE, texturedJpeg } from './fixtures/textured-jpeg';

const TRUTH = { rotationDeg: 0.8, dy: 12 };
const OUTPUT_SIDE = 1920;

/** The 24 MP pair and the exact vertical offset of the right view (12 px plus the sub-pixel rest of centring). */
async function pair(): Promise<{ left: string; right: string; trueDy: number }> {
  const { path: left, bytes } = await texturedJpeg(6000, 4000);
  const right = join(BENCH_CACHE, 'textured-6000x4000-right.jpg');
  const truthFile = join(BENCH_CACHE, 'textured-6000x4000-right.json');
  if (!existsSync(right) || !existsSync(truthFile)) {
    const rotated = sharp(bytes).rotate(TRUTH.rotationDeg, { background: '#808080' });
    const { info } = await rotated.clone().toBuffer({ resolveWithObject: true });
    const centreX = (info.width - 6000) / 2;
    const centreY = (info.height - 4000) / 2;
    const top = Math.round(centreY) - TRUTH.dy;
    const out = await rotated
      .extract({ left: Math.round(centreX), top, width: 6000, height: 4000 })
      .jpeg({ quality: 92 })
      .toBuffer();
    await writeFile(right, out);
    // The scene centre lands TRUTH.dy + (centreY - round(centreY)) px lower in the right view.
    await writeFile(truthFile, JSON.stringify({ dy: TRUTH.dy + centreY - Math.round(centreY) }));
  }
  const { dy } = JSON.parse(await readFile(truthFile, 'utf8')) as { dy: number };
  return { left, right, trueDy: dy };
}

async function child(leftPath: string, rightPath: string): Promise<void> {
  const [left, right] = await Promise.all([readFile(leftPath), readFile(rightPath)]);
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const wiggle = await renderWiggle({ kind: 'pair', left, right }, { maxSide: OUTPUT_SIDE, encoding: 'raw' });
  const encodeStart = performance.now();
  const frames = wiggle.frames.flatMap((f): RawImage[] => ('raw' in f ? [f.raw] : []));
  const webp = await encodeAnimatedWebp(frames, { pingPong: true });
  const end = performance.now();
  const cpu = process.cpuUsage(cpuBefore);
  const a = wiggle.alignment;
  process.stdout.write(
    JSON.stringify({
      ms: end - start,
      cpuMs: (cpu.user + cpu.system) / 1000,
      ...wiggle.timingsMs,
      encode: end - encodeStart,
      maxRssMb: process.resourceUsage().maxRSS / 1024,
      bytes: webp.length,
      size: `${wiggle.width}x${wiggle.height}`,
      alignStatus: a.status,
      rotationDeg: a.status === 'Success' ? a.transform.rotationDeg : null,
      dy: a.status === 'Success' ? a.transform.dy : null,
      iStatus: wiggle.interpolation.status,
    }),
  );
}

async function parent(runs: number): Promise<void> {
  const { left, right, trueDy } = await pair();
  console.log(`make bench: 6000x4000 pair -> ${OUTPUT_SIDE} px 5-frame ping-pong WebP, ${runs} runs`);
  const self = fileURLToPath(import.meta.url);
  const rows = [];
  for (let i = 0; i < runs; i++) {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', self, '--child', left, right],
      {
        maxBuffer: 1 << 20,
      },
    );
    const r = JSON.parse(stdout);
    rows.push({
      'total ms': Math.round(r.ms),
      'CPU ms': Math.round(r.cpuMs),
      decode: r.decode,
      align: r.align,
      interpolate: r.interpolate,
      render: r.render,
      encode: Math.round(r.encode),
      'peak RSS MB': Math.round(r.maxRssMb),
      output: `${r.size} ${Math.round(r.bytes / 1024)} KB`,
      status: `${r.alignStatus}/${r.iStatus}`,
      'rotation err °': r.rotationDeg === null ? '-' : Math.abs(r.rotationDeg + TRUTH.rotationDeg).toFixed(3),
      'dy err px': r.dy === null ? '-' : Math.abs(Math.abs(r.dy) - trueDy).toFixed(2),
    });
  }
  console.table(rows);
  console.log(
    `load average: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${availableParallelism()} cores`,
  );
}

const args = process.argv.slice(2);
if (args[0] === '--child') await child(args[1]!, args[2]!);
else await parent(Number(args[0] ?? 2));
