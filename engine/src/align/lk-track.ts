import type { Cv } from '../cv/opencv';

type Mat = InstanceType<Cv['Mat']>;
type Keep = <M extends { delete(): void }>(m: M) => M;

export interface LkSettings {
  /** Side of LK's window (px). */
  window: number;
  /** Pyramid levels above the base. */
  levels: number;
  iterations: number;
  /** A point that moved this far (px, either axis) from its start counts as lost. */
  maxShift: number;
  /**
   * OpenCV's minEigThreshold: a window whose gradient matrix has a smaller (area-normalised) eigenvalue is lost.
   * Default 1e-3.
   */
  minEigen?: number;
}

/**
 * Pyramidal Lucas-Kanade of the points `from` (x, y pairs) of `prev` into `next`, each starting at `to`: where each
 * ended, and whether it tracked (LK's status, and within `maxShift` of its start). The refinement's tiles and their
 * sub-windows both run through here; the Mats live as long as `keep`'s scope.
 */
export function trackLk(
  cv: Cv,
  keep: Keep,
  prev: Mat,
  next: Mat,
  from: Float32Array,
  to: Float32Array,
  { window, levels, iterations, maxShift, minEigen = 1e-3 }: LkSettings,
): { found: Float32Array; tracked: Uint8Array } {
  const n = from.length / 2;
  const prevPts = keep(cv.matFromArray(n, 1, cv.CV_32FC2, Array.from(from)));
  const nextPts = keep(cv.matFromArray(n, 1, cv.CV_32FC2, Array.from(to)));
  const status = keep(new cv.Mat());
  const err = keep(new cv.Mat());
  const criteria = new cv.TermCriteria(cv.TermCriteria_COUNT + cv.TermCriteria_EPS, iterations, 0.001);
  cv.calcOpticalFlowPyrLK(
    prev,
    next,
    prevPts,
    nextPts,
    status,
    err,
    new cv.Size(window, window),
    levels,
    criteria,
    cv.OPTFLOW_USE_INITIAL_FLOW,
    minEigen,
  );
  const found = nextPts.data32F;
  const tracked = Uint8Array.from({ length: n }, (_, k) => {
    const dx = found[2 * k]! - from[2 * k]!;
    const dy = found[2 * k + 1]! - from[2 * k + 1]!;
    return status.data[k] === 1 && Math.abs(dx) < maxShift && Math.abs(dy) < maxShift ? 1 : 0;
  });
  return { found, tracked };
}
