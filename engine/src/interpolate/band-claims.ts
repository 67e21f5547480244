/**
 * Units of work (bands of rows) that two threads share out as they go, each taking the next free one (see
 * takeBands): however the work is spread over the rows, both threads finish together. A fixed split (the upper half
 * of the rows here, the lower half on the helper) left one thread waiting whenever the costly rows lay in one half:
 * on the ray-traced picket fence of bench/engine/interpolate-ray.ts (the fence in the lower half), this thread waited
 * 353 and 593 ms for the helper's half of the frames and 267 ms for its half of the matcher's last steps, out of a
 * `wiggle interpolate` of 6.4 s.
 * On a SharedArrayBuffer: Int32Array, one entry per unit, zeros (FREE) at first.
 */
export type BandClaims = Int32Array;

/** Who takes a unit: the calling thread or the helper (see two-threads.ts). */
export type Taker = typeof THIS_THREAD | typeof HELPER;
export const THIS_THREAD = 1;
export const HELPER = 2;
const FREE = 0;
const DONE = 3;

/**
 * Does `work` for each unit of `claims` no other taker has: a free one, or one `taker` took and did not finish (the
 * helper's step run again on the calling thread after the helper failed, see onHelper); each unit marked done once
 * its work returns. The units are taken in order, so both threads work on neighbouring rows at once.
 */
export function takeBands(claims: BandClaims, taker: Taker, work: (unit: number) => void): void {
  for (let unit = 0; unit < claims.length; unit++) {
    const state = Atomics.compareExchange(claims, unit, FREE, taker);
    if (state !== FREE && state !== taker) continue;
    work(unit);
    Atomics.store(claims, unit, DONE);
  }
}
