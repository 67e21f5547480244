import type { RawImage } from '../image';
import { type InverseAffine, type Rect, warpOf } from './warp';
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
 * warpBilinear for an affine map, written over `source` (same bytes as warpBilinear). Output row y lands at
 * y·rect.width·ch, while the strips still to come read the source from row ⌊min sy⌋ on (the smallest source row
 * along their first row: it only grows down the output when m11 > 0); a computed strip waits in a queue until no
 * later strip reads where it goes. The queue holds about as many rows as the map reaches above its own row
 * (a rotation of 1° over 6000 px: ~100 rows of 18 KB) plus a strip; undefined (nothing written) for a map whose
 * source rows do not move down with the output's.
 */
export function warpInPlace(source: RawImage, map: InverseAffine, rect: Rect): RawImage | undefined {
  const data = source.data;
  const warp = warpOf(source, map, undefined);
  if (!warp.affine || !(map.m11 > 0)) return undefined;
  const ch = source.channels;
  const rowBytes = rect.width * ch;
  const sourceRowBytes = source.width * ch;
  const lowestRead = Math.min(map.m10 * rect.x, map.m10 * (rect.x + rect.width - 1));
  // Bytes before this are read by no output row from y on (one row of margin for the fixed point's drift).
  const freeBefore = (y: number) =>
    Math.max(0, Math.floor(lowestRead + map.m11 * (rect.y + y) + map.m12) - 1) * sourceRowBytes;
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
