/**
 * The k-th smallest of values[0, n) (Hoare's selection, the middle element as pivot; reorders them): the value a
 * numeric sort would put at k, in linear time on average. NaN must have been left out; −0 and +0 count as equal.
 */
export function selectNth(values: Float32Array | Float64Array, n: number, k: number): number {
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const pivot = values[(lo + hi) >> 1]!;
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (values[i]! < pivot) i++;
      while (values[j]! > pivot) j--;
      if (i <= j) {
        const t = values[i]!;
        values[i] = values[j]!;
        values[j] = t;
        i++;
        j--;
      }
    }
    if (k <= j) hi = j;
    else if (k >= i) lo = i;
    else break;
  }
  return values[k]!;
}
