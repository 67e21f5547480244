/**
 * A minimal reader of TIFF-structured IFDs, the layout shared by EXIF and the MP (multi-picture) extension.
 * Every read is bounds-checked: these bytes come from uploads.
 */
export interface TiffView {
  bytes: Uint8Array;
  /** Offset of the TIFF header ("II*\0" or "MM\0*"); IFD offsets are relative to it. */
  base: number;
  little: boolean;
}

export interface IfdEntry {
  tag: number;
  type: number;
  count: number;
  /** Absolute offset of the value (inline in the entry when it fits in 4 bytes). */
  valueOffset: number;
}

const TYPE_SIZES: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 7: 1, 9: 4, 10: 8 };

/** Reads a TIFF header at `base`; undefined when the bytes there are not one. */
export function openTiff(bytes: Uint8Array, base: number): TiffView | undefined {
  if (base + 8 > bytes.length) return undefined;
  const b0 = bytes[base];
  const b1 = bytes[base + 1];
  let little: boolean;
  if (b0 === 0x49 && b1 === 0x49) little = true;
  else if (b0 === 0x4d && b1 === 0x4d) little = false;
  else return undefined;
  const view = { bytes, base, little };
  if (readU16(view, base + 2) !== 42) return undefined;
  return view;
}

export function readU16(view: TiffView, at: number): number {
  const { bytes, little } = view;
  if (at < 0 || at + 2 > bytes.length) throw new RangeError('IFD read out of bounds');
  return little ? bytes[at]! | (bytes[at + 1]! << 8) : (bytes[at]! << 8) | bytes[at + 1]!;
}

export function readU32(view: TiffView, at: number): number {
  const { bytes, little } = view;
  if (at < 0 || at + 4 > bytes.length) throw new RangeError('IFD read out of bounds');
  const b = [bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!];
  const v = little
    ? b[0]! | (b[1]! << 8) | (b[2]! << 16) | (b[3]! << 24)
    : (b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!;
  return v >>> 0;
}

/** Offset (relative to the TIFF header) of the first IFD. */
export function firstIfdOffset(view: TiffView): number {
  return readU32(view, view.base + 4);
}

/** The entries of the IFD at `relOffset` (relative to the TIFF header). */
export function readIfd(view: TiffView, relOffset: number): IfdEntry[] {
  const at = view.base + relOffset;
  const count = readU16(view, at);
  if (count > 1000) throw new RangeError('IFD too long');
  const entries: IfdEntry[] = [];
  for (let i = 0; i < count; i++) {
    const e = at + 2 + i * 12;
    const tag = readU16(view, e);
    const type = readU16(view, e + 2);
    const n = readU32(view, e + 4);
    const size = (TYPE_SIZES[type] ?? 1) * n;
    const valueOffset = size <= 4 ? e + 8 : view.base + readU32(view, e + 8);
    entries.push({ tag, type, count: n, valueOffset });
  }
  return entries;
}

export function readAscii(view: TiffView, entry: IfdEntry): string {
  const end = Math.min(entry.valueOffset + entry.count, view.bytes.length);
  let s = '';
  for (let i = entry.valueOffset; i < end; i++) {
    const c = view.bytes[i]!;
    if (c === 0) break;
    s += String.fromCharCode(c);
  }
  return s.trim();
}

export function readLongOrShort(view: TiffView, entry: IfdEntry): number {
  return entry.type === 3 ? readU16(view, entry.valueOffset) : readU32(view, entry.valueOffset);
}
