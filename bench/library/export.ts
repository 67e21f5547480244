/**
 * Export: wall time and peak memory of exporting one 24 MP pair (6000x4000, synthetic layered scene with parallax)
 * at 4096 px, Enhanced (in-betweens at the export size), beside the library creation of the same pair in the same
 * run, on a real server (embedded default: SQLite, local disk, in-process jobs on the engine's worker threads).
 *
 * Memory: the engine's workers are threads of this process, so the process' RSS is the whole figure. The kernel's
 * high-water mark (VmHWM) is reset before each phase (`echo 5 > /proc/self/clear_refs`), so each phase reports its
 * own peak; a 10 ms sampler of RSS is printed beside it as a cross-check. CPU seconds (all threads) are printed
 * beside the wall time: on a shared machine the wall time also measures the other processes.
 * Usage: npm run bench:export -w bench
 */

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import type { RawImage } from '@wiggle/engine/image';
import { exportDepsOf } from '@wiggle/server/features/exports/deps';
import { registerExportJobs } from '@wiggle/server/features/exports/jobs';
import { createCreditStore } from '@wiggle/server/features/shop/credit-store';
import { wigglesDepsOf } from '@wiggle/server/features/wiggles/deps';
import sharp from 'sharp';
import { syntheticPair } from '../engine/data/synthetic-pairs';
import { BENCH_CACHE } from '../engine/fixtures/textured-jpeg';
import { fmt, mb, startBenchServer } from './bench-server';

const EXPORT_SIZE = 4096;
const GOAL = { seconds: 20, rssMb: 1536 };

const jpeg = (image: RawImage) =>
  sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } })
    .jpeg({ quality: 90 })
    .toBuffer();

const kib = (line: string | undefined) => Number(line?.match(/(\d+)\s*kB/)?.[1] ?? Number.NaN) * 1024;
function procStatus() {
  const text = readFileSync('/proc/self/status', 'utf8');
  const field = (name: string) => kib(text.split('\n').find((l) => l.startsWith(`${name}:`)));
  return { rss: field('VmRSS'), hwm: field('VmHWM') };
}

/** Runs `work` and reports its wall time, the RSS before it and its peak RSS (kernel high-water mark and sampler). */
async function measured<T>(work: () => Promise<T>) {
  globalThis.gc?.();
  writeFileSync('/proc/self/clear_refs', '5');
  const before = procStatus().rss;
  let sampled = before;
  const sampler = setInterval(() => {
    sampled = Math.max(sampled, process.memoryUsage.rss());
  }, 10);
  const start = performance.now();
  const cpuBefore = process.cpuUsage();
  try {
    const result = await work();
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    return {
      result,
      seconds: (performance.now() - start) / 1000,
      cpuSeconds,
      before,
      peak: procStatus().hwm,
      sampled,
    };
  } finally {
    clearInterval(sampler);
  }
}

/** The pair's JPEGs, cached under bench/.cache (making the 24 MP scene takes a while). */
async function pairJpegs(): Promise<[Buffer, Buffer]> {
  const paths = ['left', 'right'].map((side) => join(BENCH_CACHE, `synthetic-6000x4000-${side}.jpg`));
  if (paths.every((p) => existsSync(p))) return [readFileSync(paths[0]!), readFileSync(paths[1]!)];
  console.error('making the 24 MP synthetic pair (cached for the next runs)…');
  const pair = syntheticPair(6000, 4000, 5);
  const bytes = await Promise.all([jpeg(pair.left), jpeg(pair.right)]);
  mkdirSync(BENCH_CACHE, { recursive: true });
  for (const [i, p] of paths.entries()) writeFileSync(p, bytes[i]!);
  return bytes as [Buffer, Buffer];
}

const [left, right] = await pairJpegs();
const server = await startBenchServer({ JOB_TIMEOUT_SECONDS: '900', WELCOME_GIFT_CREDITS: '0' });
// The bench server runs the creation jobs; the export's job runs beside them on the same engine, as in `npm start`.
registerExportJobs(exportDepsOf(server.platform, wigglesDepsOf(server.platform).engine));
const auth = { authorization: `Bearer ${server.token}` };
const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: body === undefined ? auth : { ...auth, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};
const pause = () => new Promise((resolve) => setTimeout(resolve, 50));

try {
  const form = new FormData();
  form.append('file', new Blob([left], { type: 'image/jpeg' }), 'left.jpg');
  form.append('file', new Blob([right], { type: 'image/jpeg' }), 'right.jpg');
  const uploaded = (await (
    await fetch(`${server.url}/api/library/originals`, { method: 'POST', headers: auth, body: form })
  ).json()) as { originals: Array<{ id: number; width: number; height: number }> };
  const originals = uploaded.originals.map((o) => `${o.width}x${o.height}`).join(' + ');

  console.error('creating the library wiggle…');
  const creation = await measured(async () => {
    const created = await call<{ wiggles: Array<{ id: number }> }>('POST', '/library/wiggles', {
      originalIds: uploaded.originals.map((o) => o.id),
      stacking: 'auto-align',
      target: 'current',
    });
    const id = created.wiggles[0]!.id;
    for (;;) {
      const [s] = await call<Array<{ createStatus: string; iStatus: string }>>(
        'GET',
        `/library/wiggles/status?ids=${id}`,
      );
      if (s?.createStatus.endsWith('Error')) throw new Error(`creation failed: ${JSON.stringify(s)}`);
      if (s?.createStatus === 'Success' && s.iStatus !== 'InProgress') return { id, iStatus: s.iStatus };
      await pause();
    }
  });

  const me = await server.platform.db.selectFrom('users').select('id').executeTakeFirstOrThrow();
  await server.platform.db.transaction().execute((trx) =>
    createCreditStore(server.platform.db).insertGrantedRoll(trx, {
      userId: me.id,
      type: 'Coupon',
      packageId: null,
      packageName: 'Bench roll',
      credits: 1,
      maxResolution: EXPORT_SIZE,
      validityDays: null,
    }),
  );

  console.error(`exporting at ${EXPORT_SIZE} px…`);
  const exported = await measured(async () => {
    const started = await call<{ exportId: number }>(
      'POST',
      `/library/wiggles/${creation.result.id}/export`,
      {
        albumId: null,
        size: EXPORT_SIZE,
        mode: 'enhanced',
        orientation: 'landscape',
        padding: 0,
      },
    );
    for (;;) {
      const s = await call<{ status: string; error: string | null; galleryWiggleId: number | null }>(
        'GET',
        `/exports/${started.exportId}`,
      );
      if (s.status === 'Error') throw new Error(`export failed: ${s.error}`);
      if (s.status === 'Success') return s.galleryWiggleId!;
      await pause();
    }
  });
  const gallery = await call<{ width: number; height: number }>('GET', `/gallery/wiggles/${exported.result}`);

  console.log(`24 MP pair (6000x4000 JPEG, stored as originals ${originals}), auto-align, Enhanced`);
  const row = (
    m: { seconds: number; cpuSeconds: number; before: number; peak: number; sampled: number },
    what: string,
  ) => ({
    phase: what,
    'wall s': fmt(m.seconds, 2),
    // Every thread of the process (engine workers, libvips): what the work costs, whatever else the machine runs.
    'CPU s': fmt(m.cpuSeconds, 2),
    'RSS before MB': Math.round(mb(m.before)),
    'peak RSS MB (VmHWM)': Math.round(mb(m.peak)),
    'peak RSS MB (10 ms sampler)': Math.round(mb(m.sampled)),
  });
  console.table([
    row(creation, `library creation (baseline), iStatus ${creation.result.iStatus}`),
    row(exported, `export ${EXPORT_SIZE} px enhanced → ${gallery.width}x${gallery.height}`),
  ]);
  const ok = exported.seconds <= GOAL.seconds && mb(exported.peak) <= GOAL.rssMb;
  console.log(
    `goal ≤ ${GOAL.seconds} s and ≤ ${GOAL.rssMb} MB peak RSS: ${ok ? 'met' : 'missed'}; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${availableParallelism()} cores`,
  );
} finally {
  await server.close();
}
