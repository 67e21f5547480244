import { firstIfdOffset, openTiff, readAscii, readIfd } from './tiff-ifd';

const TAG_MAKE = 0x010f;
const TAG_MODEL = 0x0110;

/** Camera make and model from an EXIF block as sharp's metadata gives it ("Exif\0\0" + TIFF); {} when absent. */
export function readExifCamera(exif: Uint8Array | undefined): { make?: string; model?: string } {
  if (!exif || exif.length < 14) return {};
  const base = exif[0] === 0x45 && exif[1] === 0x78 ? 6 : 0;
  const view = openTiff(exif, base);
  if (!view) return {};
  try {
    const result: { make?: string; model?: string } = {};
    for (const entry of readIfd(view, firstIfdOffset(view))) {
      if (entry.type !== 2) continue;
      if (entry.tag === TAG_MAKE) result.make = readAscii(view, entry);
      if (entry.tag === TAG_MODEL) result.model = readAscii(view, entry);
    }
    return result;
  } catch {
    return {};
  }
}
