import type { GrayImage } from '../cv/gray';
import { type Cv, withMats } from '../cv/opencv';
import { consistency, type FlowField, farnebackFlow } from '../interpolate/flow';
import { nearInconsistent, snapHorizontal } from './row-snap-flow';
import { inverseRotationOf, type Similarity } from './similarity';

/** Evidence for the order of the two views, from the half-occlusions (see `orderEvidence`). */
export interface OrderEvidence {
  /** Summed weight of the runs whose owner says "given in the right order". */
  correct: number;
  /** Summed weight of the runs whose owner says "given in the wrong order". */
  swapped: number;
  /** Runs that voted (either way). */
  runs: number;
  /** (Σw)² / Σw²: how many equally weighted runs the votes amount to (a few dominant runs give a small number). */
  effectiveRuns: number;
  /** The same over the edges the runs lie on (see effectiveEdges). */
  effectiveEdges: number;
}

/** The evidence of a pair whose order is not judged: no run voted. */
export function noOrderEvidence(): OrderEvidence {
  return { correct: 0, swapped: 0, runs: 0, effectiveRuns: 0, effectiveEdges: 0 };
}

/**
 * Runs a verdict needs, in the evidence and in its mirror (see mirroredEvidence). Thin structures leave votes that
 * are noise yet flip with the views: a genuine pair of thin poles drawn by align-random (seed 7373, #4) gave 76 %
 * "swapped" of 59 runs and 80 % "right" of 64 given the other way round, and was refused at 40; another reached
 * 65 % of 82 runs (order-repetitive.ts). Every swapped pair the benches refuse has 102 runs or more (aloe with a
 * 60 px window shift; motorcycle 257, the layered scenes 236, thin poles 114, aloe at 31 MP 129).
 */
const MIN_ORDER_RUNS = 80;
const MIN_EFFECTIVE_ORDER_RUNS = 25;
/**
 * Edges a verdict needs (see effectiveEdges), in the evidence and in its mirror. A genuine pair of thin poles drawn
 * by align-random (seed 9301, #27) gave 80 % "swapped" of 160 runs (54 effective) and 84 % "right" of 185 given the
 * other way round, but two thirds of its runs lay down one pair of poles: 1.8 and 1.9 edges. The swapped pairs the
 * benches refuse come to 3.4 or more, both ways round (thin poles 3.4 to 7.8, aloe 5.0 to 8.6, motorcycle 6.5 to 9.6).
 */
const MIN_EFFECTIVE_ORDER_EDGES = 2.5;
/**
 * Measured swapped shares: right order ≤ 26 % on the layered scenes, aloe and motorcycle (with ±60 px window
 * shifts), wrong order ≥ 68 %; a chessboard rig pair in the right order reached 58 % before too-wide parallax
 * ranges were left unjudged. The threshold leans towards accepting.
 */
const SWAPPED_SHARE = 0.65;

/**
 * What the half-occlusion votes say of the order: 'swapped' or 'right' when enough runs (MIN_ORDER_RUNS,
 * MIN_EFFECTIVE_ORDER_RUNS of equal weight, on MIN_EFFECTIVE_ORDER_EDGES edges of equal weight) give SWAPPED_SHARE of
 * their weight to one side, else nothing.
 */
export function orderOf(evidence: OrderEvidence): 'swapped' | 'right' | undefined {
  const total = evidence.correct + evidence.swapped;
  const enough =
    evidence.runs >= MIN_ORDER_RUNS &&
    evidence.effectiveRuns >= MIN_EFFECTIVE_ORDER_RUNS &&
    evidence.effectiveEdges >= MIN_EFFECTIVE_ORDER_EDGES;
  if (!enough || !(total > 0)) return undefined;
  if (evidence.swapped >= SWAPPED_SHARE * total) return 'swapped';
  if (evidence.correct >= SWAPPED_SHARE * total) return 'right';
  return undefined;
}

/** Where the two reduced greys sit in their full-resolution images (for the rough warp). */
export interface ReducedFrame {
  gray: GrayImage;
  /** Full-resolution size. */
  width: number;
  height: number;
}

/** Long side of the copy the check runs on: parallax of a few % of the width is still 10–20 px there. */
export const CHECK_SIDE = 480;
/**
 * Widest parallax range (p5–p95 of the matches, px at CHECK_SIDE) the check can judge: Farneback's pyramid follows
 * ~40 px and runs are at most 48 px. Measured: aloe 14, motorcycle 25, layered scenes 12–15; the chessboard
 * calibration rig (a board held close to the cameras) 27–103, where the votes were at chance or inverted.
 */
export const MAX_JUDGED_SPREAD = 40;
const OCCLUDED_BELOW = 0.25;
const CONSISTENT_ABOVE = 0.6;
const MIN_RUN = 2;
const MAX_RUN = 48;
/** Neighbour strips compared with a run; wide enough for stable statistics, narrow enough to stay on one surface. */
const STRIP = 6;

/**
 * Which way round the views are, without trusting the sign of the disparity (converged shots and stereo-window
 * shifts add an unknown constant to every disparity). At a depth edge the strip of background next to a near
 * object is seen by one eye only: the left eye sees around the near object's LEFT side, so in the left view the
 * left-only strip lies left of the object and belongs to the surface on its left (the far one); in the right view
 * the right-only strip belongs to the surface on its right. A constant horizontal shift changes neither.
 *
 * Method, on a 480 px copy with the right view roughly aligned (rotation, scale, vertical offset and the median
 * disparity removed, so the residual motion is small for Farneback): flow both ways, with each pixel near an
 * inconsistency re-choosing the flow of a horizontal neighbour when it matches better (Farneback smears a near
 * object's motion over the background, which moves the inconsistent band off the true half-occlusion; without
 * this the votes were ~50/50 on the synthetic scenes and reversed on motorcycle). Forward/backward consistency
 * then marks half-occluded pixels; each horizontal run of them (2–48 px) between consistent pixels, whose width
 * matches the flow jump across it (left side moving further right in the other view, as an occlusion needs),
 * votes for the neighbour it continues: the far surface goes on through the run, the near object's contour is a
 * change of surface, so the owner is the side whose strip (5 rows, 6–16 px) is closer to the run in mean and
 * standard deviation of grey. A vote weighs the square of the difference of those two distances (grey levels).
 *
 * Measured shares of the weight saying "swapped": right order 2–26 %, wrong order 68–98 % (synthetic layered
 * scenes, aloe and motorcycle, with and without a ±60 px window shift or a converged-like rotation). The caller
 * decides with a margin.
 */
export function orderEvidence(
  cv: Cv,
  left: ReducedFrame,
  right: ReducedFrame,
  model: Similarity,
  shiftPx: number,
): OrderEvidence {
  const a = shrink(cv, left.gray, CHECK_SIDE);
  const b = warpToLeft(
    { ...left, gray: a },
    { ...right, gray: shrink(cv, right.gray, CHECK_SIDE) },
    model,
    shiftPx,
  );
  matchExposure(b.gray, a, b.valid);
  const f0 = farnebackFlow(cv, a, b.gray);
  const b0 = farnebackFlow(cv, b.gray, a);
  const forward = snapHorizontal(
    f0,
    a,
    b.gray,
    nearInconsistent(consistency(f0, b0, 1), a.width, CONSISTENT_ABOVE),
  );
  const backward = snapHorizontal(
    b0,
    b.gray,
    a,
    nearInconsistent(consistency(b0, f0, 1), a.width, CONSISTENT_ABOVE),
  );
  const columns = new Float64Array(a.width);
  const fromLeft = voteRuns(a, b.gray, forward, consistency(forward, backward, 1), b.valid, columns, 1);
  const fromRight = voteRuns(b.gray, a, backward, consistency(backward, forward, 1), b.valid, columns, -1);
  // Left view: a correct order gives runs owned by their LEFT neighbour; the right view mirrors it.
  const correct = fromLeft.ownedLeft + fromRight.ownedRight;
  const swapped = fromLeft.ownedRight + fromRight.ownedLeft;
  const squares = fromLeft.squares + fromRight.squares;
  return {
    correct,
    swapped,
    runs: fromLeft.runs + fromRight.runs,
    effectiveRuns: squares > 0 ? (correct + swapped) ** 2 / squares : 0,
    effectiveEdges: effectiveEdges(columns),
  };
}

/**
 * How many equally weighted edges the votes amount to: (Σ|W|)² / ΣW² over the edges, W the net vote of an edge's
 * runs (those saying "right order" less those saying "swapped"), an edge being the runs centred on a stretch of
 * adjacent columns. The runs down one upright edge are one observation, however many rows they span.
 */
export function effectiveEdges(columns: Float64Array): number {
  let sum = 0;
  let squares = 0;
  let net = 0;
  for (let x = 0; x <= columns.length; x++) {
    const w = x < columns.length ? columns[x]! : 0;
    if (w !== 0) {
      net += w;
    } else if (net !== 0) {
      sum += Math.abs(net);
      squares += net * net;
      net = 0;
    }
  }
  return squares > 0 ? (sum * sum) / squares : 0;
}

/** The right grey resampled into the left grey's frame by the model (plus the disparity shift), and where it is defined. */
function warpToLeft(left: ReducedFrame, right: ReducedFrame, model: Similarity, shiftPx: number) {
  const { width, height } = left.gray;
  const sL = left.gray.scale;
  const sR = right.gray.scale;
  const clx = (left.width - 1) / 2;
  const cly = (left.height - 1) / 2;
  const crx = (right.width - 1) / 2;
  const cry = (right.height - 1) / 2;
  const { ia, ib } = inverseRotationOf(model);
  const src = right.gray;
  const data = new Uint8Array(width * height);
  const valid = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const vy = (y + 0.5) * sL - 0.5 - cly - model.ty;
    for (let x = 0; x < width; x++) {
      const vx = (x + 0.5) * sL - 0.5 - clx - shiftPx;
      const rx = ia * vx + ib * vy + crx;
      const ry = -ib * vx + ia * vy + cry;
      const qx = (rx + 0.5) / sR - 0.5;
      const qy = (ry + 0.5) / sR - 0.5;
      if (qx < 0 || qy < 0 || qx > src.width - 1.001 || qy > src.height - 1.001) continue;
      const x0 = qx | 0;
      const y0 = qy | 0;
      const fx = qx - x0;
      const fy = qy - y0;
      const i = y0 * src.width + x0;
      const top = src.data[i]! + (src.data[i + 1]! - src.data[i]!) * fx;
      const bottom =
        src.data[i + src.width]! + (src.data[i + src.width + 1]! - src.data[i + src.width]!) * fx;
      data[y * width + x] = Math.round(top + (bottom - top) * fy);
      valid[y * width + x] = 1;
    }
  }
  return { gray: { data, width, height, scale: sL }, valid };
}

/**
 * orderEvidence of the same pair given the other way round (the right view first, the model inverted): the votes of
 * a real order flip with it, while votes that are noise on a scene (a faint tiled floor said "swapped" 79 % one way
 * and 63 % the other) say the same both ways. The caller asks only when the first evidence would refuse the pair.
 */
export function mirroredEvidence(
  cv: Cv,
  left: ReducedFrame,
  right: ReducedFrame,
  model: Similarity,
  shiftPx: number,
): OrderEvidence {
  // The inverse of xL = a·xR − b·yR + shift, yL = b·xR + a·yR + ty (what warpToLeft reads of the model).
  const { ia, ib } = inverseRotationOf(model);
  const inverse = { a: ia, b: -ib, tx: 0, ty: ib * shiftPx - ia * model.ty };
  return orderEvidence(cv, right, left, inverse, -(ia * shiftPx + ib * model.ty));
}

function voteRuns(
  image: GrayImage,
  /** The view the flow points into. */
  other: GrayImage,
  flow: FlowField,
  consistent: Float32Array,
  valid: Uint8Array,
  /** Each run's vote (+ for the right order) is added at its centre column. */
  columns: Float64Array,
  /** +1 for the left view's runs (owned by their left neighbour in the right order), −1 for the right view's. */
  sign: 1 | -1,
) {
  const { width, height, data } = image;
  const out = { ownedLeft: 0, ownedRight: 0, runs: 0, squares: 0 };
  const margin = STRIP + 2;
  for (let y = 2; y < height - 2; y++) {
    const row = y * width;
    let x = margin;
    while (x < width - margin) {
      if (consistent[row + x]! >= OCCLUDED_BELOW || !valid[row + x]) {
        x++;
        continue;
      }
      const s = x;
      while (x < width - margin && consistent[row + x]! < OCCLUDED_BELOW && valid[row + x]) x++;
      const e = x;
      const length = e - s;
      if (length < MIN_RUN || length > MAX_RUN || e >= width - margin) continue;
      if (
        !sideConsistent(consistent, valid, row, s - STRIP, s) ||
        !sideConsistent(consistent, valid, row, e, e + STRIP)
      ) {
        continue;
      }
      // An occlusion in this view needs the left side to move further right in the other view than the right side.
      const uLeft = meanFlowX(flow, row, s - STRIP, s);
      const uRight = meanFlowX(flow, row, e, e + STRIP);
      const jump = uLeft - uRight;
      if (jump < 1 || Math.abs(jump - length) > Math.max(2, 0.4 * length)) continue;
      const side = Math.min(16, Math.max(STRIP, length));
      const left = { from: Math.max(0, s - side), to: s };
      const right = { from: e, to: Math.min(width, e + side) };
      const leftSide = stats5(data, width, y, left.from, left.to);
      const rightSide = stats5(data, width, y, right.from, right.to);
      const beside = { image, other, flow, consistent, valid, y };
      if (!surfaceBeside(beside, left, leftSide.sd) || !surfaceBeside(beside, right, rightSide.sd)) continue;
      const run = stats5(data, width, y, s, e);
      const stepLeft = Math.abs(run.mean - leftSide.mean) + 0.5 * Math.abs(run.sd - leftSide.sd);
      const stepRight = Math.abs(run.mean - rightSide.mean) + 0.5 * Math.abs(run.sd - rightSide.sd);
      const contrast = Math.abs(stepLeft - stepRight);
      if (contrast < 2) continue;
      // Squared: a run with a clear owner says much more than several ambiguous ones (measured: the gap between
      // right- and wrong-order shares widened from 34/63 % to 27/68 % over linear weights).
      const weight = contrast * contrast;
      out.runs++;
      out.squares += weight * weight;
      if (stepLeft < stepRight) out.ownedLeft += weight;
      else out.ownedRight += weight;
      columns[(s + e) >> 1]! += (stepLeft < stepRight ? sign : -sign) * weight;
    }
  }
  return out;
}

/** Flow off its strip's mean by more than this (px) is another surface's. */
const ONE_SURFACE_PX = 1;
/** Share of a strip's pixels that may lie off its mean flow. */
const OFF_SURFACE_SHARE = 0.2;
/** Mean |grey difference| along the flow, in units of the strip's own (standard deviation + 4 levels). */
const MATCHED_BELOW = 0.8;

/**
 * Whether the strip beside a run is one surface the flow really follows: consistent over its whole width (not only
 * the STRIP next to the run), moving as one (within ONE_SURFACE_PX), and matching the other view where the flow
 * points. A half-occlusion of width J needs a near surface at least J wide beside it; a structure thinner than that
 * (a pole of 1 px on the 480 px copy) occludes a strip away from itself, and Farneback smears its motion over the
 * background around it, so runs beside it are consistent by chance. Their votes were noise: two genuine thin-pole
 * pairs of 10 were refused as swapped (67–71 %, 96–112 runs). With this check none of 60 genuine repetitive
 * or thin-structure pairs is refused, aloe and motorcycle keep their shares (right order 10–21 %, swapped 69–87 %).
 */
function surfaceBeside(
  at: {
    image: GrayImage;
    other: GrayImage;
    flow: FlowField;
    consistent: Float32Array;
    valid: Uint8Array;
    y: number;
  },
  strip: { from: number; to: number },
  sd: number,
): boolean {
  const { image, other, flow, y } = at;
  const { width, height } = image;
  const row = y * width;
  if (!sideConsistent(at.consistent, at.valid, row, strip.from, strip.to)) return false;
  const count = strip.to - strip.from;
  const mean = meanFlowX(flow, row, strip.from, strip.to);
  let off = 0;
  for (let x = strip.from; x < strip.to; x++)
    if (Math.abs(flow.data[2 * (row + x)]! - mean) > ONE_SURFACE_PX) off++;
  if (off > OFF_SURFACE_SHARE * count) return false;
  let sum = 0;
  let n = 0;
  for (let r = y - 2; r <= y + 2; r++) {
    for (let x = strip.from; x < strip.to; x++) {
      const i = r * width + x;
      const tx = Math.round(x + flow.data[2 * i]!);
      const ty = Math.round(r + flow.data[2 * i + 1]!);
      if (tx < 0 || ty < 0 || tx >= width || ty >= height) continue;
      sum += Math.abs(image.data[i]! - other.data[ty * width + tx]!);
      n++;
    }
  }
  return n > 0 && sum / n <= MATCHED_BELOW * (sd + 4);
}

function sideConsistent(
  consistent: Float32Array,
  valid: Uint8Array,
  row: number,
  from: number,
  to: number,
): boolean {
  let good = 0;
  for (let x = from; x < to; x++) if (valid[row + x] && consistent[row + x]! > CONSISTENT_ABOVE) good++;
  return good >= (to - from) * 0.66;
}

function meanFlowX(flow: FlowField, row: number, from: number, to: number): number {
  let sum = 0;
  for (let x = from; x < to; x++) sum += flow.data[2 * (row + x)]!;
  return sum / (to - from);
}

/** Mean and standard deviation over columns [from, to) of rows y−2..y+2 (5 rows: steadier than 3 on real pairs). */
function stats5(data: Uint8Array, width: number, y: number, from: number, to: number) {
  let sum = 0;
  let squares = 0;
  for (let r = y - 2; r <= y + 2; r++) {
    for (let x = from; x < to; x++) {
      const v = data[r * width + x]!;
      sum += v;
      squares += v * v;
    }
  }
  const n = 5 * (to - from);
  const mean = sum / n;
  return { mean, sd: Math.sqrt(Math.max(0, squares / n - mean * mean)) };
}

/** Area-averaged copy whose long side is at most `maxSide`. */
function shrink(cv: Cv, gray: GrayImage, maxSide: number): GrayImage {
  const factor = Math.min(1, maxSide / Math.max(gray.width, gray.height));
  if (factor === 1) return gray;
  const width = Math.max(1, Math.round(gray.width * factor));
  const height = Math.max(1, Math.round(gray.height * factor));
  return withMats((keep) => {
    const src = keep(cv.matFromArray(gray.height, gray.width, cv.CV_8UC1, gray.data as unknown as number[]));
    const dst = keep(new cv.Mat());
    cv.resize(src, dst, new cv.Size(width, height), 0, 0, cv.INTER_AREA);
    return { data: Uint8Array.from(dst.data), width, height, scale: (gray.scale * gray.width) / width };
  });
}

/**
 * Gives `target` the mean and spread of `reference` over the valid pixels (in place) when they clearly differ:
 * Farneback assumes constant brightness, and two shots exposed differently (×1.3 + 12) left the consistency map,
 * so the votes, at chance (48 % / 44 %; 25 % / 75 % once matched).
 */
function matchExposure(target: GrayImage, reference: GrayImage, valid: Uint8Array): void {
  let n = 0;
  let st = 0;
  let st2 = 0;
  let sr = 0;
  let sr2 = 0;
  for (let i = 0; i < valid.length; i++) {
    if (!valid[i]) continue;
    const t = target.data[i]!;
    const r = reference.data[i]!;
    n++;
    st += t;
    st2 += t * t;
    sr += r;
    sr2 += r * r;
  }
  if (n === 0) return;
  const mt = st / n;
  const mr = sr / n;
  const sdT = Math.sqrt(Math.max(0, st2 / n - mt * mt));
  const sdR = Math.sqrt(Math.max(0, sr2 / n - mr * mr));
  if (sdT < 1) return;
  const gain = sdR / sdT;
  // Shots of one rig differ by ~1 % (content at the frame edges, not exposure); resampling them anyway only adds
  // rounding noise, which moved a weak real case (aloe, swapped, +60 px) by 9 points of share.
  if (Math.abs(gain - 1) < 0.05 && Math.abs(mr - mt) < 5) return;
  for (let i = 0; i < target.data.length; i++) {
    if (!valid[i]) continue;
    const v = (target.data[i]! - mt) * gain + mr;
    target.data[i] = v < 0 ? 0 : v > 255 ? 255 : Math.round(v);
  }
}
