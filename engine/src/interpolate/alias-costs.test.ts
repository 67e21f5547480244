import { describe, expect, it } from 'vitest';
import { seeded } from '../seeded-random';
import { type Matching, unmatchedShare } from './alias-costs';
import { regionsOf } from './alias-regions';

describe('unmatchedShare', () => {
  const width = 97;
  const next = seeded(11);
  const row = () => Uint8Array.from({ length: width }, () => Math.floor(next() * 256));
  const own = { data: row(), width, height: 1, scale: 1 };
  const other = { data: row(), width, height: 1, scale: 1 };
  const codes = new Uint32Array(width);
  const m: Matching = {
    map: new Float32Array(width),
    own,
    other,
    ownCodes: codes,
    otherCodes: codes,
    otherHalf: () => codes,
    sign: -1,
    colour: { own: new Uint8Array(3 * width), other: new Uint8Array(3 * width) },
    flatRegions: (level, least) => regionsOf(own.data, width, level, least),
  };
  const pixels = Array.from({ length: width }, (_, i) => i);

  it('gives the share itself below the bound, and a share at least the bound where the count stopped', () => {
    for (let reading = -5; reading <= 40; reading++) {
      const share = unmatchedShare(m, pixels, () => reading);
      expect(share).toBeGreaterThan(0);
      for (const below of [0, 0.1, share - 1e-9, share, share + 1e-9, 0.5, 0.9, 1, 2]) {
        const bounded = unmatchedShare(m, pixels, () => reading, below);
        if (share < below) expect(bounded, `reading ${reading} below ${below}`).toBe(share);
        else {
          expect(bounded, `reading ${reading} below ${below}`).toBeGreaterThanOrEqual(below);
          expect(bounded).toBeLessThanOrEqual(share);
        }
      }
    }
    expect(unmatchedShare(m, [], () => 0, 0.5)).toBe(1);
  });

  it('stops counting at the bound: a share of all pixels failing reads only part of them', () => {
    // Every pixel fails at a reading outside the other view; bounded by 0.5 the count stops at half of them.
    expect(unmatchedShare(m, pixels, () => 500)).toBe(1);
    expect(unmatchedShare(m, pixels, () => 500, 0.5)).toBe(49 / width);
  });
});
