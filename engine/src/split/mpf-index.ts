import { firstIfdOffset, openTiff, readIfd, readLongOrShort, readU32 } from '../ingest/tiff-ifd';

/** One picture listed in a JPEG's MP Index IFD (CIPA DC-007), located absolutely in the file. */
export interface MpfImage {
  offset: number;
  size: number;
  /** Individual image attribute: type code in the low 24 bits (0x020002 = disparity image). */
  attribute: number;
}

const TAG_NUMBER_OF_IMAGES = 0xb001;
const TAG_MP_ENTRY = 0xb002;

/** Yields each marker segment (APPn, DQT...) before the first scan: marker and payload bounds. */
function* jpegHeaderSegments(bytes: Uint8Array): Generator<{ marker: number; start: number; end: number }> {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xda || marker === 0xd9) return;
    const length = (bytes[at + 2]! << 8) | bytes[at + 3]!;
    if (length < 2) return;
    yield { marker, start: at + 4, end: Math.min(at + 2 + length, bytes.length) };
    at += 2 + length;
  }
}

/**
 * Reads the MP Index IFD of the APP2 "MPF" segment of the first JPEG in `bytes`.
 * Undefined when there is none or it is malformed; offsets in the file are relative to the MP header,
 * the first image (offset 0) starts at the beginning of the file.
 */
export function readMpfIndex(bytes: Uint8Array): MpfImage[] | undefined {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return undefined;
  for (const segment of jpegHeaderSegments(bytes)) {
    if (segment.marker !== 0xe2 || segment.end - segment.start < 12) continue;
    const s = segment.start;
    if (bytes[s] !== 0x4d || bytes[s + 1] !== 0x50 || bytes[s + 2] !== 0x46 || bytes[s + 3] !== 0) continue;
    const view = openTiff(bytes, s + 4);
    if (!view) return undefined;
    try {
      const entries = readIfd(view, firstIfdOffset(view));
      const countEntry = entries.find((e) => e.tag === TAG_NUMBER_OF_IMAGES);
      const listEntry = entries.find((e) => e.tag === TAG_MP_ENTRY);
      if (!countEntry || !listEntry) return undefined;
      const count = Math.min(readLongOrShort(view, countEntry), Math.floor(listEntry.count / 16));
      const images: MpfImage[] = [];
      for (let i = 0; i < count; i++) {
        const e = listEntry.valueOffset + i * 16;
        const attribute = readU32(view, e);
        const size = readU32(view, e + 4);
        const rel = readU32(view, e + 8);
        images.push({ attribute, size, offset: i === 0 ? 0 : view.base + rel });
      }
      return images;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
