/**
 * Rows of a total that two sweeps add into at once, one each way on two threads (see aggregateSweep): per row, a
 * bit held while a sweep adds its share and a bit per direction once it has. Sums of integers modulo 2^16 do not
 * depend on their order, so the total is the one both sweeps give one after the other on one thread; a sweep run
 * again (the helper's step redone on the calling thread after the helper failed) adds none of its rows twice.
 * On a SharedArrayBuffer: Int32Array of one entry per row, zeros at first.
 */
export type RowClaims = Int32Array;

const BUSY = 1;

function addedBit(dir: 1 | -1): number {
  return dir > 0 ? 2 : 4;
}

/**
 * Waits until no other sweep is adding into row y, then holds it: true when this direction has yet to add its share
 * (release it with releaseRow once added), false when it already has (nothing is held).
 */
export function claimRow(claims: RowClaims, y: number, dir: 1 | -1): boolean {
  for (;;) {
    const state = Atomics.load(claims, y);
    if (state & addedBit(dir)) return false;
    if (state & BUSY) {
      Atomics.wait(claims, y, state);
      continue;
    }
    if (Atomics.compareExchange(claims, y, state, state | BUSY) === state) return true;
  }
}

/** Marks row y as added by this direction and lets the other sweep in. */
export function releaseRow(claims: RowClaims, y: number, dir: 1 | -1): void {
  Atomics.store(claims, y, (Atomics.load(claims, y) & ~BUSY) | addedBit(dir));
  Atomics.notify(claims, y);
}

/** Lets the other sweep into row y without marking it added (this sweep failed before adding its share). */
export function unclaimRow(claims: RowClaims, y: number): void {
  Atomics.and(claims, y, ~BUSY);
  Atomics.notify(claims, y);
}
