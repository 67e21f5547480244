/** The engine's in-memory picture: interleaved 8-bit pixels, as sharp's `.raw()` output gives them. */
export interface RawImage {
  data: Uint8Array;
  width: number;
  height: number;
  channels: 1 | 3 | 4;
}

/**
 * A similarity transform that maps the right view onto the left one:
 * rotate by `rotationDeg` and scale by `scale` about the image centre, then translate by (dx, dy) px.
 * Only rotation, scale and dy are corrections; dx is the horizontal parallax (3D effect) and is only a starting pivot.
 */
export interface SimilarityTransform {
  rotationDeg: number;
  scale: number;
  dx: number;
  dy: number;
  /**
   * Radial lens term removed from both views, when alignment found one: a centred point p is undistorted as
   * p·(1 + lensK·|p|²/r²), r = half the diagonal. Absent when none was needed.
   */
  lensK?: number;
  /**
   * Keystone terms of the right view's map, per centred px (a converged or pitched rig): the right view's centred
   * point, rotated, scaled and shifted, is divided by (1 + g·x + h·y). Absent when a plain similarity sufficed.
   */
  keystone?: { g: number; h: number };
}

/** Thrown for input the engine refuses (not an image, too many pixels, truncated...). The message is one clear line. */
export class EngineInputError extends Error {
  constructor(
    message: string,
    readonly code: 'not_an_image' | 'too_large' | 'corrupt' | 'unsupported' | 'not_stereo' = 'unsupported',
  ) {
    super(message);
    this.name = 'EngineInputError';
  }
}
