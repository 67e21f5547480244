import type { GrayImage } from '../cv/gray';

/**
 * Two greys of one size at scale 1, and the frames that put their pixels in centred coordinates (as reducedGray's
 * convention does): the inputs of the dense row checks.
 */
export function grayPair(left: Uint8Array, right: Uint8Array, width: number, height: number) {
  const centre = { x: (width - 1) / 2, y: (height - 1) / 2 };
  const gray = (data: Uint8Array): GrayImage => ({ data, width, height, scale: 1 });
  return {
    grays: { left: gray(left), right: gray(right) },
    frames: { sL: 1, sR: 1, cl: centre, cr: centre },
  };
}

/**
 * A right view of `texture`: pixel (x, y) shows the texture at (x + dx, y + dy), clamped to the picture, plus
 * `noise()` (drawn row by row), clamped to 0-255.
 */
export function shiftedView(
  texture: Uint8Array,
  width: number,
  height: number,
  shift: { dx: number; dy: number },
  noise: () => number = () => 0,
): Uint8Array {
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const from = Math.min(height - 1, y + shift.dy) * width;
    for (let x = 0; x < width; x++) {
      out[y * width + x] = Math.max(
        0,
        Math.min(255, texture[from + Math.min(width - 1, x + shift.dx)]! + noise()),
      );
    }
  }
  return out;
}
