import type { RawImage } from '../../image';
import { sniffImageType } from '../../ingest/sniff';
import sharp from '../../sharp';
import { splitMpo } from '../../split/mpo';
import { splitSideBySide } from '../../split/side-by-side';
import { parseCommandArgs, printJson, readInput, requireOption, writeOutputs } from '../cli-io';

export const help = `Usage: wiggle split FILE --out DIR [--order parallel|cross]

Writes DIR/left.jpg and DIR/right.jpg. An MPO (Fujifilm W1/W3, Nintendo 3DS, Panasonic/Sony 3D) is split by its
MP index, byte for byte; any other image is cut into its two halves as a side-by-side pair.

Options:
  --out DIR        output directory (created if missing)
  --order ORDER    side-by-side order: parallel (left half = left eye, default) or cross (cross-eyed)
`;

async function jpegOf(image: RawImage): Promise<Buffer> {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } })
    .jpeg({ quality: 92, mozjpeg: false })
    .toBuffer();
}

export async function run(argv: string[]): Promise<void> {
  const { values, positionals } = parseCommandArgs(
    argv,
    { out: { type: 'string' }, order: { type: 'string' } },
    { min: 1, max: 1, usage: 'one input FILE (wiggle split FILE --out DIR)' },
  );
  const out = requireOption(values.out, 'out');
  const order = values.order ?? 'parallel';
  if (order !== 'parallel' && order !== 'cross') throw new Error('--order must be parallel or cross');
  const bytes = await readInput(positionals[0]!);
  if (sniffImageType(bytes) === 'mpo') {
    const { left, right, method } = splitMpo(bytes);
    await writeOutputs(out, { 'left.jpg': left, 'right.jpg': right });
    const size = async (b: Buffer) => {
      const m = await sharp(b).metadata();
      return { width: m.width, height: m.height, bytes: b.length };
    };
    printJson({ source: 'mpo', method, left: await size(left), right: await size(right) });
    return;
  }
  const { left, right } = await splitSideBySide(bytes, { order });
  await writeOutputs(out, { 'left.jpg': await jpegOf(left), 'right.jpg': await jpegOf(right) });
  printJson({
    source: 'side-by-side',
    order,
    left: { width: left.width, height: left.height },
    right: { width: right.width, height: right.height },
  });
}
