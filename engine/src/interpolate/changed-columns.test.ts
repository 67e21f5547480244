import { describe, expect, it } from 'vitest';
import type { RawImage } from '../image';
import { seeded } from '../seeded-random';
import { changedColumns } from './changed-columns';
import { mixReadings } from './reading-mix';
import { type ViewDisparity, viewFromPlan, viewPlan } from './view-synthesis';

/** Both views with their disparity under one reading of the pair. */
interface Reading {
  l: ViewDisparity;
  r: ViewDisparity;
}

const GW = 90;
const GH = 24;
const SCALE = 3;

/** Noise, so that a pixel read from another place has another value. */
function noise(random: () => number): RawImage {
  const width = GW * SCALE;
  const height = GH * SCALE;
  return {
    data: Uint8Array.from({ length: width * height * 3 }, () => Math.floor(random() * 256)),
    width,
    height,
    channels: 3,
  };
}

/** A wall at disparity 2 with poles (a few grid px wide, some rows tall) in front at 8–16; 'poles' as [x, y0, y1, d]. */
function side(image: RawImage, poles: number[][], view: 'left' | 'right') {
  const disparity = new Float32Array(GW * GH).fill(2);
  const reliable = new Float32Array(GW * GH).fill(1);
  for (const [x, y0, y1, d] of poles) {
    const at = view === 'left' ? x! : x! - d!;
    for (let y = y0!; y < y1!; y++) {
      for (let k = 0; k < 3; k++) {
        const i = y * GW + at + k;
        if (at + k >= 0 && at + k < GW) disparity[i] = d!;
      }
      // The matcher's doubt at a pole's edge.
      if (at >= 1 && at < GW) reliable[y * GW + at - 1] = 0.4;
    }
  }
  return { image, disparity, reliable };
}

function reading(image: RawImage, poles: number[][]): Reading {
  return { l: side(image, poles, 'left'), r: side(image, poles, 'right') };
}

/** The reading with the trust in a small patch of both views lowered. */
function doubted(of: Reading, trial: number): Reading {
  const lower = (view: Reading['l']) => {
    const reliable = Float32Array.from(view.reliable);
    for (let y = 5; y < 9; y++) reliable.fill(0.2, y * GW + 3 * trial, y * GW + 3 * trial + 4);
    return { ...view, reliable };
  };
  return { l: lower(of.l), r: lower(of.r) };
}

describe('changedColumns', () => {
  it('leaves out only pixels a second reading cannot change, and narrows to the changed poles', () => {
    const random = seeded(11);
    const grid = { width: GW, height: GH, scale: SCALE };
    for (let trial = 0; trial < 12; trial++) {
      const image = noise(random);
      const poles = Array.from({ length: 6 }, () => {
        const y0 = Math.floor(random() * (GH - 4));
        return [
          Math.floor(random() * GW),
          y0,
          y0 + 2 + Math.floor(random() * (GH - y0 - 2)),
          8 + Math.floor(random() * 9),
        ];
      });
      // One pole read one spacing farther (an alias), near the frame's edges on some trials.
      const moved = poles.map((p, k) => (k === 0 ? [p[0]!, p[1]!, p[2]!, p[3]! - 5 - (trial % 3)] : p));
      const first = reading(image, poles);
      // On every third trial only the trust in a patch of the wall changes (a different fill of a doubtful run).
      const second = trial % 3 === 2 ? doubted(first, trial) : reading(image, moved);
      for (const t of [0.25, 0.5, 0.75]) {
        const planA = viewPlan(first.l, first.r, grid, t, 1.5);
        const planB = viewPlan(second.l, second.r, grid, t, 1.5);
        const a = viewFromPlan(planA);
        const b = viewFromPlan(planB);
        const columns = changedColumns(planA, planB);
        expect(columns).toBeDefined();
        let outside = 0;
        let differing = 0;
        for (let y = 0; y < a.height; y++) {
          for (let x = 0; x < a.width; x++) {
            const inside = x >= columns![2 * y]! && x < columns![2 * y + 1]!;
            if (!inside) outside++;
            for (let c = 0; c < 3; c++) {
              const i = (y * a.width + x) * 3 + c;
              if (a.data[i] === b.data[i]) continue;
              differing++;
              expect(inside, `trial ${trial}, t ${t}: pixel (${x}, ${y}) changed outside the columns`).toBe(
                true,
              );
            }
          }
        }
        expect(differing).toBeGreaterThan(0);
        // One pole of six: most of the frame is left out.
        expect(outside / (a.width * a.height)).toBeGreaterThan(0.5);
        // Mixing the readings' frames within the columns gives the bytes of their mix over whole rows.
        const depths = { a: planA.depth, b: planB.depth, grid };
        const whole = { ...a, data: new Uint8Array(a.data) };
        mixReadings(
          whole,
          b,
          Int32Array.from({ length: 2 * a.height }, (_, k) => (k % 2 ? a.width : 0)),
          depths,
        );
        mixReadings(a, viewFromPlan(planB, columns), columns!, depths);
        expect(Buffer.from(a.data).equals(Buffer.from(whole.data))).toBe(true);
      }
    }
  });

  it('answers undefined when the readings are the same', () => {
    const image = noise(seeded(3));
    const poles = [[20, 0, GH, 12]];
    const grid = { width: GW, height: GH, scale: SCALE };
    const plan = () => viewPlan(reading(image, poles).l, reading(image, poles).r, grid, 0.5, 1.5);
    expect(changedColumns(plan(), plan())).toBeUndefined();
  });
});
