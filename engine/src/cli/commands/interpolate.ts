import { interpolatePair, prepareInterpolation } from '../../interpolate/interpolate-views';
import { decodedInputs, parseCommandArgs, printJson, requireOption, writeOutputs } from '../cli-io';
import { pngOf } from './align';

export const help = `Usage: wiggle interpolate LEFT RIGHT --out DIR

Synthesizes the views at 25, 50 and 75 % of the way from LEFT to RIGHT (two views already aligned, e.g. by
'wiggle align', of the same size) from their horizontal disparity (semi-global matching along rows, left-right
checked), the nearer surface winning, and a cross-fade wherever the match is unreliable.
Writes DIR/frame-25.png, DIR/frame-50.png and DIR/frame-75.png and prints JSON with the pair's confidence
(share of pixels matched reliably, 0-1).

Options:
  --out DIR    output directory (created if missing)
`;

const POSITIONS = [25, 50, 75] as const;

export async function run(argv: string[]): Promise<void> {
  const { values, positionals } = parseCommandArgs(
    argv,
    { out: { type: 'string' } },
    { min: 2, max: 2, usage: 'two input files (wiggle interpolate LEFT RIGHT --out DIR)' },
  );
  const out = requireOption(values.out, 'out');
  const [left, right] = await decodedInputs(positionals, () => prepareInterpolation());
  if (left!.width !== right!.width || left!.height !== right!.height) {
    throw new Error(
      `the views differ in size (${left!.width}x${left!.height} vs ${right!.width}x${right!.height}): align them first with 'wiggle align'`,
    );
  }
  const started = performance.now();
  const { frames, confidence } = await interpolatePair(left!, right!, POSITIONS);
  // Encoded side by side: libvips' PNG encoder runs on one thread per image.
  const pngs = await Promise.all(frames.map(pngOf));
  const files = Object.fromEntries(pngs.map((png, k) => [`frame-${POSITIONS[k]}.png`, png]));
  const written = await writeOutputs(out, files);
  printJson({
    frames: Object.values(written),
    width: left!.width,
    height: left!.height,
    confidence,
    ms: Math.round(performance.now() - started),
  });
}
