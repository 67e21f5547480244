import { type GrayImage, reducedLuma } from '../cv/gray';
import type { Cv } from '../cv/opencv';
import type { RawImage } from '../image';
import { resizeRaw } from '../resize-raw';
import { dominantFit, type PointMatch, type RefineResult, refineAlignment } from './refine';
import type { Correspondences, Similarity } from './similarity';

/** Long side of the intermediate copy the refinement first runs on (at most; see midSide). */
const MID_SIDE = 2000;
/** Pictures at most this long are refined at full size straight from the rough model. */
const DIRECT_UP_TO = 3000;
/**
 * The full-size pass starts a fraction of an intermediate pixel off, so a tile that moves vertically by more than
 * one intermediate pixel has slid (along a board, onto a repeat); and its tiles, 48 px at full size, often hold
 * only gentle gradients (a 24 MP picture is smooth at the pixel scale), which LK's default eigenvalue floor (1e-3)
 * drops: 1e-4 (with the one-pixel limit) kept 97 % of a tiled floor's tiles instead of 36 %.
 */
const FINE_MIN_EIGEN = 1e-4;
const FINE_MAX_DY_MID_PX = 1;
/**
 * Fewer full-size tiles than this and the intermediate's model stands: measured at 6000×4000, fences kept 15–30
 * tiles at full size and ended 0.29–0.99 px off (intermediate: 0.2), a window grid kept 72 and reached 0.007 px.
 */
const MIN_FINE_TILES = 40;

/** A view's reduced copies: the one features are detected on and, on large pictures, the intermediate one. */
export interface ReducedCopies {
  detect: GrayImage;
  mid?: RawImage;
}

/**
 * The reduced copies of a view. On a large picture the detection copy is made from the intermediate one: one
 * resize of the full picture instead of two (each ~90 ms of CPU per 24 MP view). The intermediate copy stays in
 * colour: the luma of all its 2.7 M pixels cost ~20 ms of CPU per view, the tiles sample a third of them.
 */
export async function reducedCopies(image: RawImage, detectSide: number): Promise<ReducedCopies> {
  if (Math.max(image.width, image.height) <= DIRECT_UP_TO) {
    return { detect: await reducedLuma(image, detectSide) };
  }
  const mid = await midCopy(image, midSide(image.width, image.height));
  const small = await reducedLuma(mid, detectSide);
  return { detect: { ...small, scale: image.width / small.width }, mid };
}

/** The intermediate copy, in colour: the tiles take the luma of the pixels they sample only (see sampleLuma). */
function midCopy(image: RawImage, maxSide: number): Promise<RawImage> {
  const factor = maxSide / Math.max(image.width, image.height);
  return resizeRaw(image, Math.round(image.width * factor), Math.round(image.height * factor));
}

/**
 * The refinement, coarse to fine on large pictures. The rough model comes from a 1024 px copy and is good to about
 * a pixel of it: 6 px at 6000 px, beyond the capture range of the full-size tiles, which on a repetitive pattern
 * then lock onto a neighbouring repeat or are lost (fence at 6000×4000: 33 of 158 tiles tracked, 10 px residual).
 * The same tiles on a ~2000 px copy start within their range (as at 1800 px, where the fence aligns to 0.08 px);
 * the full-size pass then starts from that model and from the tile centres it tracked.
 */
export function refineCoarseToFine(
  cv: Cv,
  left: RawImage,
  right: RawImage,
  seeds: PointMatch[],
  start: Similarity,
  copies: { left: ReducedCopies; right: ReducedCopies },
): RefineResult | undefined {
  const longSide = Math.max(left.width, left.height);
  const midL = copies.left.mid;
  const midR = copies.right.mid;
  if (!midL || !midR) return refineAlignment(cv, left, right, seeds, start);
  // Pixel-centre convention per axis: full x = (mid x + 0.5)·sx − 0.5.
  const fL = { x: left.width / midL.width, y: left.height / midL.height };
  const fR = { x: right.width / midR.width, y: right.height / midR.height };
  const toMid = (v: number, s: number) => (v + 0.5) / s - 0.5;
  const midSeeds = seeds.map((m) => ({
    lx: toMid(m.lx, fL.x),
    ly: toMid(m.ly, fL.y),
    rx: toMid(m.rx, fR.x),
    ry: toMid(m.ry, fR.y),
  }));
  // The rough model is a plain similarity; its factor between the sizes is taken from one axis (the other's
  // differs by a rounded pixel, well inside the tiles' reach).
  const k = fR.x / fL.y;
  const midStart = { a: start.a * k, b: start.b * k, tx: 0, ty: start.ty / fL.y };
  // Two passes, as at full size: with one, the intermediate model the fences keep was 0.13–0.40 px off instead of
  // 0.15–0.28, and a tiled floor ended 0.031 px off instead of 0.016 (6000×4000).
  const mid = refineAlignment(cv, midL, midR, midSeeds, midStart);
  if (!mid) return refineAlignment(cv, left, right, seeds, start);
  // The intermediate's points at full size and the model refitted there (the two axes' factors may differ by a
  // rounded pixel, which no similarity of the intermediate copy would carry over exactly).
  const points = scaled(mid.points, fL, fR);
  const tiles = scaled(mid.tiles, fL, fR);
  const coarse: RefineResult = { model: dominantFit(points, start, longSide), points, tiles };
  const cl = { x: (left.width - 1) / 2, y: (left.height - 1) / 2 };
  const cr = { x: (right.width - 1) / 2, y: (right.height - 1) / 2 };
  const fineSeeds = Array.from(tiles.xl, (_, i) => ({
    lx: tiles.xl[i]! + cl.x,
    ly: tiles.yl[i]! + cl.y,
    rx: tiles.xr[i]! + cr.x,
    ry: tiles.yr[i]! + cr.y,
  }));
  const fine = refineAlignment(cv, left, right, fineSeeds, coarse.model, {
    maxDy: FINE_MAX_DY_MID_PX * fL.y,
    minEigen: FINE_MIN_EIGEN,
  });
  if (!fine || fine.tiles.xl.length < MIN_FINE_TILES) return coarse;
  // The disparities (order check, pivot) stay those of the intermediate's tiles: the full-size tiles that keep are
  // the textured subset, whose narrower spread let the order check judge a 6000×4000 window grid it leaves
  // unjudged at 1800 and 3000 px (64 % swapped of 430 runs, a point under refusal; with one seed, refused).
  return { ...fine, tiles };
}

/**
 * The long side (≤ MID_SIDE, ≥ 90 % of it) whose rounded short side keeps the two axes' factors closest: a 3:2
 * picture at 2000 px would be 1333.3 px high, 0.025 % anisotropy (a 0.17 px tilt of the intermediate's rows).
 */
function midSide(width: number, height: number): number {
  const long = Math.max(width, height);
  const short = Math.min(width, height);
  let best = MID_SIDE;
  let bestError = Number.POSITIVE_INFINITY;
  for (let side = MID_SIDE; side >= 0.9 * MID_SIDE; side--) {
    const exact = (short * side) / long;
    const error = Math.abs(Math.round(exact) - exact) / exact;
    if (error < bestError - 1e-12) {
      best = side;
      bestError = error;
    }
  }
  return best;
}

function scaled(c: Correspondences, fL: { x: number; y: number }, fR: { x: number; y: number }) {
  // Centred coordinates scale exactly under the pixel-centre convention.
  return {
    xl: c.xl.map((v) => v * fL.x),
    yl: c.yl.map((v) => v * fL.y),
    xr: c.xr.map((v) => v * fR.x),
    yr: c.yr.map((v) => v * fR.y),
  };
}
