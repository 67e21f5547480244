import { DEFAULT_UPLOAD_RESOLUTION_LIMIT } from '@wiggle/common/constants';
import { ingestImage } from '../../ingest/ingest-image';
import {
  parseCommandArgs,
  parsePositiveInt,
  printJson,
  readInput,
  requireOption,
  writeOutputs,
} from '../cli-io';

export const help = `Usage: wiggle ingest FILE --out DIR [--limit PX] [--keep-format] [--keep-metadata]

Writes the stored variants of an upload: DIR/o.<ext> (original, long side <= limit), DIR/p.jpg (preview, 720 px)
and DIR/t.jpg (thumbnail 180x126). Prints their sizes and the upload's metadata as JSON.

Options:
  --out DIR        output directory (created if missing)
  --limit PX       long-side limit of o (default ${DEFAULT_UPLOAD_RESOLUTION_LIMIT}; SPEC levels 5120, 3200, 2400, 1600, 1000)
  --keep-format    do not force re-encoding: keep a JPEG/PNG/WebP as uploaded when it needs no change
  --keep-metadata  keep EXIF (camera, date, GPS) and ICC in a re-encoded o (p and t never carry metadata)
`;

const EXTENSIONS = { jpeg: 'jpg', png: 'png', webp: 'webp' } as const;

export async function run(argv: string[]): Promise<void> {
  const { values, positionals } = parseCommandArgs(
    argv,
    {
      out: { type: 'string' },
      limit: { type: 'string' },
      'keep-format': { type: 'boolean' },
      'keep-metadata': { type: 'boolean' },
    },
    { min: 1, max: 1, usage: 'one input FILE (wiggle ingest FILE --out DIR)' },
  );
  const out = requireOption(values.out, 'out');
  const bytes = await readInput(positionals[0]!);
  const result = await ingestImage(bytes, {
    resolutionLimit: parsePositiveInt(values.limit, 'limit'),
    reencode: !values['keep-format'],
    keepMetadata: values['keep-metadata'] ?? false,
  });
  const names = { o: `o.${EXTENSIONS[result.o.format]}`, p: 'p.jpg', t: 't.jpg' };
  await writeOutputs(out, { [names.o]: result.o.data, [names.p]: result.p.data, [names.t]: result.t.data });
  const describe = (key: 'o' | 'p' | 't') => ({
    file: names[key],
    width: result[key].width,
    height: result[key].height,
    format: result[key].format,
    bytes: result[key].data.length,
  });
  printJson({ o: describe('o'), p: describe('p'), t: describe('t'), meta: result.meta });
}
