import { type Keypoints, lowerBound, upperBound } from './features';
import { runDistances } from './hamming';

/**
 * Vertical offsets (reduced px, left row − predicted row) at which the right view's keypoints repeat the left's
 * as well as at the model's own rows: on a periodic pattern (a chessboard, a fence, tiles) a first model may lock on
 * a neighbouring period, and the true rows then show up as one of these offsets. Every left keypoint votes for each
 * right keypoint within `bandPx` rows and `maxDisparity` columns of its predicted position whose descriptor is
 * within `maxHamming` bits; the histogram (1 px bins, smoothed 1-2-1) is searched for local peaks at least 3 px from
 * zero holding at least `share` of the central peak's votes. Returns up to `count` of them, strongest first. The
 * distances come a run of rows at a time from the SIMD kernel (see runDistances), as in matching.
 */
export function latticeOffsets(
  left: Keypoints,
  right: Keypoints,
  rowInLeft: (x: number, y: number) => number,
  columnInLeft: (x: number, y: number) => number,
  bandPx: number,
  maxDisparity: number,
  options: { maxHamming?: number; share?: number; count?: number } = {},
): number[] {
  const maxHamming = options.maxHamming ?? 48;
  const share = options.share ?? 0.35;
  const count = options.count ?? 3;
  const rowR = Float64Array.from({ length: right.count }, (_, j) => rowInLeft(right.x[j]!, right.y[j]!));
  const colR = Float64Array.from({ length: right.count }, (_, j) => columnInLeft(right.x[j]!, right.y[j]!));
  const order = Int32Array.from({ length: right.count }, (_, j) => j).sort((p, q) => rowR[p]! - rowR[q]!);
  const sorted = Float64Array.from(order, (j) => rowR[j]!);
  const band = Math.ceil(bandPx);
  const bins = new Float64Array(2 * band + 1);
  const distances = runDistances(left.words, right.words, order);
  for (let i = 0; i < left.count; i++) {
    const y = left.y[i]!;
    const x = left.x[i]!;
    const lo = lowerBound(sorted, y - band);
    const hi = upperBound(sorted, y + band);
    const run = distances(i, lo, hi);
    for (let s = lo; s < hi; s++) {
      const j = order[s]!;
      if (Math.abs(x - colR[j]!) > maxDisparity || run[s - lo]! > maxHamming) continue;
      bins[Math.round(y - rowR[j]!) + band]! += 1;
    }
  }
  const smooth = Float64Array.from(
    bins,
    (v, k) => 2 * v + (k > 0 ? bins[k - 1]! : 0) + (k < bins.length - 1 ? bins[k + 1]! : 0),
  );
  let centre = 0;
  for (let k = band - 2; k <= band + 2; k++) centre = Math.max(centre, smooth[k]!);
  const peaks: { offset: number; votes: number }[] = [];
  for (let k = 1; k < smooth.length - 1; k++) {
    const offset = k - band;
    if (Math.abs(offset) < 3) continue;
    const v = smooth[k]!;
    if (v >= share * centre && v > 0 && v >= smooth[k - 1]! && v > smooth[k + 1]!)
      peaks.push({ offset, votes: v });
  }
  return peaks
    .sort((p, q) => q.votes - p.votes)
    .slice(0, count)
    .map((p) => p.offset);
}
