/**
 * The native reference of the alignment bench: Debian's python3-opencv SIFT (reference/sift_reference.py), run as
 * one subprocess per batch of jobs. Bench only, never in the product. Missing python3-opencv gives undefined
 * answers and a note.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RawImage, SimilarityTransform } from '@wiggle/engine/image';
import sharp from 'sharp';

const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), '..', 'reference', 'sift_reference.py');
const PYTHON = '/usr/bin/python3';

export interface SiftAlignment {
  ok: boolean;
  reason?: string;
  rotationDeg?: number;
  scale?: number;
  dy?: number;
  matches?: number;
  inliers?: number;
  inlierMedian?: number;
}

export interface Yardstick {
  ok: boolean;
  reason?: string;
  median?: number;
  p95?: number;
  count?: number;
  /** Largest |dy| (corners: over the board's inner corners). */
  max?: number;
  /** Corners only: median x difference of the board's corners (its disparity; 0 when the pivot is on it). */
  dxMedian?: number;
  /** Median |dy| over all matches within 1/8 of the height (a region left far off counts here). */
  wideMedian?: number;
  /** Share of those matches within 1 px. */
  within1?: number;
  wideCount?: number;
}

export type SiftJob =
  | { op: 'align'; left: string; right: string; out?: string }
  | { op: 'measure'; left: string; right: string }
  | { op: 'corners'; left: string; right: string; pattern: [number, number] };

export function siftAvailable(): boolean {
  if (!existsSync(PYTHON)) return false;
  return spawnSync(PYTHON, ['-c', 'import cv2; cv2.SIFT_create()']).status === 0;
}

/** Runs the jobs in one python process; answers in order (undefined when the reference cannot run). */
export function runSift(jobs: SiftJob[]): (SiftAlignment & Yardstick)[] | undefined {
  if (jobs.length === 0) return [];
  const result = spawnSync(PYTHON, [SCRIPT], {
    input: `${jobs.map((j) => JSON.stringify(j)).join('\n')}\n`,
    encoding: 'utf8',
    maxBuffer: 1 << 24,
  });
  if (result.status !== 0) return undefined;
  return result.stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as SiftAlignment & Yardstick);
}

/** A view written where the reference reads it (PNG, fast compression: the files live only for one run). */
export async function writeReferencePng(image: RawImage, path: string): Promise<void> {
  await sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } })
    .png({ compressionLevel: 1 })
    .toFile(path);
}

/** The transform of a successful reference alignment, as the engine reports one (no horizontal shift). */
export function siftTransform(a: SiftAlignment): SimilarityTransform {
  return { rotationDeg: a.rotationDeg!, scale: a.scale!, dx: 0, dy: a.dy! };
}
