import { writeFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { ASPECT_RATIOS } from '@wiggle/common/constants';
import { encodeAnimatedWebp, encodeGif } from '../../encode/animated';
import { DEFAULT_FRAME_DELAY_MS } from '../../encode/frame-sequence';
import { encodeMp4 } from '../../encode/mp4';
import { makeWiggle } from '../../pipeline/make-wiggle';
import type { AspectRatio, RenderParams } from '../../render/render-params';
import { parseCommandArgs, parsePositiveInt, printJson, readInput, requireOption } from '../cli-io';

/** GIF has 256 colours per frame and no inter-frame compression worth the name: smaller by default. */
const DEFAULT_SIZE = { webp: 1920, mp4: 1920, gif: 1280 } as const;

export const help = `Usage: wiggle make LEFT [RIGHT] -o OUT.webp|.gif|.mp4 [options]

Makes a whole wiggle: auto-align, interpolated 25/50/75 % frames, ping-pong animation. LEFT alone may be an MPO
or a side-by-side image. Prints what was done (alignment, interpolation, size, timings) as JSON.

Options:
  -o, --out FILE       output file; the format follows the extension (.mp4 needs ffmpeg)
  --no-align           use the pair as it is (SPEC stacking "standard")
  --no-interpolate     two frames only (SPEC playback Original)
  --delay MS           time per frame (default ${DEFAULT_FRAME_DELAY_MS})
  --size PX            long side of the output (default ${DEFAULT_SIZE.webp}, GIF ${DEFAULT_SIZE.gif}; 0 keeps full size)
  --aspect RATIO       crop to ${ASPECT_RATIOS.join(', ')}
  --portrait           with --aspect: portrait orientation
  --pivot X,Y          point that stays still, in output-size pixels before cropping (default: the aligner's pick)
  --order ORDER        single side-by-side input: parallel (default) or cross
  --no-ping-pong       loop left to right only
`;

const FORMATS = { '.webp': 'webp', '.gif': 'gif', '.mp4': 'mp4' } as const;

function parsePivot(value: string | undefined): { x: number; y: number } | undefined {
  if (value === undefined) return undefined;
  const [x, y] = value.split(',').map(Number);
  if (!Number.isFinite(x) || !Number.isFinite(y)) throw new Error('--pivot must be X,Y in pixels');
  return { x: x!, y: y! };
}

export async function run(argv: string[]): Promise<void> {
  const { values, positionals } = parseCommandArgs(
    argv,
    {
      out: { type: 'string', short: 'o' },
      'no-align': { type: 'boolean' },
      'no-interpolate': { type: 'boolean' },
      'no-ping-pong': { type: 'boolean' },
      delay: { type: 'string' },
      size: { type: 'string' },
      aspect: { type: 'string' },
      portrait: { type: 'boolean' },
      pivot: { type: 'string' },
      order: { type: 'string' },
    },
    { min: 1, max: 2, usage: 'LEFT [RIGHT] (wiggle make LEFT RIGHT -o OUT.webp)' },
  );
  const out = requireOption(values.out, 'out');
  const format = FORMATS[extname(out).toLowerCase() as keyof typeof FORMATS];
  if (!format) throw new Error('the output must end in .webp, .gif or .mp4');
  const order = values.order ?? 'parallel';
  if (order !== 'parallel' && order !== 'cross') throw new Error('--order must be parallel or cross');
  const aspect = values.aspect as AspectRatio | undefined;
  if (aspect && !(ASPECT_RATIOS as readonly string[]).includes(aspect)) {
    throw new Error(`--aspect must be one of ${ASPECT_RATIOS.join(', ')}`);
  }
  const delayMs = parsePositiveInt(values.delay, 'delay') ?? DEFAULT_FRAME_DELAY_MS;
  const size =
    values.size === '0' ? undefined : (parsePositiveInt(values.size, 'size') ?? DEFAULT_SIZE[format]);
  const render: RenderParams = {
    pivot: parsePivot(values.pivot),
    crop: aspect ? { aspect, orientation: values.portrait ? 'portrait' : 'landscape' } : undefined,
  };

  const [leftBytes, rightBytes] = await Promise.all(positionals.map(readInput));
  const wiggle = await makeWiggle(leftBytes!, rightBytes, {
    autoAlign: !values['no-align'],
    interpolate: !values['no-interpolate'],
    maxSide: size,
    order,
    render,
  });
  const animation = { delayMs, pingPong: !values['no-ping-pong'] };
  const started = performance.now();
  const bytes =
    format === 'webp'
      ? await encodeAnimatedWebp(wiggle.frames, animation)
      : format === 'gif'
        ? await encodeGif(wiggle.frames, animation)
        : await encodeMp4(wiggle.frames, animation);
  await writeFile(out, bytes);
  const { frames: _frames, ...report } = wiggle;
  printJson({
    output: out,
    format,
    bytes: bytes.length,
    frames: wiggle.frames.length,
    ...report,
    timingsMs: { ...report.timingsMs, encode: Math.round(performance.now() - started) },
  });
}
