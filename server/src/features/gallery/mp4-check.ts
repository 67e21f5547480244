/**
 * What an uploaded video really is, read from its bytes (ISO/IEC 14496-12 boxes), never from its name or type: an MP4
 * starts with an `ftyp` box, holds a `moov` box and an `mdat` box, and its video track's sample entry names the codec
 * (`avc1` = H.264 with its parameter sets in `avcC`). Only the box headers and the `moov` box are read, so a large
 * file costs a few small reads.
 */

/** Reads `length` bytes at `position` (fewer at the end of the file). */
export type ReadAt = (position: number, length: number) => Promise<Buffer>;

export interface Mp4Info {
  /** The sample entry of each video track (`avc1`, `hvc1`, `av01`...). */
  videoCodecs: string[];
  /** Coded size of the first video track. */
  width: number;
  height: number;
}

export class Mp4Problem extends Error {
  constructor(readonly reason: 'not_mp4' | 'not_h264') {
    super(reason);
  }
}

/** `moov` holds the sample tables; a few seconds of video need a few KB, so anything this large is not ours. */
const MOOV_MAX_BYTES = 16 * 1024 * 1024;
const TOP_LEVEL_BOXES_MAX = 1000;
/** Bytes of a VisualSampleEntry's own fields, before its child boxes. */
const VISUAL_SAMPLE_ENTRY_FIELDS = 78;

interface BoxHeader {
  type: string;
  start: number;
  headerSize: number;
  size: number;
}

const notMp4 = () => new Mp4Problem('not_mp4');

/** The box at `offset` of `bytes`, which must end by `end` (`available`: how many of its bytes `bytes` holds). */
function boxHeader(bytes: Buffer, offset: number, end: number, available = end - offset): BoxHeader {
  if (available < 8 || end - offset < 8) throw notMp4();
  const size32 = bytes.readUInt32BE(offset);
  const type = bytes.toString('latin1', offset + 4, offset + 8);
  let size = size32;
  let headerSize = 8;
  if (size32 === 1) {
    if (available < 16) throw notMp4();
    size = Number(bytes.readBigUInt64BE(offset + 8));
    headerSize = 16;
  } else if (size32 === 0) {
    size = end - offset;
  }
  if (size < headerSize || offset + size > end) throw notMp4();
  return { type, start: offset, headerSize, size };
}

/** The child boxes of the payload `bytes[from, to)`. */
function children(bytes: Buffer, from: number, to: number): BoxHeader[] {
  const boxes: BoxHeader[] = [];
  for (let offset = from; offset < to; ) {
    const box = boxHeader(bytes, offset, to);
    boxes.push(box);
    offset += box.size;
  }
  return boxes;
}

const child = (bytes: Buffer, parent: BoxHeader, type: string) =>
  children(bytes, parent.start + parent.headerSize, parent.start + parent.size).find((b) => b.type === type);

/** A video track's sample entry type and size, or null when the track is not video. */
function videoSampleEntry(moov: Buffer, trak: BoxHeader) {
  const mdia = child(moov, trak, 'mdia');
  const hdlr = mdia && child(moov, mdia, 'hdlr');
  // hdlr payload: version/flags (4), pre_defined (4), handler_type (4).
  if (!hdlr || hdlr.size < hdlr.headerSize + 12) return null;
  if (
    moov.toString('latin1', hdlr.start + hdlr.headerSize + 8, hdlr.start + hdlr.headerSize + 12) !== 'vide'
  ) {
    return null;
  }
  const minf = mdia && child(moov, mdia, 'minf');
  const stbl = minf && child(moov, minf, 'stbl');
  const stsd = stbl && child(moov, stbl, 'stsd');
  // stsd payload: version/flags (4), entry_count (4), then the sample entries as boxes.
  if (!stsd || stsd.size < stsd.headerSize + 8) throw notMp4();
  const [entry] = children(moov, stsd.start + stsd.headerSize + 8, stsd.start + stsd.size);
  if (!entry) throw notMp4();
  // VisualSampleEntry: 6 reserved + 2 data_reference_index + 16 pre_defined/reserved, then width and height; its
  // child boxes (avcC for avc1) follow its 78 bytes of fields.
  const sizeAt = entry.start + entry.headerSize + 24;
  const hasSize = entry.size >= entry.headerSize + 28;
  const fields = { ...entry, headerSize: entry.headerSize + VISUAL_SAMPLE_ENTRY_FIELDS };
  return {
    codec: entry.type,
    width: hasSize ? moov.readUInt16BE(sizeAt) : 0,
    height: hasSize ? moov.readUInt16BE(sizeAt + 2) : 0,
    hasAvcC:
      entry.type === 'avc1' && fields.headerSize < entry.size && child(moov, fields, 'avcC') !== undefined,
  };
}

/**
 * Reads the boxes of a file of `size` bytes; throws Mp4Problem('not_mp4') when it is not a whole MP4 with a video
 * track. Whether the codec is acceptable is the caller's rule (requireH264).
 */
export async function inspectMp4(read: ReadAt, size: number): Promise<Mp4Info & { hasAvcC: boolean }> {
  const head = await read(0, 16);
  if (head.length < 16 || head.toString('latin1', 4, 8) !== 'ftyp') throw notMp4();
  let moov: Buffer | null = null;
  let hasMdat = false;
  let offset = 0;
  for (let count = 0; offset < size; count += 1) {
    if (count >= TOP_LEVEL_BOXES_MAX) throw notMp4();
    const header = await read(offset, 16);
    const box = boxHeader(header, 0, size - offset, header.length);
    if (box.type === 'moov') {
      if (moov || box.size > MOOV_MAX_BYTES) throw notMp4();
      moov = await read(offset, box.size);
      if (moov.length !== box.size) throw notMp4();
    }
    if (box.type === 'mdat') hasMdat = true;
    offset += box.size;
  }
  if (!moov || !hasMdat) throw notMp4();
  const root = boxHeader(moov, 0, moov.length);
  const tracks = children(moov, root.headerSize, root.size).filter((box) => box.type === 'trak');
  const video = tracks.map((trak) => videoSampleEntry(moov, trak)).filter((entry) => entry !== null);
  const [first] = video;
  if (!first) throw notMp4();
  return {
    videoCodecs: video.map((entry) => entry.codec),
    width: first.width,
    height: first.height,
    hasAvcC: first.hasAvcC,
  };
}

/** The codec rule of a wiggle's video: every video track H.264 in an `avc1` sample entry with its `avcC`. */
export function requireH264(info: Mp4Info & { hasAvcC: boolean }): void {
  if (!info.videoCodecs.every((codec) => codec === 'avc1') || !info.hasAvcC) throw new Mp4Problem('not_h264');
}
