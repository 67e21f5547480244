import { describe, expect, it } from 'vitest';
import { levelFits, levelsOf } from './levels';

/** RGB pixels whose channel c reads level(i, c). */
const rgb = (n: number, level: (i: number, c: number) => number) =>
  Uint8Array.from({ length: 3 * n }, (_, k) => level(Math.floor(k / 3), k % 3));

describe('levels', () => {
  it('fits a darker camera onto the other one channel by channel', () => {
    const reference = rgb(1000, (i, c) => 40 + ((i * 7 + c * 13) % 150));
    // Red and green 20 % darker, blue the same.
    const target = reference.map((v, k) => (k % 3 === 2 ? v : Math.round(v * 0.8)));
    const levels = levelsOf(levelFits(target, reference))!;
    expect(levels.gain[0]).toBeCloseTo(1.25, 2);
    expect(levels.gain[1]).toBeCloseTo(1.25, 2);
    // A channel within a level already maps to itself.
    expect([levels.gain[2], levels.ownMean[2], levels.otherMean[2]]).toEqual([1, 0, 0]);
    // A level on the target's scale lands on the reference's: 80 · 1.25 = 100.
    const onReference = (80 - levels.ownMean[0]!) * levels.gain[0]! + levels.otherMean[0]!;
    expect(onReference).toBeCloseTo(100, 0);
  });

  it('maps nothing when the cameras agree, or when the other view has no contrast to map onto', () => {
    const view = rgb(1000, (i) => 40 + ((i * 7) % 150));
    expect(levelsOf(levelFits(view, view))).toBeUndefined();
    expect(
      levelsOf(
        levelFits(
          view,
          rgb(1000, () => 90),
        ),
      ),
    ).toBeUndefined();
  });
});
