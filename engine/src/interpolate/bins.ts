/** How many of `values` fall in each 1-px bin (keyed by the rounded value). */
export function binCounts(values: ArrayLike<number>): Map<number, number> {
  const bins = new Map<number, number>();
  for (let i = 0; i < values.length; i++) {
    const b = Math.round(values[i]!);
    bins.set(b, (bins.get(b) ?? 0) + 1);
  }
  return bins;
}

/** Whether bin `b` holds at least as many as each neighbour (a local peak of the histogram). */
export function isPeakBin(bins: Map<number, number>, b: number): boolean {
  const count = (k: number) => bins.get(k) ?? 0;
  return count(b) >= count(b - 1) && count(b) >= count(b + 1);
}

/** The bins that are local peaks (isPeakBin) holding at least `least`. */
export function peakBins(bins: Map<number, number>, least: number): number[] {
  return [...bins].filter(([b, n]) => n >= least && isPeakBin(bins, b)).map(([b]) => b);
}
