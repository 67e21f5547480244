/**
 * Ingest bench: time and peak memory of ingestImage (o/p/t from one decode) against a bare sharp baseline
 * producing the same three outputs with three shrink-on-load pipelines. Each run is its own child process,
 * so peak RSS (process.resourceUsage().maxRSS) belongs to that variant alone.
 * Usage: tsx bench/engine/ingest.ts [runs]
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { ingestImage } from '@wiggle/engine/ingest/ingest-image';
import sharp from 'sharp';
import { texturedJpeg } from './fixtures/textured-jpeg';

type Variant = 'engine' | 'bare-sharp';
interface Sample {
  variant: Variant;
  ms: number;
  /** user + system CPU time: steadier than wall time when other work shares the machine. */
  cpuMs: number;
  maxRssMb: number;
  baseRssMb: number;
  bytes: number;
}

const LIMIT = 5120;

async function bareSharp(bytes: Buffer): Promise<number> {
  const outputs = await Promise.all([
    sharp(bytes)
      .rotate()
      .resize({ width: LIMIT, height: LIMIT, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 90, mozjpeg: false })
      .toBuffer(),
    sharp(bytes).rotate().resize({ width: 720, height: 720, fit: 'inside' }).jpeg({ quality: 82 }).toBuffer(),
    sharp(bytes).rotate().resize({ width: 180, height: 126, fit: 'cover' }).jpeg({ quality: 82 }).toBuffer(),
  ]);
  return outputs.reduce((n, b) => n + b.length, 0);
}

async function engine(bytes: Buffer): Promise<number> {
  const { o, p, t } = await ingestImage(bytes, { resolutionLimit: LIMIT });
  return o.data.length + p.data.length + t.data.length;
}

async function child(variant: Variant, file: string): Promise<void> {
  const bytes = await readFile(file);
  const baseRssMb = process.resourceUsage().maxRSS / 1024;
  const cpuBefore = process.cpuUsage();
  const start = performance.now();
  const out = variant === 'engine' ? await engine(bytes) : await bareSharp(bytes);
  const ms = performance.now() - start;
  const cpu = process.cpuUsage(cpuBefore);
  const sample: Sample = {
    variant,
    ms,
    cpuMs: (cpu.user + cpu.system) / 1000,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    baseRssMb,
    bytes: out,
  };
  process.stdout.write(JSON.stringify(sample));
}

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

async function parent(runs: number): Promise<void> {
  const { path, bytes } = await texturedJpeg(6000, 4000);
  console.log(
    `ingest bench: 6000x4000 JPEG (${(bytes.length / 1e6).toFixed(1)} MB), limit ${LIMIT}, ${runs} runs each`,
  );
  const self = fileURLToPath(import.meta.url);
  const samples: Sample[] = [];
  for (let i = 0; i < runs; i++) {
    // Alternate variants so drift in machine load hits both alike.
    for (const variant of ['engine', 'bare-sharp'] as const) {
      const { stdout } = await promisify(execFile)(process.execPath, [
        '--import',
        'tsx',
        self,
        '--child',
        variant,
        path,
      ]);
      samples.push(JSON.parse(stdout) as Sample);
    }
  }
  const rows = (['engine', 'bare-sharp'] as const).map((variant) => {
    const mine = samples.filter((s) => s.variant === variant);
    return {
      variant,
      'median ms': Math.round(median(mine.map((s) => s.ms))),
      'min ms': Math.round(Math.min(...mine.map((s) => s.ms))),
      'median CPU ms': Math.round(median(mine.map((s) => s.cpuMs))),
      'peak RSS MB': Math.round(median(mine.map((s) => s.maxRssMb))),
      'RSS growth MB': Math.round(median(mine.map((s) => s.maxRssMb - s.baseRssMb))),
      'output KB': Math.round(mine[0]!.bytes / 1024),
    };
  });
  console.table(rows);
  const ratio = rows[0]!['median ms'] / rows[1]!['median ms'];
  const cpuRatio = rows[0]!['median CPU ms'] / rows[1]!['median CPU ms'];
  console.log(
    `engine / bare sharp: wall ${ratio.toFixed(2)}x, CPU ${cpuRatio.toFixed(2)}x (target <= 1.20x)`,
  );
  console.log(
    `load average during the run: ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${availableParallelism()} cores`,
  );
}

const args = process.argv.slice(2);
if (args[0] === '--child') await child(args[1] as Variant, args[2]!);
else await parent(Number(args[0] ?? 5));
