/**
 * Alignment on real rig pairs without ground truth, and the refusal cases. Every genuine pair is aligned by the
 * engine and by the native reference (SIFT + RANSAC on vertical residuals, data/sift-reference.ts); both outputs are
 * judged by one yardstick (SIFT matches between the two aligned views, median |dy|), beside the baseline of the
 * pair as shipped (no alignment). Pairs: opencv-doc's stereo calibration rig (chessboard at close range, strong
 * repeats, barrel distortion), aloe (opencv-doc), motorcycle (python3-skimage). Refusal cases: unrelated photos and
 * halves of one photo that do not overlap. Prints figures; never passes or fails.
 * Usage: tsx bench/engine/align-rigs.ts
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { alignPair } from '@wiggle/engine/align/align-pair';
import { loadOpenCv } from '@wiggle/engine/cv/opencv';
import type { RawImage } from '@wiggle/engine/image';
import sharp from 'sharp';
import { printTable } from './data/print-table';
import { readRgb } from './data/real-pairs';
import { runSift, type SiftJob, siftAvailable, type Yardstick } from './data/sift-reference';

const OPENCV = '/usr/share/doc/opencv-doc/examples/data';
const SKIMAGE = '/usr/lib/python3/dist-packages/skimage/data';
const RIG = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '11', '12', '13', '14'];

const GENUINE: { name: string; left: string; right: string }[] = [
  ...RIG.map((n) => ({
    name: `chessboard rig ${n}`,
    left: `${OPENCV}/left${n}.jpg`,
    right: `${OPENCV}/right${n}.jpg`,
  })),
  { name: 'aloe', left: `${OPENCV}/aloeL.jpg`, right: `${OPENCV}/aloeR.jpg` },
  { name: 'motorcycle', left: `${SKIMAGE}/motorcycle_left.png`, right: `${SKIMAGE}/motorcycle_right.png` },
];

const UNRELATED: { name: string; left: string; right: string; half?: boolean }[] = [
  { name: 'baboon / fruits', left: `${OPENCV}/baboon.jpg`, right: `${OPENCV}/fruits.jpg` },
  { name: 'building / home', left: `${OPENCV}/building.jpg`, right: `${OPENCV}/home.jpg` },
  { name: 'aloe / motorcycle', left: `${OPENCV}/aloeL.jpg`, right: `${SKIMAGE}/motorcycle_left.png` },
  { name: 'box / box in scene', left: `${OPENCV}/box.png`, right: `${OPENCV}/box_in_scene.png` },
  {
    name: 'aloe left half / right half',
    left: `${OPENCV}/aloeL.jpg`,
    right: `${OPENCV}/aloeR.jpg`,
    half: true,
  },
  {
    name: 'motorcycle left half / right half',
    left: `${SKIMAGE}/motorcycle_left.png`,
    right: `${SKIMAGE}/motorcycle_right.png`,
    half: true,
  },
];

async function png(image: RawImage, path: string): Promise<void> {
  await sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } })
    .png({ compressionLevel: 1 })
    .toFile(path);
}

function halves(left: RawImage, right: RawImage): [RawImage, RawImage] {
  const w = Math.floor(left.width * 0.45);
  const crop = (image: RawImage, from: number) => {
    const out = new Uint8Array(w * image.height * 3);
    for (let y = 0; y < image.height; y++) {
      out.set(image.data.subarray((y * image.width + from) * 3, (y * image.width + from + w) * 3), y * w * 3);
    }
    return { data: out, width: w, height: image.height, channels: 3 as const };
  };
  return [crop(left, 0), crop(right, right.width - w)];
}

const f3 = (v: number | undefined) => (v === undefined ? 'n/a' : v.toFixed(3));

async function main(): Promise<void> {
  await loadOpenCv();
  const dir = mkdtempSync(join(tmpdir(), 'wiggle-rigs-'));
  const notes: string[] = [];
  const sift = siftAvailable();
  if (!sift) notes.push('python3-opencv (SIFT) is not installed: no reference column');
  try {
    const jobs: SiftJob[] = [];
    const rows: { name: string; ours: string; cpu: number; lens?: number; jobAt?: number }[] = [];
    for (const pair of GENUINE) {
      if (!existsSync(pair.left) || !existsSync(pair.right)) {
        notes.push(`skipped ${pair.name}: its package (opencv-doc or python3-skimage) is not installed`);
        continue;
      }
      const [l, r] = [await readRgb(pair.left), await readRgb(pair.right)];
      const cpu = process.cpuUsage();
      const result = await alignPair(l, r);
      const used = process.cpuUsage(cpu);
      const cpuMs = (used.user + used.system) / 1000;
      const k = rows.length;
      if (!result.ok) {
        rows.push({ name: pair.name, ours: `REFUSED: ${result.reason}`, cpu: cpuMs });
        jobs.push({ op: 'measure', left: pair.left, right: pair.right });
        jobs.push({ op: 'align', left: pair.left, right: pair.right, out: join(dir, `ref-${k}.png`) });
        jobs.push({ op: 'measure', left: pair.left, right: join(dir, `ref-${k}.png`) });
        rows[k]!.jobAt = jobs.length - 3;
        continue;
      }
      await png(result.left, join(dir, `ours-${k}-l.png`));
      await png(result.right, join(dir, `ours-${k}-r.png`));
      rows.push({
        name: pair.name,
        ours: 'ok',
        cpu: cpuMs,
        lens: result.transform.lensK,
        jobAt: jobs.length,
      });
      jobs.push({ op: 'measure', left: pair.left, right: pair.right });
      jobs.push({ op: 'align', left: pair.left, right: pair.right, out: join(dir, `ref-${k}.png`) });
      jobs.push({ op: 'measure', left: pair.left, right: join(dir, `ref-${k}.png`) });
      jobs.push({ op: 'measure', left: join(dir, `ours-${k}-l.png`), right: join(dir, `ours-${k}-r.png`) });
    }
    const answers = sift ? runSift(jobs) : undefined;
    const body = rows.map((row) => {
      const at = row.jobAt ?? -1;
      const shipped = answers?.[at];
      const ref = answers?.[at + 1];
      const refMeasured = answers?.[at + 2];
      const ours = row.ours === 'ok' ? answers?.[at + 3] : undefined;
      const wide = (m: Yardstick | undefined) =>
        `${f3(m?.wideMedian)} / ${m?.within1 === undefined ? 'n/a' : `${(100 * m.within1).toFixed(0)} %`} (${m?.wideCount ?? 0})`;
      return [
        row.name,
        row.ours === 'ok' ? wide(ours) : row.ours,
        wide(refMeasured),
        row.ours === 'ok' ? `${f3(ours?.median)} / ${f3(ours?.p95)} (${ours?.count ?? 0})` : row.ours,
        `${f3(refMeasured?.median)} / ${f3(refMeasured?.p95)} (${refMeasured?.count ?? 0})`,
        ref?.ok ? `${f3(ref.inlierMedian)} (${ref.inliers}/${ref.matches})` : 'n/a',
        `${f3(shipped?.median)} (${shipped?.count ?? 0})`,
        row.lens === undefined ? '-' : row.lens.toFixed(2),
        row.cpu.toFixed(0),
      ];
    });
    console.log(
      'Real rig pairs: |dy| px of SIFT matches between the two aligned views, one yardstick for all. "all" is',
    );
    console.log(
      'the median over every match within 1/8 of the height and the share within 1 px (a region left far off counts);',
    );
    console.log(
      '"gated" only counts matches within 4 px (it rewards leaving a near board far off: its matches drop out).',
    );
    console.log('"as shipped" is the pair without any alignment (the baseline).\n');
    printTable(
      [
        'pair',
        'ours all med / ≤1px (n)',
        'SIFT ref all med / ≤1px (n)',
        'ours gated med / p95 (n)',
        'SIFT ref gated med / p95 (n)',
        'SIFT ref own inliers med',
        'as shipped med',
        'lens k',
        'ours CPU ms',
      ],
      body,
    );

    const refusals: string[][] = [];
    for (const pair of UNRELATED) {
      if (!existsSync(pair.left) || !existsSync(pair.right)) continue;
      let [l, r] = [await readRgb(pair.left), await readRgb(pair.right)];
      if (pair.half) [l, r] = halves(l, r);
      const result = await alignPair(l, r);
      refusals.push([pair.name, result.ok ? 'ACCEPTED (wrong)' : `refused: ${result.reason}`]);
    }
    console.log('\nRefusal cases (not a stereo pair; each should be refused):\n');
    printTable(['pair', 'result'], refusals);
    for (const n of notes) console.log(`note: ${n}`);
    console.log(
      `\n(load average ${loadavg()
        .map((v) => v.toFixed(1))
        .join(' ')} on ${cpus().length} cores)`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
