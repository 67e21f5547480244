import type { RawImage } from '../image';
import { type InverseAffine, type RadialLens, type Rect, sourceOf, warpOf } from './warp';
import { warpStrips } from './warp-bilinear';

/**
 * The aligned views written over the views they come from, for callers that drop the originals (the CLI, the
 * pipeline, a pool worker with its own copies). At 24 MP each view is 72 MB: a fresh buffer for it is 72 MB of
 * pages the system must map and zero on first write, which measured 220–290 ms of CPU per view on a 2-core VM
 * (a copy into written memory: 6 ms), more than the warp's own arithmetic there.
 */

/** `rect` of `image`, its rows moved up in place; the result shares (the start of) `image`'s buffer. */
export function cropInPlace(image: RawImage, rect: Rect): RawImage {
  const ch = image.channels;
  const rowBytes = rect.width * ch;
  // Row y moves to y·rowBytes from ((rect.y + y)·width + rect.x)·ch, never before its destination, and the rows
  // go top down: every source is read before anything is written over it.
  for (let y = 0; y < rect.height; y++) {
    const start = ((rect.y + y) * image.width + rect.x) * ch;
    image.data.copyWithin(y * rowBytes, start, start + rowBytes);
  }
  return {
    data: image.data.subarray(0, rect.height * rowBytes),
    width: rect.width,
    height: rect.height,
    channels: ch,
  };
}

/**
 * warpBilinear written over `source` (same bytes as warpBilinear). Output row y lands at y·rect.width·ch, while the
 * strips still to come read the source from some row on (see affineLowest and sampledLowest); a computed strip
 * waits in a queue until no later strip reads where it goes. The queue holds about as many rows as the map reaches
 * above its own row (a rotation of 1° over 6000 px: ~100 rows of 18 KB) plus a strip; undefined (nothing written)
 * for a map whose source rows do not move down with the output's, or a rect with more pixels than the source (a
 * smaller view mapped onto a larger canvas: its buffer cannot hold the output).
 */
export function warpInPlace(
  source: RawImage,
  map: InverseAffine,
  rect: Rect,
  lens?: RadialLens,
): RawImage | undefined {
  const data = source.data;
  if (rect.width * rect.height * source.channels > data.length) return undefined;
  const warp = warpOf(source, map, lens);
  const lowest = warp.affine ? affineLowest(map, rect) : sampledLowest(map, lens, rect);
  if (!lowest) return undefined;
  const ch = source.channels;
  const rowBytes = rect.width * ch;
  const sourceRowBytes = source.width * ch;
  // Bytes before this are read by no output row from y on (one row of margin for the fixed point's drift).
  const freeBefore = (y: number) => Math.max(0, Math.floor(lowest(y)) - 1) * sourceRowBytes;
  const pending: { row: number; bytes: Uint8Array }[] = [];
  warpStrips(warp, rect, (y0, bytes) => {
    const end = y0 + bytes.length / rowBytes;
    const free = end < rect.height ? freeBefore(end) : Number.POSITIVE_INFINITY;
    if (pending.length === 0 && end * rowBytes <= free) {
      data.set(bytes, y0 * rowBytes);
      return;
    }
    pending.push({ row: y0, bytes: bytes.slice() });
    while (pending.length > 0 && pending[0]!.row * rowBytes + pending[0]!.bytes.length <= free) {
      const done = pending.shift()!;
      data.set(done.bytes, done.row * rowBytes);
    }
  });
  return {
    data: data.subarray(0, rect.height * rowBytes),
    width: rect.width,
    height: rect.height,
    channels: ch,
  };
}

/**
 * The lowest source row an affine map reads for output rows y (of rect) and below: the smallest along row y, at one
 * of its ends, which only grows down the output when m11 > 0 (undefined otherwise).
 */
function affineLowest(map: InverseAffine, rect: Rect): ((y: number) => number) | undefined {
  if (!(map.m11 > 0)) return undefined;
  const lowestRead = Math.min(map.m10 * rect.x, map.m10 * (rect.x + rect.width - 1));
  return (y) => lowestRead + map.m11 * (rect.y + y) + map.m12;
}

/** Output rows and columns between the exactly mapped points of a curved map's bound (see sampledLowest). */
const BOUND_GRID_PX = 32;
/**
 * How far a curved map's source rows may reach above the lower of two neighbouring grid points': a keystone bends
 * nothing (lines stay lines); a lens term bends a row by y'' = 2·k·y/r2, so a cell's chord strays by 32²/8·|y''|:
 * at |k| ≤ 0.3 (lens-fit's K_MAX), about 0.07 px on a 1000 px picture and 0.35 px on a 200 px one (estimated).
 */
const BOUND_MARGIN_PX = 2;

/**
 * A lower bound on the source rows a curved (projective or lens) map reads for output rows y and below: the exact
 * source rows on a grid of the output, each grid row's lowest, the lowest of those from y's grid row on, less a
 * margin for the bend between grid points. Undefined when the source rows do not move down the output (the last
 * grid row's lowest above the first's), as for an affine map with m11 ≤ 0.
 */
function sampledLowest(
  map: InverseAffine,
  lens: RadialLens | undefined,
  rect: Rect,
): ((y: number) => number) | undefined {
  const rows = Math.ceil((rect.height - 1) / BOUND_GRID_PX) + 1;
  const columns = Math.ceil((rect.width - 1) / BOUND_GRID_PX) + 1;
  const at = new Float64Array(2);
  const rowLowest = Float64Array.from({ length: rows }, (_, j) => {
    const y = rect.y + Math.min(j * BOUND_GRID_PX, rect.height - 1);
    let low = Number.POSITIVE_INFINITY;
    for (let i = 0; i < columns; i++) {
      sourceOf(map, lens, rect.x + Math.min(i * BOUND_GRID_PX, rect.width - 1), y, at);
      low = Math.min(low, at[1]!);
    }
    return low;
  });
  if (!(rowLowest[rows - 1]! > rowLowest[0]!)) return undefined;
  // From grid row j on: rows between j and j + 1 lie above neither of theirs by more than the margin.
  const fromRow = new Float64Array(rows);
  for (let j = rows - 1; j >= 0; j--)
    fromRow[j] = Math.min(rowLowest[j]!, j + 1 < rows ? fromRow[j + 1]! : Infinity);
  return (y) => fromRow[Math.min(rows - 1, Math.floor(y / BOUND_GRID_PX))]! - BOUND_MARGIN_PX;
}
