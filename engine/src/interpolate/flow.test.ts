import { describe, expect, it } from 'vitest';
import { consistency, type FlowField, sampleFlow } from './flow';

/** A smooth flow field with a seeded pattern of motions (grid px). */
function field(width: number, height: number, phase: number): FlowField {
  const data = new Float32Array(width * height * 2);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      data[2 * (y * width + x)] = 3 * Math.sin((x + phase) / 7) + 0.5 * Math.cos(y / 5);
      data[2 * (y * width + x) + 1] = 0.7 * Math.cos((y + phase) / 9);
    }
  }
  return { data, width, height };
}

describe('consistency', () => {
  it('is 1 where the backward flow undoes the forward one and 0 where the flow leaves the picture', () => {
    const width = 20;
    const height = 6;
    const forward = { data: new Float32Array(width * height * 2).fill(2), width, height };
    const backward = { data: new Float32Array(width * height * 2).fill(-2), width, height };
    const c = consistency(forward, backward, 1);
    expect(c[0]).toBe(1);
    expect(c[3 * width + 10]).toBe(1);
    // (x + 2, y + 2) lies outside the 20×6 grid from the last two columns and rows.
    expect(c[3 * width + 18]).toBe(0);
    expect(c[4 * width + 3]).toBe(0);
  });

  it('falls with the error of the round trip, by the given sigma', () => {
    const width = 12;
    const height = 4;
    const forward = { data: new Float32Array(width * height * 2).fill(1), width, height };
    const backward = { data: new Float32Array(width * height * 2), width, height };
    // Round trip (1, 1) off: exp(−2 / σ²).
    expect(consistency(forward, backward, 1)[0]).toBeCloseTo(Math.exp(-2), 6);
    expect(consistency(forward, backward, 2)[0]).toBeCloseTo(Math.exp(-0.5), 6);
  });

  it('samples the backward flow bilinearly where the forward one lands (as sampleFlow)', () => {
    const forward = field(64, 40, 0);
    const backward = field(61, 43, 11);
    const c = consistency(forward, backward, 1.5);
    const back = new Float64Array(2);
    let compared = 0;
    for (let y = 0; y < 40; y++) {
      for (let x = 0; x < 64; x++) {
        const i = y * 64 + x;
        const tx = x + forward.data[2 * i]!;
        const ty = y + forward.data[2 * i + 1]!;
        if (tx < 0 || ty < 0 || tx > 60 || ty > 42) {
          expect(c[i]).toBe(0);
          continue;
        }
        sampleFlow(backward, tx, ty, back);
        const ex = forward.data[2 * i]! + back[0]!;
        const ey = forward.data[2 * i + 1]! + back[1]!;
        expect(c[i]).toBe(Math.fround(Math.exp(-(ex * ex + ey * ey) / 2.25)));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(2000);
  });
});
