import { describe, expect, it } from 'vitest';
import { type BandClaims, HELPER, THIS_THREAD, takeBands } from './band-claims';

const claimsOf = (units: number): BandClaims => new Int32Array(new SharedArrayBuffer(4 * units));

describe('takeBands', () => {
  it('does every unit once, in order, for a taker alone', () => {
    const claims = claimsOf(5);
    const done: number[] = [];
    takeBands(claims, THIS_THREAD, (unit) => done.push(unit));
    expect(done).toEqual([0, 1, 2, 3, 4]);
    takeBands(claims, HELPER, (unit) => done.push(unit));
    takeBands(claims, THIS_THREAD, (unit) => done.push(unit));
    expect(done).toEqual([0, 1, 2, 3, 4]);
  });

  it("leaves the other taker's units to it, and redoes its own unfinished one when run again", () => {
    const claims = claimsOf(6);
    const byHelper: number[] = [];
    // The helper does units 0 and 1, takes 2 and fails in it (a helper thread that died).
    expect(() =>
      takeBands(claims, HELPER, (unit) => {
        if (unit === 2) throw new Error('helper stopped');
        byHelper.push(unit);
      }),
    ).toThrow('helper stopped');
    const byThis: number[] = [];
    takeBands(claims, THIS_THREAD, (unit) => byThis.push(unit));
    expect(byThis).toEqual([3, 4, 5]);
    // The helper's step run again on the calling thread (see onHelper) does unit 2 alone.
    takeBands(claims, HELPER, (unit) => byHelper.push(unit));
    expect(byHelper).toEqual([0, 1, 2]);
  });
});
