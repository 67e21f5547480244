import { type GrayImage, halvedGray } from '../cv/gray';
import { type Cv, withMats } from '../cv/opencv';
import { parabolaOffset } from '../interpolate/row-match';
import type { FeatureMatches } from './features';

/** Long side (px) the blocks are matched at: the grey copy is halved down to it. */
const WORK_SIDE = 600;
/** Side and stride (px at the working size) of the left view's blocks. */
const BLOCK = 48;
const STRIDE = 40;
/** Vertical search (share of the working height, each way): ±10° of rotation and ±10 % of scale at the corners. */
const SEARCH_SHARE = 0.12;
/** A block matches where its normalized cross-correlation peaks at this or more. */
const MIN_CORRELATION = 0.5;
/** Blocks whose vertical gradient varies by less than this (Sobel levels, standard deviation) show no rows. */
const MIN_SPREAD = 1;

/**
 * Blocks of the left view matched into the right one by the normalized cross-correlation of their vertical
 * gradients (each block's best match within the disparity range and a vertical search, refined to sub-pixel), in
 * the given copies' pixels. For pairs whose corners and blobs cannot be matched one by one: the boards of a faint
 * painted fence spanning the frame's height have no corners but their edges, all alike, and the wall between them
 * only soft blotches. The vertical gradient does not see boards that run from top to bottom (their matches would
 * be a period off anyway); the blotches of the wall between them, 48 px wide, are one of a kind and match on their
 * rows. Measured at 512 px on the five faint fences align-random refused before (seeds 4242 and 9001, contrast
 * ×0.35), 73–86 of 96 blocks with texture matched on one model (aloe: 78 of 120); on four unrelated pairs and the
 * non-overlapping halves of two photos (align-rigs.ts' refusal cases), at most 9 of 35–144 did.
 * `leftKeypoints` and `rightKeypoints` count the blocks with texture.
 */
export function blockMatches(
  cv: Cv,
  left: GrayImage,
  right: GrayImage,
  maxDisparityPx: number,
): FeatureMatches {
  let l = left;
  let r = right;
  let factor = 1;
  while (Math.max(l.width, l.height) > WORK_SIDE) {
    l = halvedGray(l);
    r = halvedGray(r);
    factor *= 2;
  }
  const found = {
    leftX: [] as number[],
    leftY: [] as number[],
    rightX: [] as number[],
    rightY: [] as number[],
  };
  let textured = 0;
  const centre = (BLOCK - 1) / 2;
  // Back to the given copies' pixels (each halving maps x to 2x + 0.5).
  const back = (v: number) => (v + 0.5) * factor - 0.5;
  withMats((keep) => {
    const gl = verticalGradient(cv, l, keep);
    const gr = verticalGradient(cv, r, keep);
    const reach = Math.ceil(maxDisparityPx / (left.scale * factor));
    const rise = Math.ceil(SEARCH_SHARE * l.height);
    const scores = keep(new cv.Mat());
    const mean = keep(new cv.Mat());
    const spread = keep(new cv.Mat());
    for (let by = 0; by + BLOCK <= l.height; by += STRIDE) {
      for (let bx = 0; bx + BLOCK <= l.width; bx += STRIDE) {
        const block = gl.roi(new cv.Rect(bx, by, BLOCK, BLOCK));
        try {
          cv.meanStdDev(block, mean, spread);
          if (spread.doubleAt(0, 0) < MIN_SPREAD) continue;
          textured++;
          const x0 = Math.max(0, bx - reach);
          const y0 = Math.max(0, by - rise);
          const x1 = Math.min(r.width, bx + BLOCK + reach);
          const y1 = Math.min(r.height, by + BLOCK + rise);
          if (x1 - x0 < BLOCK || y1 - y0 < BLOCK) continue;
          const window = gr.roi(new cv.Rect(x0, y0, x1 - x0, y1 - y0));
          try {
            cv.matchTemplate(window, block, scores, cv.TM_CCOEFF_NORMED);
          } finally {
            window.delete();
          }
          const peak = highest(cv, scores);
          if (peak.maxVal < MIN_CORRELATION) continue;
          const at = (x: number, y: number) => scores.floatAt(y, x);
          const px = peak.maxLoc.x;
          const py = peak.maxLoc.y;
          const dx =
            px > 0 && px < scores.cols - 1 ? peakOffset(at(px - 1, py), at(px, py), at(px + 1, py)) : 0;
          const dy =
            py > 0 && py < scores.rows - 1 ? peakOffset(at(px, py - 1), at(px, py), at(px, py + 1)) : 0;
          found.leftX.push(back(bx + centre));
          found.leftY.push(back(by + centre));
          found.rightX.push(back(x0 + px + dx + centre));
          found.rightY.push(back(y0 + py + dy + centre));
        } finally {
          block.delete();
        }
      }
    }
  });
  return {
    leftX: Float64Array.from(found.leftX),
    leftY: Float64Array.from(found.leftY),
    rightX: Float64Array.from(found.rightX),
    rightY: Float64Array.from(found.rightY),
    leftKeypoints: textured,
    rightKeypoints: textured,
  };
}

/** The view's vertical gradient (Sobel after a light blur that keeps it from being noise), float. */
function verticalGradient(
  cv: Cv,
  gray: GrayImage,
  keep: <M extends { delete(): void }>(m: M) => M,
): InstanceType<Cv['Mat']> {
  const source = keep(cv.matFromArray(gray.height, gray.width, cv.CV_8UC1, gray.data as unknown as number[]));
  const blurred = keep(new cv.Mat());
  cv.GaussianBlur(source, blurred, new cv.Size(0, 0), 1);
  const gradient = keep(new cv.Mat());
  cv.Sobel(blurred, gradient, cv.CV_32F, 0, 1, 3);
  return gradient;
}

/** The largest value of a one-channel Mat and where it is (opencv.js' own minMaxLoc, which its typings miss). */
function highest(cv: Cv, m: InstanceType<Cv['Mat']>): { maxVal: number; maxLoc: { x: number; y: number } } {
  const minMaxLoc = cv.minMaxLoc as unknown as (src: InstanceType<Cv['Mat']>) => {
    maxVal: number;
    maxLoc: { x: number; y: number };
  };
  return minMaxLoc(m);
}

/** Sub-pixel offset of a maximum from its neighbours (parabolaOffset of the minimum of the negated scores). */
function peakOffset(before: number, at: number, after: number): number {
  return parabolaOffset(-before, -at, -after);
}
