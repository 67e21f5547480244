import type { GrayImage } from '../cv/gray';
import type { RawImage } from '../image';
import { parabolaOffset } from './row-match';

/**
 * A ridge departs from both of its neighbours RIDGE_STEP grid px away by at least RIDGE_LEVELS grey levels, the same
 * way (10 also took ridges of a layered scene's texture: −0.08 dB on it; 15 none, and as much on the poles).
 */
const RIDGE_LEVELS = 15;
const RIDGE_STEP = 2;
/**
 * Two ridges are one line's when the full-size views' colours at their centres differ by at most this (sum over
 * RGB). On the grid the colour of a line a pixel wide is mostly its background's, which differs between the views.
 */
const SAME_COLOUR = 24;
/** A line is placed at least this far (levels) in front of the matcher's reading on both sides of it. */
const IN_FRONT = 1;
/** Grid px beside a ridge where its sides are read. */
const BESIDE = 3;
/** A ridge centre this far (grid px) off its pixel covers the neighbour on that side too. */
const COVERS = 0.25;

/** A local extreme of the grey level along a row: its pixel, sub-pixel centre and sign (1 lighter, −1 darker). */
interface Ridge {
  x: number;
  centre: number;
  sign: number;
}

/**
 * Lines thinner than the matcher's window (poles, rods or wires a pixel or two wide on the grid) are lost in what
 * surrounds them: the window is mostly the wall behind, so a pole is read at the wall's disparity (on an unseen
 * thin-poles scene 41 % of the poles' grid pixels, 28 % unread, 31 % right) and drawn at half contrast at both of its
 * positions, as a cross-fade would. Here such a line is found on its own: a ridge of the grey level that goes on in
 * the rows above and below. It is matched to the ridges of its sign in the other view's row, within the range and
 * not behind the matcher's reading on its sides, whose colour in the full-size views is the same. When each of the
 * two ridges has the other as its only match, that match lies in front of both sides in both views, and the
 * matcher's reading does not already fit it (see readFits), both maps take the line's disparity from the ridges'
 * sub-pixel centres. A line with more than one match (the boards of a regular fence; the grout of a tiled floor,
 * which also matches on its floor: requiring the match in front before counting them cost tiled floors 0.6–0.7 dB)
 * is left to the matcher and to aliasMaps.
 * Writes into `maps` (grid px, left x − d in the right view) and returns the number of lines' row pixels set.
 */
export function placeThinLines(
  left: GrayImage,
  right: GrayImage,
  views: { left: RawImage; right: RawImage },
  maps: { left: Float32Array; right: Float32Array },
  range: { min: number; max: number },
): number {
  const w = left.width;
  const scale = views.left.width / w;
  const ridgesL = ridgeRows(left);
  const ridgesR = ridgeRows(right);
  let set = 0;
  for (let y = 1; y < left.height - 1; y++) {
    const row = y * w;
    const linesL = linesOf(ridgesL, y);
    const linesR = linesOf(ridgesR, y);
    /** The map's reading BESIDE px either side of x, the two combined by `pick`; NaN sides are left out. */
    const sides = (map: Float32Array, x: number, pick: (a: number, b: number) => number) => {
      const a = map[row + Math.max(0, x - BESIDE)]!;
      const b = map[row + Math.min(w - 1, x + BESIDE)]!;
      return Number.isNaN(a) ? b : Number.isNaN(b) ? a : pick(a, b);
    };
    /** The matches of ridge `from` (of the view whose map is `map`) among the other view's lines. */
    const matches = (from: Ridge, others: Ridge[], sign: 1 | -1, map: Float32Array) => {
      const behind = sides(map, from.x, Math.min) - IN_FRONT;
      const [own, other] = sign > 0 ? [views.left, views.right] : [views.right, views.left];
      return others.filter((o) => {
        const d = sign * (from.centre - o.centre);
        return (
          o.sign === from.sign &&
          d >= range.min &&
          d <= range.max &&
          d >= behind &&
          colourGap(own, other, y, from.centre, o.centre, scale) <= SAME_COLOUR
        );
      });
    };
    for (const l of linesL) {
      const forL = matches(l, linesR, 1, maps.left);
      if (forL.length !== 1) continue;
      const r = forL[0]!;
      const forR = matches(r, linesL, -1, maps.right);
      if (forR.length !== 1 || forR[0] !== l) continue;
      // The one match must lie in front of both sides, in both views (grout read on its floor has a match there too).
      const d = l.centre - r.centre;
      if (
        !(d >= sides(maps.left, l.x, Math.max) + IN_FRONT && d >= sides(maps.right, r.x, Math.max) + IN_FRONT)
      ) {
        continue;
      }
      if (
        readFits(maps.left, row, l, ridgesR[y]!, 1, [views.left, views.right], y, scale) ||
        readFits(maps.right, row, r, ridgesL[y]!, -1, [views.right, views.left], y, scale)
      ) {
        continue;
      }
      for (const [ridge, map] of [
        [l, maps.left],
        [r, maps.right],
      ] as const) {
        map[row + ridge.x] = d;
        const side = ridge.centre - ridge.x;
        if (Math.abs(side) > COVERS) map[row + ridge.x + Math.sign(side)] = d;
      }
      set++;
    }
  }
  return set;
}

/** Every row's ridges. */
function ridgeRows(g: GrayImage): Ridge[][] {
  return Array.from({ length: g.height }, (_, y) => ridgesOf(g.data, y * g.width, g.width));
}

/** The ridges of one row: local extremes of the level's departure from its neighbours RIDGE_STEP px away. */
function ridgesOf(g: Uint8Array, row: number, w: number): Ridge[] {
  const out: Ridge[] = [];
  const departure = (x: number) => g[row + x]! - (g[row + x - RIDGE_STEP]! + g[row + x + RIDGE_STEP]!) / 2;
  for (let x = RIDGE_STEP + 1; x < w - RIDGE_STEP - 1; x++) {
    const a = g[row + x]! - g[row + x - RIDGE_STEP]!;
    const b = g[row + x]! - g[row + x + RIDGE_STEP]!;
    const sign =
      a >= RIDGE_LEVELS && b >= RIDGE_LEVELS ? 1 : a <= -RIDGE_LEVELS && b <= -RIDGE_LEVELS ? -1 : 0;
    if (sign === 0) continue;
    const here = sign * departure(x);
    const before = sign * departure(x - 1);
    const after = sign * departure(x + 1);
    if (here < before || here <= after) continue;
    // The departure's peak, as a cost minimum of its negation.
    out.push({ x, centre: x + parabolaOffset(-before, -here, -after), sign });
  }
  return out;
}

/** The ridges of row y that go on (a ridge of the same sign within a pixel) in the rows above and below. */
function linesOf(rows: Ridge[][], y: number): Ridge[] {
  const goesOn = (at: Ridge[], r: Ridge) => at.some((o) => o.sign === r.sign && Math.abs(o.x - r.x) <= 1);
  return rows[y]!.filter((r) => goesOn(rows[y - 1]!, r) && goesOn(rows[y + 1]!, r));
}

/**
 * Whether the map's reading at the ridge already fits it: it lands within a pixel of a ridge of the same sign in the
 * other view, or on a pixel of the ridge's colour in the full-size views (a ridge whose match in the other view fell
 * under RIDGE_LEVELS).
 */
function readFits(
  map: Float32Array,
  row: number,
  ridge: Ridge,
  others: Ridge[],
  sign: 1 | -1,
  views: readonly [RawImage, RawImage],
  y: number,
  scale: number,
): boolean {
  const d = map[row + ridge.x]!;
  if (Number.isNaN(d)) return false;
  const at = ridge.centre - sign * d;
  return (
    others.some((o) => o.sign === ridge.sign && Math.abs(o.centre - at) <= 1) ||
    colourGap(views[0], views[1], y, ridge.centre, at, scale) <= SAME_COLOUR
  );
}

/** Colour gap (sum over RGB) of two full-size views at grid row y, at grid columns a (view A) and b (view B). */
function colourGap(A: RawImage, B: RawImage, y: number, a: number, b: number, scale: number): number {
  const fy = Math.min(A.height - 1, Math.floor((y + 0.5) * scale));
  const at = (image: RawImage, x: number) =>
    (fy * image.width + Math.min(image.width - 1, Math.max(0, Math.floor((x + 0.5) * scale)))) *
    image.channels;
  const i = at(A, a);
  const j = at(B, b);
  const grey = A.channels < 3;
  let gap = 0;
  for (let c = 0; c < 3; c++) {
    const k = grey ? 0 : c;
    gap += Math.abs(A.data[i + k]! - B.data[j + k]!);
  }
  return gap;
}
