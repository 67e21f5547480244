import { EngineInputError } from '../image';
import { readMpfIndex } from './mpf-index';

export interface StereoJpegs {
  left: Buffer;
  right: Buffer;
  /** How the pictures were found: the MP Index IFD, or a marker scan when the index is missing or wrong. */
  method: 'mpf-index' | 'marker-scan';
}

function isJpegStart(bytes: Uint8Array, at: number): boolean {
  return (
    at >= 0 &&
    at + 3 <= bytes.length &&
    bytes[at] === 0xff &&
    bytes[at + 1] === 0xd8 &&
    bytes[at + 2] === 0xff
  );
}

/**
 * End (exclusive) of the JPEG starting at `start`: header segments are skipped by their lengths, so a JPEG
 * thumbnail embedded in EXIF cannot be mistaken for the end; then the entropy-coded data is scanned for EOI.
 */
export function jpegEnd(bytes: Uint8Array, start: number): number | undefined {
  let at = start + 2;
  while (at + 2 <= bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xd9) return at + 2;
    if (at + 4 > bytes.length) return undefined;
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    at += 2 + length;
    if (marker !== 0xda) continue;
    // Entropy-coded data: 0xFF is followed by 0x00 (stuffing) or RSTn inside a scan; anything else is a marker.
    while (at + 1 < bytes.length) {
      if (bytes[at] === 0xff) {
        const next = bytes[at + 1]!;
        if (next === 0x00 || (next >= 0xd0 && next <= 0xd7) || next === 0xff) {
          at += next === 0xff ? 1 : 2;
          continue;
        }
        break;
      }
      at++;
    }
  }
  return undefined;
}

const TYPE_DISPARITY = 0x020002;
const TYPE_LARGE_THUMBNAILS = [0x010001, 0x010002];

function fromIndex(bytes: Uint8Array): Buffer[] | undefined {
  const index = readMpfIndex(bytes);
  if (!index) return undefined;
  // Stereo cameras tag their views "multi-frame disparity", left first; some (Panasonic, Sony) also list
  // VGA/Full-HD preview copies, which must not be taken for the right view.
  const typeOf = (image: { attribute: number }) => image.attribute & 0xffffff;
  const disparity = index.filter((image) => typeOf(image) === TYPE_DISPARITY);
  const views =
    disparity.length >= 2 ? disparity : index.filter((i) => !TYPE_LARGE_THUMBNAILS.includes(typeOf(i)));
  const pictures: Buffer[] = [];
  for (const image of views) {
    const end = image.offset + image.size;
    if (image.size === 0 || end > bytes.length || !isJpegStart(bytes, image.offset)) return undefined;
    pictures.push(Buffer.from(bytes.subarray(image.offset, end)));
  }
  return pictures;
}

function fromMarkerScan(bytes: Uint8Array): Buffer[] {
  const pictures: Buffer[] = [];
  let start = 0;
  while (isJpegStart(bytes, start)) {
    const end = jpegEnd(bytes, start);
    if (end === undefined) break;
    pictures.push(Buffer.from(bytes.subarray(start, end)));
    // Some cameras pad between pictures; the next one starts at the next SOI.
    let next = end;
    while (next < bytes.length && !isJpegStart(bytes, next)) next++;
    start = next;
  }
  return pictures;
}

/**
 * Splits an MPO from a stereo camera (Fujifilm FinePix REAL 3D W1/W3, Nintendo 3DS, Panasonic and Sony 3D)
 * into its left and right JPEGs, byte for byte (no re-encoding). The cameras store the left view first.
 */
export function splitMpo(bytes: Uint8Array): StereoJpegs {
  const indexed = fromIndex(bytes);
  const method = indexed && indexed.length >= 2 ? 'mpf-index' : 'marker-scan';
  const pictures = method === 'mpf-index' ? indexed! : fromMarkerScan(bytes);
  if (pictures.length < 2) {
    throw new EngineInputError('The MPO file holds only one picture, not a stereo pair.', 'not_stereo');
  }
  return { left: pictures[0]!, right: pictures[1]!, method };
}
