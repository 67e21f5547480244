import type { RawImage } from '../image';
import sharp from '../sharp';
import { warpBilinear } from './warp-bilinear';

/**
 * Aspect ratios closer than this (relative) make two views one picture at two resolutions (one side re-saved or
 * exported smaller), rather than two crops or two sensors.
 */
const SAME_ASPECT = 0.01;

/**
 * The right view at the left view's resolution, and the factor it was resized by (1: returned as given). A pair whose
 * views are one picture at two resolutions is matched as if the right view had been taken at the left's: unscaled,
 * the features of a half-size right view are half as large as their partners, the matches fail the ratio and row
 * tests, and the pair was refused as "too few consistent matches" (aloe with its right view at 700 of 1282 px: 10 of
 * 244); at 1.25× it fitted and was refused as an implausible scale. Views that differ in aspect ratio too (a crop,
 * another sensor) are given as they are: the zoom the fit may find (see MIN_SCALE) covers a crop's share.
 *
 * Pixel centres map onto pixel centres, so the transform of the resized view, scaled, is that of the given one.
 * libvips keeps that convention when it reduces but not when it enlarges (measured: +0.5 output px at 2×, which
 * moved the reported dy of a half-size right view by 0.52 px), so a smaller right view is enlarged bilinearly here.
 */
export async function atLeftResolution(
  left: RawImage,
  right: RawImage,
): Promise<{ right: RawImage; factor: number }> {
  const factor = left.width / right.width;
  const aspects = left.width / left.height / (right.width / right.height);
  if (factor === 1 || Math.abs(aspects - 1) > SAME_ASPECT) return { right, factor: 1 };
  const width = left.width;
  const height = Math.max(1, Math.round(right.height * factor));
  if (factor > 1) {
    const fy = height / right.height;
    const map = {
      m00: 1 / factor,
      m01: 0,
      m02: 0.5 / factor - 0.5,
      m10: 0,
      m11: 1 / fy,
      m12: 0.5 / fy - 0.5,
    };
    return { right: warpBilinear(right, map, { x: 0, y: 0, width, height }), factor };
  }
  const { data, info } = await sharp(right.data, {
    raw: { width: right.width, height: right.height, channels: right.channels },
  })
    .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { right: { data, width: info.width, height: info.height, channels: right.channels }, factor };
}
