/**
 * Alignment on real rig pairs, and the refusal cases. Every genuine pair is aligned by the engine and by the native
 * reference (SIFT + RANSAC on vertical residuals, data/sift-reference.ts); both outputs are judged by one yardstick
 * (SIFT matches between the two aligned views, median |dy|), beside the baseline of the pair as shipped (no
 * alignment). The rig's pairs also have ground truth: the calibration board's 9×6 inner corners, found in both
 * views of each output (the engine's aligned without the pivot's shift, see below), must share rows (SIFT's matches
 * cannot judge the board: its corners are alike, and a match two squares off along a row passes for one). Pairs:
 * opencv-doc's stereo calibration rig (chessboard at close range, strong repeats, barrel distortion), aloe
 * (opencv-doc), motorcycle (python3-skimage). Refusal cases: unrelated photos and halves of one photo that do not
 * overlap. Prints figures; never passes or fails.
 * Usage: tsx bench/engine/align-rigs.ts
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AlignResult, alignPair } from '@wiggle/engine/align/align-pair';
import { loadOpenCv } from '@wiggle/engine/cv/opencv';
import type { RawImage } from '@wiggle/engine/image';
import { printTable } from './data/print-table';
import { readRgb } from './data/real-pairs';
import {
  runSift,
  type SiftJob,
  siftAvailable,
  writeReferencePng,
  type Yardstick,
} from './data/sift-reference';

const OPENCV = '/usr/share/doc/opencv-doc/examples/data';
const SKIMAGE = '/usr/lib/python3/dist-packages/skimage/data';
const RIG = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '11', '12', '13', '14'];

const BOARD: [number, number] = [9, 6];

const GENUINE: { name: string; left: string; right: string; board?: [number, number] }[] = [
  ...RIG.map((n) => ({
    name: `chessboard rig ${n}`,
    left: `${OPENCV}/left${n}.jpg`,
    right: `${OPENCV}/right${n}.jpg`,
    board: BOARD,
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
    const ask = (job: SiftJob) => jobs.push(job) - 1;
    interface Row {
      name: string;
      refused?: string;
      cpu: number;
      lens?: number;
      /** The pivot's shift (grid px the right view moved, see AlignResult.transform.dx). */
      shift?: number;
      /** Indices of the reference's answers (see ask). */
      at: { shipped: number; ref: number; refMeasured: number; ours?: number };
      corners?: { shipped: number; ref: number; ours?: number };
    }
    const rows: Row[] = [];
    for (const pair of GENUINE) {
      if (!existsSync(pair.left) || !existsSync(pair.right)) {
        notes.push(`skipped ${pair.name}: its package (opencv-doc or python3-skimage) is not installed`);
        continue;
      }
      const [l, r] = [await readRgb(pair.left), await readRgb(pair.right)];
      const cpu = process.cpuUsage();
      const result = await alignPair(l, r);
      const used = process.cpuUsage(cpu);
      // The board is judged on views aligned without the pivot's shift: a shift is horizontal, so the rows are the
      // same, but a pivot on a board at the frame's edge crops its corners off the canvas (pair 02's right view).
      const level = await alignPair(l, r, { shiftToPivot: false });
      const k = rows.length;
      const refOut = join(dir, `ref-${k}.png`);
      /** The aligned views written as PNGs for the reference to read, or undefined for a refusal. */
      const written = async (aligned: AlignResult, tag: string) => {
        if (!aligned.ok) return undefined;
        const paths = { left: join(dir, `${tag}-${k}-l.png`), right: join(dir, `${tag}-${k}-r.png`) };
        await writeReferencePng(aligned.left, paths.left);
        await writeReferencePng(aligned.right, paths.right);
        return paths;
      };
      const ours = await written(result, 'ours');
      const oursLevel = await written(level, 'level');
      const at = {
        shipped: ask({ op: 'measure', left: pair.left, right: pair.right }),
        ref: ask({ op: 'align', left: pair.left, right: pair.right, out: refOut }),
        refMeasured: ask({ op: 'measure', left: pair.left, right: refOut }),
        ...(ours && { ours: ask({ op: 'measure', ...ours }) }),
      };
      const pattern = pair.board;
      const corners = pattern && {
        shipped: ask({ op: 'corners', left: pair.left, right: pair.right, pattern }),
        ref: ask({ op: 'corners', left: pair.left, right: refOut, pattern }),
        ...(oursLevel && { ours: ask({ op: 'corners', ...oursLevel, pattern }) }),
      };
      rows.push({
        name: pair.name,
        ...(result.ok
          ? { lens: result.transform.lensK, shift: result.transform.dx }
          : { refused: `REFUSED: ${result.reason}` }),
        cpu: (used.user + used.system) / 1000,
        at,
        ...(corners && { corners }),
      });
    }
    const answers = sift ? runSift(jobs) : undefined;
    const answer = (i: number | undefined) => (i === undefined ? undefined : answers?.[i]);
    const wide = (m: Yardstick | undefined) =>
      `${f3(m?.wideMedian)} / ${m?.within1 === undefined ? 'n/a' : `${(100 * m.within1).toFixed(0)} %`} (${m?.wideCount ?? 0})`;
    const board = (m: Yardstick | undefined) =>
      m?.ok ? `${f3(m.median)} / ${f3(m.max)}` : m ? 'board not found' : '-';
    // The engine shifts the pivot to zero disparity: the board's own disparity left in its output (in the views
    // aligned without the shift, less the shift) tells whether the pivot is on the board (0), beside the board's
    // disparity as shipped.
    const pivotOnBoard = (ours: Yardstick | undefined, shipped: Yardstick | undefined, shift = 0) =>
      ours?.ok && shipped?.ok && ours.dxMedian !== undefined
        ? `${(ours.dxMedian - shift).toFixed(1)} of ${shipped.dxMedian?.toFixed(1)}`
        : '-';
    const body = rows.map((row) => {
      const ours = answer(row.at.ours);
      const refMeasured = answer(row.at.refMeasured);
      const ref = answer(row.at.ref);
      const shipped = answer(row.at.shipped);
      return [
        row.name,
        row.refused ?? board(answer(row.corners?.ours)),
        row.refused ?? pivotOnBoard(answer(row.corners?.ours), answer(row.corners?.shipped), row.shift),
        board(answer(row.corners?.ref)),
        board(answer(row.corners?.shipped)),
        row.refused ?? wide(ours),
        wide(refMeasured),
        row.refused ?? `${f3(ours?.median)} / ${f3(ours?.p95)} (${ours?.count ?? 0})`,
        `${f3(refMeasured?.median)} / ${f3(refMeasured?.p95)} (${refMeasured?.count ?? 0})`,
        ref?.ok ? `${f3(ref.inlierMedian)} (${ref.inliers}/${ref.matches})` : 'n/a',
        `${f3(shipped?.median)} (${shipped?.count ?? 0})`,
        row.lens === undefined ? '-' : row.lens.toFixed(2),
        row.cpu.toFixed(0),
      ];
    });
    console.log(
      'Real rig pairs. "board": ground truth, |dy| px between the 9×6 inner corners of the calibration board',
    );
    console.log(
      'found in both aligned views (median / max). The other columns: |dy| px of SIFT matches between the two',
    );
    console.log(
      'aligned views, one yardstick for all. "all" is the median over every match within 1/8 of the height and',
    );
    console.log(
      'the share within 1 px (a region left far off counts); "gated" only counts matches within 4 px (it rewards',
    );
    console.log(
      'leaving a near board far off: its matches drop out). On the board, SIFT matches two squares off along a',
    );
    console.log(
      'row pass for matches, so only the corners judge it. "as shipped" is the pair without any alignment.\n',
    );
    printTable(
      [
        'pair',
        'ours board med / max',
        'board dx after pivot, of shipped',
        'SIFT ref board med / max',
        'as shipped board',
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
