import type { RawImage } from '../image';
import { resizeRaw } from '../resize-raw';
import { warpBilinear } from './warp-bilinear';

/** Views whose sizes differ by less than this share (relative) are matched as they are. */
const SAME_SIZE = 0.01;

/**
 * The right view at the left view's resolution, and the factor it was resized by (1: returned as given). Unscaled,
 * the features of a half-size right view are half as large as their partners, the matches fail the ratio and row
 * tests, and the pair was refused as "too few consistent matches" (aloe with its right view at 700 of 1282 px: 10 of
 * 244); at 1.25× it fitted and was refused as an implausible scale.
 *
 * The factor is the ratio of the views' widths or of their heights, whichever is nearer 1: a crop changes one side
 * and leaves the other, so a view cropped at its resolution is not resized (its widths' ratio would have turned a
 * crop to 60 % into a zoom the fit refuses), a view re-saved smaller is resized exactly, and one cropped and re-saved
 * keeps a zoom of its crop's share, which the fit finds (see MIN_SCALE). The resize is uniform.
 *
 * Pixel centres map onto pixel centres, so the transform of the resized view, scaled, is that of the given one.
 * libvips keeps that convention when it reduces but not when it enlarges (measured: +0.5 output px at 2×, which
 * moved the reported dy of a half-size right view by 0.52 px), so a smaller right view is enlarged bilinearly here.
 */
export async function atLeftResolution(
  left: RawImage,
  right: RawImage,
): Promise<{ right: RawImage; factor: number }> {
  const byWidth = left.width / right.width;
  const byHeight = left.height / right.height;
  const factor = Math.abs(Math.log(byWidth)) <= Math.abs(Math.log(byHeight)) ? byWidth : byHeight;
  if (Math.abs(factor - 1) < SAME_SIZE) return { right, factor: 1 };
  // The side the factor comes from is matched exactly; the other is rounded.
  const width = factor === byWidth ? left.width : Math.max(1, Math.round(right.width * factor));
  const height = factor === byHeight ? left.height : Math.max(1, Math.round(right.height * factor));
  if (factor > 1) {
    const fx = width / right.width;
    const fy = height / right.height;
    const map = { m00: 1 / fx, m01: 0, m02: 0.5 / fx - 0.5, m10: 0, m11: 1 / fy, m12: 0.5 / fy - 0.5 };
    return { right: warpBilinear(right, map, { x: 0, y: 0, width, height }), factor };
  }
  return { right: await resizeRaw(right, width, height), factor };
}
