import type { GrayImage } from '../cv/gray';
import { moreConsistent, type SeedFit } from './fit-from-seed';
import { disparitySpan, preference, rowConsistency, type ViewFrames } from './row-consistency';

/** A fit replaces the one kept so far when this net share of the views' pixels prefers it (see preference). */
const MIN_GAIN = 0.02;

/**
 * Of fits from different starts, the one that puts more of the two views on the same rows, densely: each fit's
 * rectified views (its model and lens term, as the output is made) are compared along their rows by rowConsistency,
 * on the period check's 192 px copy (a wrong fit of the opencv-doc rig whose board corners were 1.3 px off their
 * rows at 640 px lost to the true one by 23 % of the pixels), and a fit replaces the one kept so far when MIN_GAIN
 * of the pixels clearly prefer it. Points cannot judge this on repetitive texture: each start refines its own
 * matches, and a board matched a period off explains its own points as well as the true fit explains its. The room
 * around the board, and the board's border, agree with one fit only. Near-ties (both fits put the views on their
 * rows about equally) go to the fit that explains more of both fits' tracked points (see moreConsistent). On the
 * opencv-doc chessboard rig's 13 pairs, the kept fit left the board's corners 0.06-0.36 px off their rows on 11
 * (with moreConsistent alone: 0.06-1.26 px, and 34.5 px on pair 01 once the rival consensus of seed-model was a
 * start too).
 */
export function chooseFit(
  fits: readonly SeedFit[],
  grays: { left: GrayImage; right: GrayImage },
  frames: ViewFrames,
  maxDisparityPx: number,
  longSide: number,
): SeedFit {
  if (fits.length === 1) return fits[0]!;
  // A fit's points are in the coordinates of its model (undistorted by its lens term).
  const range = disparitySpan(fits, maxDisparityPx);
  const maps = fits.map((fit) =>
    rowConsistency(grays.left, grays.right, fit.model, frames, range, fit.lens && { lens: fit.lens }),
  );
  let kept = 0;
  for (let k = 1; k < fits.length; k++) {
    const gain = preference(maps[k]!, maps[kept]!);
    if (gain > MIN_GAIN) kept = k;
    else if (gain >= -MIN_GAIN && moreConsistent(fits[kept]!, fits[k]!, longSide) === fits[k]) kept = k;
  }
  return fits[kept]!;
}
