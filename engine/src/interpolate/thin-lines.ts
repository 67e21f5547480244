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
/**
 * A line followed into a row (see followLines) is taken there when the views' colours fit its disparity better than
 * the reading there by at least this (sum over RGB): 48 left a third of its gain on the poles (+1.4 dB on the tuned
 * thin-poles scene instead of +2.0).
 */
const BETTER_BY = SAME_COLOUR;
/** Rows in a row where a followed line may not fit before it is left (0: poles +0.1 dB less). */
const MISSES = 1;

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
 * is left to the matcher and to aliasMaps. The lines matched are then followed into the rows where their ridge is
 * too faint to be found or matched (see followLines).
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
  /** The lines matched (or already read) in a row, with their disparity: where followLines starts. */
  const matched: Seed[] = [];
  for (let y = 1; y < left.height - 1; y++) {
    const row = y * w;
    const linesL = linesOf(ridgesL, y);
    const linesR = linesOf(ridgesR, y);
    /** The map's reading BESIDE px either side of x, the two combined by `pick`; NaN sides are left out. */
    const sides = (map: Float32Array, x: number, pick: (a: number, b: number) => number) =>
      besideReading(map, row, w, x, pick);
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
        matched.push({ y, centre: l.centre, sign: l.sign, d });
        continue;
      }
      matched.push({ y, centre: l.centre, sign: l.sign, d });
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
  return set + followLines(matched, [ridgesL, ridgesR], views, maps, { width: w, scale, range });
}

/** A line's ridge in a row where its match is known: the row, its sub-pixel centre, its sign, its disparity. */
interface Seed {
  y: number;
  centre: number;
  sign: number;
  d: number;
}

/**
 * Lines followed from the rows where they were matched up and down the rows where their ridge is too faint to be
 * found or matched: a pole's grey level departs from the wall behind it by RIDGE_LEVELS in some rows only (textured
 * pole, textured wall; on an unseen thin-poles scene 34 % of the poles' grid pixels had no ridge). In each row the
 * line goes on at the nearest ridge of its sign within a pixel, or straight down when there is none, and is taken
 * at its disparity when the full-size views' colours there fit it (within SAME_COLOUR) better than the row's reading
 * by BETTER_BY, that reading being the line's surroundings' where the row has none; the line must lie in front of
 * its sides in both views, as where it was matched (grout followed on a floor read wrong is not). A line that does
 * not fit in more than MISSES rows in a row is left, and a row where another line of the other view fits as well (a
 * regular row of poles, one spacing off) does not fit. Writes both maps; returns the rows set.
 * Measured on the interpolation bench against not following: thin poles +0.4 to +2.0 dB, slanted rods +0.9, a fine
 * mesh +0.4, poles before a near wall +1.5; one low-contrast tiled floor −0.34 (its grout lines matched to their
 * neighbours in a few rows, which following spreads). Without the test for another line the mesh gained 0.5 dB
 * more, but a regular row of poles was followed one spacing off from the few rows matched uniquely.
 */
function followLines(
  seeds: readonly Seed[],
  [ridgesL, ridgesR]: readonly [Ridge[][], Ridge[][]],
  views: { left: RawImage; right: RawImage },
  maps: { left: Float32Array; right: Float32Array },
  grid: { width: number; scale: number; range: { min: number; max: number } },
): number {
  const { width: w, scale, range } = grid;
  const h = ridgesL.length;
  const taken = new Uint8Array(w * h);
  for (const seed of seeds) taken[seed.y * w + Math.round(seed.centre)] = 1;
  const gap = (y: number, a: number, b: number) => colourGap(views.left, views.right, y, a, b, scale);
  let set = 0;
  for (const seed of seeds) {
    const { d } = seed;
    for (const dir of [-1, 1]) {
      let centre = seed.centre;
      let misses = 0;
      for (let y = seed.y + dir; y >= 0 && y < h && misses <= MISSES; y += dir) {
        const ridge = ridgesL[y]!.find((r) => r.sign === seed.sign && Math.abs(r.centre - centre) <= 1);
        if (ridge) centre = ridge.centre;
        const row = y * w;
        const x = Math.min(w - 1, Math.max(0, Math.round(centre)));
        const xr = Math.round(centre - d);
        if (taken[row + x]) break;
        const own = maps.left[row + x]!;
        if (Math.abs(own - d) <= 1) {
          taken[row + x] = 1;
          misses = 0;
          continue;
        }
        const reading = Number.isNaN(own) ? besideReading(maps.left, row, w, x, Math.max) : own;
        const fit = gap(y, centre, centre - d);
        const inFront = (map: Float32Array, at: number) =>
          at < 0 || at >= w || d >= besideReading(map, row, w, at, Math.max) + IN_FRONT;
        // Another line of the other view that fits as well (a regular row of poles) makes the row ambiguous; tested
        // only when the line fits, as it reads the full-size views once per ridge of the row.
        const another = () => {
          const behind = besideReading(maps.left, row, w, x, Math.min) - IN_FRONT;
          return ridgesR[y]!.some((r) => {
            const other = centre - r.centre;
            return (
              r.sign === seed.sign &&
              Math.abs(other - d) > 1 &&
              other >= range.min &&
              other <= range.max &&
              !(other < behind) &&
              gap(y, centre, r.centre) <= SAME_COLOUR
            );
          });
        };
        if (
          fit > SAME_COLOUR ||
          another() ||
          !inFront(maps.left, x) ||
          !inFront(maps.right, xr) ||
          (!Number.isNaN(reading) &&
            (d < reading + IN_FRONT || gap(y, centre, centre - reading) <= fit + BETTER_BY))
        ) {
          misses++;
          continue;
        }
        misses = 0;
        taken[row + x] = 1;
        maps.left[row + x] = d;
        const side = centre - x;
        const neighbour = x + Math.sign(side);
        if (ridge && Math.abs(side) > COVERS && neighbour >= 0 && neighbour < w)
          maps.left[row + neighbour] = d;
        if (xr >= 0 && xr < w) maps.right[row + xr] = d;
        set++;
      }
    }
  }
  return set;
}

/** The map's reading BESIDE px either side of x in the row starting at `row`, the two combined by `pick`; NaN sides are left out. */
function besideReading(
  map: Float32Array,
  row: number,
  w: number,
  x: number,
  pick: (a: number, b: number) => number,
): number {
  const a = map[row + Math.max(0, x - BESIDE)]!;
  const b = map[row + Math.min(w - 1, x + BESIDE)]!;
  return Number.isNaN(a) ? b : Number.isNaN(b) ? a : pick(a, b);
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
