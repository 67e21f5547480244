/**
 * Builds an MPO the way stereo cameras write one: the first JPEG gets an APP2 "MPF" segment right after SOI
 * whose MP Index IFD lists every picture (offsets relative to the MP header, as CIPA DC-007 defines them),
 * and the other JPEGs follow it verbatim.
 */
export function buildMpo(jpegs: Buffer[], endian: 'II' | 'MM' = 'II', attributes?: number[]): Buffer {
  const n = jpegs.length;
  const little = endian === 'II';
  const tiffLength = 8 + 2 + 3 * 12 + 4 + 16 * n;
  const mp = Buffer.alloc(tiffLength);
  const u16 = (v: number, at: number) => (little ? mp.writeUInt16LE(v, at) : mp.writeUInt16BE(v, at));
  const u32 = (v: number, at: number) => (little ? mp.writeUInt32LE(v, at) : mp.writeUInt32BE(v, at));
  mp.write(endian, 0, 'ascii');
  u16(42, 2);
  u32(8, 4);
  u16(3, 8);
  const entry = (i: number, tag: number, type: number, count: number, value: number | string) => {
    const at = 10 + i * 12;
    u16(tag, at);
    u16(type, at + 2);
    u32(count, at + 4);
    if (typeof value === 'string') mp.write(value, at + 8, 'ascii');
    else u32(value, at + 8);
  };
  const entriesOffset = 8 + 2 + 3 * 12 + 4;
  entry(0, 0xb000, 7, 4, '0100');
  entry(1, 0xb001, 4, 1, n);
  entry(2, 0xb002, 7, 16 * n, entriesOffset);
  u32(0, 10 + 3 * 12);

  const segmentLength = 2 + 4 + tiffLength;
  const firstLength = 2 + 2 + segmentLength + (jpegs[0]!.length - 2);
  const mpHeaderAt = 2 + 2 + 2 + 4;
  let offset = firstLength;
  for (let i = 0; i < n; i++) {
    const at = entriesOffset + i * 16;
    u32(attributes?.[i] ?? (i === 0 ? 0x20020002 : 0x00020002), at);
    u32(i === 0 ? firstLength : jpegs[i]!.length, at + 4);
    u32(i === 0 ? 0 : offset - mpHeaderAt, at + 8);
    if (i > 0) offset += jpegs[i]!.length;
  }
  const app2 = Buffer.alloc(4);
  app2.writeUInt16BE(0xffe2, 0);
  app2.writeUInt16BE(segmentLength, 2);
  return Buffer.concat([
    jpegs[0]!.subarray(0, 2),
    app2,
    Buffer.from('MPF\0', 'ascii'),
    mp,
    jpegs[0]!.subarray(2),
    ...jpegs.slice(1),
  ]);
}
