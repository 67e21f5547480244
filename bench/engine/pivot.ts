/**
 * Suggested pivot bench: does alignment's pivot (the shift dx that gives the main subject zero disparity) land on
 * the main subject? Rendered scenes with a known subject (a sharp object near the centre, 25–40 % of the width), a
 * background that is defocused in half of them, and sharp distractor objects near the edges, some nearer than the
 * subject. Beside the engine: the median disparity of the whole frame by area (what a pivot from the median of all
 * matches approaches) and the disparity at the frame's centre pixel. A hit is within 1 px of the subject's
 * disparity. Prints figures; never passes or fails.
 * Usage: tsx bench/engine/pivot.ts [--from N] [--gain G] [--noise S]
 *   --from N: scenes N to N + 15 (default 1), other draws of the same kinds;
 *   --gain G, --noise S: the right view's exposure times G, and noise of σ ≈ S levels in each view (two cameras).
 */
import { cpus, loadavg } from 'node:os';
import { alignPair } from '@wiggle/engine/align/align-pair';
import {
  disparityAt,
  type LayeredScene,
  noiseTexture,
  renderView,
  type SceneLayer,
} from '@wiggle/engine/cv/synthetic-scene';
import type { RawImage } from '@wiggle/engine/image';
import { seeded } from '@wiggle/engine/seeded-random';
import { numberOption } from './data/number-option';
import { printTable } from './data/print-table';

const WIDTH = 960;
const HEIGHT = 640;
const SCENES = 16;
const FROM = numberOption('--from', 1);
const GAIN = numberOption('--gain', 1);
const NOISE = numberOption('--noise', 0);

/** `view` as a camera gives it: exposure times `gain`, plus noise of σ ≈ NOISE (sum of three uniforms). */
function camera(view: RawImage, gain: number, random: () => number): RawImage {
  const data = Uint8Array.from(view.data, (v) => {
    const noise = NOISE > 0 ? (random() + random() + random() - 1.5) * 2 * NOISE : 0;
    return Math.max(0, Math.min(255, Math.round(v * gain + noise)));
  });
  return { ...view, data };
}

/** A box blur of `texture` (a defocused background), radius `r`. */
function defocus(texture: Float32Array, width: number, height: number, r: number): Float32Array {
  const rows = new Float32Array(texture.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      let count = 0;
      for (let u = Math.max(0, x - r); u <= Math.min(width - 1, x + r); u++, count++)
        sum += texture[y * width + u]!;
      rows[y * width + x] = sum / count;
    }
  }
  const out = new Float32Array(texture.length);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0;
      let count = 0;
      for (let v = Math.max(0, y - r); v <= Math.min(height - 1, y + r); v++, count++)
        sum += rows[v * width + x]!;
      out[y * width + x] = sum / count;
    }
  }
  return out;
}

const whole4 = (value: number) => Math.round(value / 4) * 4;

/** Scene `seed`: background, the subject (returned), distractors near the edges. */
function scene(seed: number): { scene: LayeredScene; subject: SceneLayer; blurred: boolean } {
  const random = seeded(seed * 7919);
  const blurred = seed % 2 === 0;
  const bgDisparity = whole4(8 * random());
  const margin = 60;
  const bw = WIDTH + 2 * margin;
  let background = noiseTexture(bw, HEIGHT, random, WIDTH);
  if (blurred) background = defocus(background, bw, HEIGHT, 6);
  const layers: SceneLayer[] = [
    {
      x: -margin,
      y: 0,
      width: bw,
      height: HEIGHT,
      ellipse: false,
      disparity: bgDisparity,
      texture: background,
      tint: [0.9, 0.85, 0.75],
    },
  ];
  const sw = Math.round(WIDTH * (0.25 + 0.15 * random()));
  const sh = Math.round(HEIGHT * (0.4 + 0.2 * random()));
  const subject: SceneLayer = {
    x: Math.round(WIDTH / 2 - sw / 2 + WIDTH * 0.3 * (random() - 0.5)),
    y: Math.round(HEIGHT / 2 - sh / 2 + HEIGHT * 0.2 * (random() - 0.5)),
    width: sw,
    height: sh,
    ellipse: random() < 0.7,
    disparity: bgDisparity + whole4(12 + 24 * random()),
    texture: noiseTexture(sw, sh, random, WIDTH),
    tint: [0.8, 0.55, 0.45],
  };
  const distractors: SceneLayer[] = [];
  const count = 2 + Math.floor(2 * random());
  for (let k = 0; k < count; k++) {
    const w = Math.round(WIDTH * (0.08 + 0.07 * random()));
    const h = Math.round(HEIGHT * (0.12 + 0.1 * random()));
    const left = k % 2 === 0;
    distractors.push({
      x: left ? Math.round(WIDTH * 0.02 * random()) : Math.round(WIDTH - w - WIDTH * 0.02 * random()),
      y: Math.round((HEIGHT - h) * random()),
      width: w,
      height: h,
      ellipse: random() < 0.5,
      // Some nearer than the subject, some between it and the background.
      disparity: random() < 0.5 ? subject.disparity + whole4(8 + 16 * random()) : bgDisparity + 4,
      texture: noiseTexture(w, h, random, WIDTH),
      tint: [0.4 + 0.6 * random(), 0.4 + 0.6 * random(), 0.4 + 0.6 * random()],
    });
  }
  // Nearer layers come last (drawn on top).
  const ordered = [subject, ...distractors].sort((a, b) => a.disparity - b.disparity);
  return { scene: { width: WIDTH, height: HEIGHT, layers: [...layers, ...ordered] }, subject, blurred };
}

function areaMedian(scene: LayeredScene): number {
  const values: number[] = [];
  for (let y = 0; y < HEIGHT; y += 4)
    for (let x = 0; x < WIDTH; x += 4) values.push(disparityAt(scene, x, y));
  values.sort((a, b) => a - b);
  return values[values.length >> 1]!;
}

async function main() {
  console.log(
    `Load average at start: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${cpus().length} cores`,
  );
  const rows: string[][] = [];
  const hits = { engine: 0, median: 0, centre: 0 };
  const errors: number[] = [];
  for (let seed = FROM; seed < FROM + SCENES; seed++) {
    const made = scene(seed);
    const truth = made.subject.disparity;
    const random = seeded(seed);
    const result = await alignPair(
      camera(renderView(made.scene, 0), 1, random),
      camera(renderView(made.scene, 1), GAIN, random),
    );
    const median = areaMedian(made.scene);
    const centre = disparityAt(made.scene, WIDTH / 2, HEIGHT / 2);
    const found = result.ok ? result.transform.dx : Number.NaN;
    const error = Math.abs(found - truth);
    if (error <= 1) hits.engine++;
    if (Math.abs(median - truth) <= 1) hits.median++;
    if (Math.abs(centre - truth) <= 1) hits.centre++;
    errors.push(Number.isNaN(error) ? Number.POSITIVE_INFINITY : error);
    rows.push([
      `scene ${seed}`,
      made.blurred ? 'defocused' : 'sharp',
      `${Math.round((100 * made.subject.width) / WIDTH)}×${Math.round((100 * made.subject.height) / HEIGHT)} % at ${Math.round((100 * (made.subject.x + made.subject.width / 2)) / WIDTH)},${Math.round((100 * (made.subject.y + made.subject.height / 2)) / HEIGHT)} %`,
      String(made.scene.layers[0]!.disparity),
      String(truth),
      result.ok ? found.toFixed(2) : `FAILED: ${result.reason}`,
      Number.isFinite(error) ? error.toFixed(2) : 'n/a',
      String(median),
      String(centre),
    ]);
  }
  printTable(
    [
      'scene',
      'background',
      'subject (size, centre)',
      'bg disp',
      'subject disp',
      'engine pivot dx',
      '|error|',
      'area median',
      'centre pixel',
    ],
    rows,
  );
  const sorted = [...errors].sort((a, b) => a - b);
  console.log(
    `pivot on the subject (within 1 px): engine ${hits.engine}/${SCENES}, area median ${hits.median}/${SCENES}, centre pixel ${hits.centre}/${SCENES}; engine median |error| ${sorted[SCENES >> 1]!.toFixed(2)} px, worst ${sorted[SCENES - 1]!.toFixed(2)} px`,
  );
}

await main();
