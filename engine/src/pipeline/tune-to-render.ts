import type { RenderDescription } from '@wiggle/common/schemas/render-description';
import { warpBilinear } from '../align/warp-bilinear';
import type { RawImage } from '../image';
import type { RenderParams } from '../render/render-params';
import type { PreparedViews } from './prepare-views';

/**
 * The member's fine correction of what auto-align left: the right view moved down by `offsetPx` and turned by
 * `rotationDeg` (clockwise on screen, y pointing down) about its centre, resampled bilinearly. Edge pixels are
 * repeated where the turned view leaves the frame; the crop removes them.
 */
export function straightenRight(right: RawImage, offsetPx: number, rotationDeg: number): RawImage {
  if (offsetPx === 0 && rotationDeg === 0) return right;
  const angle = (rotationDeg * Math.PI) / 180;
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const cx = (right.width - 1) / 2;
  const cy = (right.height - 1) / 2;
  // Output pixel q comes from R(-angle)(q - c - (0, offset)) + c.
  const map = {
    m00: cos,
    m01: sin,
    m02: cx - cos * cx - sin * (cy + offsetPx),
    m10: -sin,
    m11: cos,
    m12: cy + sin * cx - cos * (cy + offsetPx),
  };
  return warpBilinear(right, map, { x: 0, y: 0, width: right.width, height: right.height });
}

/** The description's tune (source px) as the render step's parameters (working px). */
export function renderParamsOf(description: RenderDescription, views: PreparedViews): RenderParams {
  const s = views.scale;
  const { pivot, crop, aspectRatio } = description;
  const aspect = aspectRatio ? { aspect: aspectRatio.ratio, orientation: aspectRatio.orientation } : {};
  return {
    ...(pivot ? { pivot: { x: pivot.x * s, y: pivot.y * s } } : {}),
    ...(crop
      ? {
          crop: {
            rect: { x: crop.x * s, y: crop.y * s, width: crop.width * s, height: crop.height * s },
            ...aspect,
          },
        }
      : aspectRatio
        ? { crop: { aspect: aspectRatio.ratio, orientation: aspectRatio.orientation } }
        : {}),
    resize: description.resize,
    blur: description.blur,
    sharpen: description.sharpen,
    padding: description.padding,
    paddingColor: description.paddingColor,
    quality: description.webpQuality,
  };
}
