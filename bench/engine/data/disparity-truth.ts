/**
 * How a disparity map the engine read compares with the scene's true one (same grid): the share of pixels within a
 * pixel of the truth, and the commonest error beyond that (rounded to a grid px) with its share. A repeated
 * structure read one or more spacings off shows as one large error shared by much of the frame: a chain-link mesh
 * read two spacings behind itself, the faint wall seen through it read with it, is −23 px off on 61 % of the grid.
 */
export interface DisparityMisses {
  within1: number;
  commonest?: { error: number; share: number };
}

export function disparityMisses(read: Float32Array, truth: Float32Array): DisparityMisses {
  const counts = new Map<number, number>();
  let within = 0;
  let total = 0;
  for (let i = 0; i < read.length; i++) {
    const error = read[i]! - truth[i]!;
    // A pixel left unread (NaN) counts neither way; the sky's truth is that of infinity (see rayDisparity).
    if (!Number.isFinite(error)) continue;
    total++;
    if (Math.abs(error) <= 1) within++;
    else {
      const px = Math.round(error);
      counts.set(px, (counts.get(px) ?? 0) + 1);
    }
  }
  if (total === 0) return { within1: Number.NaN };
  const [error, count] = [...counts].reduce((a, b) => (b[1] > a[1] ? b : a), [0, 0]);
  return { within1: within / total, ...(count > 0 ? { commonest: { error, share: count / total } } : {}) };
}
