import { detectKeypoints, matchFeatures } from '../align/features';
import { quantile } from '../align/similarity';
import type { GrayImage } from '../cv/gray';
import type { Cv } from '../cv/opencv';

/**
 * The disparity range to search (grid px, right x = left x − d), from matched features on the same rows: the span
 * of the 1-px histogram bins that hold at least 1 % of the matches (and 3) (a lone repeat matched one board off does not
 * widen it), widened by 2.5 % of the width on the far side and 4.5 % on the near side (uniform surfaces, such as painted
 * boards, have no features of their own). Too few matches: ±15 % of the width. Never wider than 35 % of the width (the cost volume grows with it).
 */
export function disparityRange(
  cv: Cv,
  left: GrayImage,
  right: GrayImage,
): { min: number; max: number; matches: number } {
  const kl = detectKeypoints(cv, left, 1500);
  const kr = detectKeypoints(cv, right, 1500);
  const rows = Math.max(2, 0.01 * left.height) / left.height;
  const m = matchFeatures(kl, kr, left.height, rows);
  const n = m.leftX.length;
  const wide = 0.15 * left.width;
  if (n < 12) return { min: Math.floor(-wide), max: Math.ceil(wide), matches: n };
  const bins = new Map<number, number>();
  for (let i = 0; i < n; i++) {
    const b = Math.round(m.leftX[i]! - m.rightX[i]!);
    bins.set(b, (bins.get(b) ?? 0) + 1);
  }
  const enough = Math.max(3, 0.01 * n);
  const kept = [...bins].filter(([, count]) => count >= enough).map(([b]) => b);
  if (kept.length === 0) return { min: Math.floor(-wide), max: Math.ceil(wide), matches: n };
  const margin = Math.max(6, 0.025 * left.width);
  // Nearer side wider: the features of a fence may all match one board off (farther), and the true disparity must
  // be in range for the matcher's repeats to move to it (an untuned fence lost 0.3 dB to a cross-fade at 2.5 %).
  const nearMargin = Math.max(6, 0.045 * left.width);
  let lo = Math.min(...kept) - margin;
  let hi = Math.max(...kept) + nearMargin;
  const limit = 0.35 * left.width;
  if (hi - lo > limit) {
    const centre = quantile(Float64Array.from(kept), 0.5);
    lo = Math.max(lo, centre - limit / 2);
    hi = Math.min(hi, centre + limit / 2);
  }
  return { min: Math.floor(lo), max: Math.ceil(hi), matches: n };
}
