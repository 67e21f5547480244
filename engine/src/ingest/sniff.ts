import { EngineInputError } from '../image';
import { readMpfIndex } from '../split/mpf-index';

export const IMAGE_TYPES = ['jpeg', 'mpo', 'png', 'webp', 'tiff', 'avif', 'gif'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/** Smallest byte count any supported header plus one pixel can fit in; shorter input is refused outright. */
const MIN_IMAGE_BYTES = 16;

function startsWith(bytes: Uint8Array, signature: readonly number[], at = 0): boolean {
  if (bytes.length < at + signature.length) return false;
  return signature.every((b, i) => bytes[at + i] === b);
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

/** ISO-BMFF: AVIF when the ftyp box names avif/avis as major or compatible brand (HEIC is not supported). */
function isAvif(bytes: Uint8Array): boolean {
  if (ascii(bytes, 4, 4) !== 'ftyp') return false;
  const boxSize = ((bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!) >>> 0;
  const end = Math.min(boxSize, bytes.length, 256);
  for (let at = 8; at + 4 <= end; at += 4) {
    if (at === 12) continue; // minor version, not a brand
    const brand = ascii(bytes, at, 4);
    if (brand === 'avif' || brand === 'avis') return true;
  }
  return false;
}

/** Detects the real image type from the bytes (never from a file name); refuses anything else. */
export function sniffImageType(bytes: Uint8Array): ImageType {
  if (bytes.length < MIN_IMAGE_BYTES) throw new EngineInputError('The file is not an image.', 'not_an_image');
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) {
    const mpf = readMpfIndex(bytes);
    return mpf && mpf.length > 1 ? 'mpo' : 'jpeg';
  }
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'webp';
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a]))
    return 'tiff';
  if (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a') return 'gif';
  if (isAvif(bytes)) return 'avif';
  throw new EngineInputError(
    'The file is not an image we can read (JPEG, PNG, WebP, TIFF, AVIF, GIF, MPO).',
    'not_an_image',
  );
}
