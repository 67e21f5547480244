/**
 * The values of a sliding window kept in ascending order, so that any order statistic is one read (see at): a window
 * moved by a few values costs their removals and insertions (a binary search and a copy within the array each),
 * where selecting a quantile again from scratch reads every value several times. NaN is never added.
 */
export class SortedWindow {
  private values: Float32Array;
  /** How many values the window holds. */
  size = 0;

  constructor(capacity: number) {
    this.values = new Float32Array(capacity);
  }

  /** Adds v (in order after any equal values). */
  add(v: number): void {
    const at = this.after(v);
    this.values.copyWithin(at + 1, at, this.size);
    this.values[at] = v;
    this.size++;
  }

  /** Removes one value equal to v; v must be in the window. */
  remove(v: number): void {
    const at = this.after(v) - 1;
    this.values.copyWithin(at, at + 1, this.size);
    this.size--;
  }

  /** The k-th smallest value (0-based), as selectNth finds it among the same values. */
  at(k: number): number {
    return this.values[k]!;
  }

  /** Sorts the first `size` values, written straight into `into()` (a window filled anew). */
  sortFilled(size: number): void {
    this.size = size;
    this.values.subarray(0, size).sort();
  }

  /** The array to fill before sortFilled. */
  into(): Float32Array {
    return this.values;
  }

  /** The index after the last value ≤ v (single precision, as the values are stored). */
  private after(v: number): number {
    const key = Math.fround(v);
    let lo = 0;
    let hi = this.size;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.values[mid]! <= key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}
