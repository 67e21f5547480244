import { readFile, writeFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { encodeAnimatedWebp, encodeGif } from '../../encode/animated';
import { DEFAULT_FRAME_DELAY_MS, MAX_FRAME_DELAY_MS } from '../../encode/frame-sequence';
import { encodeMp4 } from '../../encode/mp4';
import type { RawImage } from '../../image';
import type { WiggleSources } from '../../pipeline/prepare-views';
import { renderWiggle } from '../../pipeline/render-wiggle';
import { parseCommandArgs, parsePositiveInt, printJson, readInput, requireOption } from '../cli-io';
import { descriptionFromFlags, RENDER_FLAGS, RENDER_FLAGS_HELP, savedTuneOf } from '../render-flags';

/** GIF has 256 colours per frame and no inter-frame compression worth the name: smaller by default. */
const DEFAULT_SIZE = { webp: 1920, mp4: 1920, gif: 1280 } as const;

export const help = `Usage: wiggle make LEFT [RIGHT] -o OUT.webp|.gif|.mp4 [options]

Makes a whole wiggle through the engine's one pipeline (the library and the export render the same way):
auto-align, interpolated 25/50/75 % frames, pivot, crop, resize, effects, ping-pong animation. LEFT alone may be
an MPO or a side-by-side image. Prints what was done (alignment, interpolation, size, timings) as JSON.

Options:
  -o, --out FILE       output file; the format follows the extension (.mp4 needs ffmpeg)
  --delay MS           time per frame, 1 to ${MAX_FRAME_DELAY_MS} (default ${DEFAULT_FRAME_DELAY_MS})
  --no-ping-pong       loop left to right only
${RENDER_FLAGS_HELP}
  (--size defaults to ${DEFAULT_SIZE.webp}, GIF ${DEFAULT_SIZE.gif})
`;

const FORMATS = { '.webp': 'webp', '.gif': 'gif', '.mp4': 'mp4' } as const;

export async function run(argv: string[]): Promise<void> {
  const { values, positionals } = parseCommandArgs(
    argv,
    {
      out: { type: 'string', short: 'o' },
      'no-ping-pong': { type: 'boolean' },
      delay: { type: 'string' },
      ...RENDER_FLAGS,
    },
    { min: 1, max: 2, usage: 'LEFT [RIGHT] (wiggle make LEFT RIGHT -o OUT.webp)' },
  );
  const out = requireOption(values.out, 'out');
  const format = FORMATS[extname(out).toLowerCase() as keyof typeof FORMATS];
  if (!format) throw new Error('the output must end in .webp, .gif or .mp4');
  const delayMs = parsePositiveInt(values.delay, 'delay', MAX_FRAME_DELAY_MS) ?? DEFAULT_FRAME_DELAY_MS;
  const savedTune = values.tune ? savedTuneOf(await readFile(values.tune, 'utf8')) : {};
  const description = descriptionFromFlags(values, DEFAULT_SIZE[format], savedTune);

  const [leftBytes, rightBytes] = await Promise.all(positionals.map(readInput));
  const sources: WiggleSources = rightBytes
    ? { kind: 'pair', left: leftBytes!, right: rightBytes }
    : { kind: 'single', image: leftBytes! };
  const wiggle = await renderWiggle(sources, description);
  const frames = wiggle.frames.map((frame) => ('raw' in frame ? frame.raw : undefined)).filter(isRaw);
  const animation = { delayMs, pingPong: !values['no-ping-pong'] };
  const started = performance.now();
  const bytes =
    format === 'webp'
      ? await encodeAnimatedWebp(frames, animation)
      : format === 'gif'
        ? await encodeGif(frames, animation)
        : await encodeMp4(frames, animation);
  await writeFile(out, bytes);
  const { frames: _frames, views: _views, ...report } = wiggle;
  printJson({
    output: out,
    format,
    bytes: bytes.length,
    frames: frames.length,
    ...report,
    timingsMs: { ...report.timingsMs, encode: Math.round(performance.now() - started) },
  });
}

const isRaw = (frame: RawImage | undefined): frame is RawImage => frame !== undefined;
