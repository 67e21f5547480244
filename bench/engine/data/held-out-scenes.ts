import { makeRepetitiveScene, type RepetitiveKind, type RepetitiveVariant } from '@wiggle/engine/cv/repetitive-scenes';
import { type LayeredScene, noiseTexture, type SceneLayer } from '@wiggle/engine/cv/synthetic-scene';
import { seeded } from '@wiggle/engine/seeded-random';
import { type Look, restyle } from '@wiggle/engine/testing/restyle';

/**
 * HELD-OUT scenes of the interpolation bench: never used to tune the engine (report them, do not tune on them; a
 * change measured on them should be judged on the tuned scenes first). Every repetitive kind with spacings,
 * parallaxes and seeds of its own and other colours or contrasts, and thin structures (cables, slanted rods, a fine
 * mesh, poles before a near textured wall) in front of textured backgrounds. Chosen before any was run; the
 * parallax of each repetitive one exceeds half its spacing.
 */
export interface HeldOutScene {
  name: string;
  build: (width: number, height: number) => LayeredScene;
}

const REPETITIVE: { kind: RepetitiveKind; variant: RepetitiveVariant; seed: number; look?: Look; label: string }[] = [
  { kind: 'fence', variant: { spacing: 0.7, parallax: 0.8 }, seed: 101, label: '' },
  {
    kind: 'fence',
    variant: { spacing: 1.8, parallax: 1.4 },
    seed: 102,
    look: { contrast: 0.35 },
    label: 'low contrast',
  },
  {
    kind: 'fence',
    variant: { spacing: 1.1, parallax: 1.3 },
    seed: 103,
    look: { structure: [0.35, 0.25, 0.2], background: [0.7, 0.9, 1] },
    label: 'dark boards, blue background',
  },
  { kind: 'painted-fence', variant: { spacing: 1.3, parallax: 1.1 }, seed: 111, label: '' },
  {
    kind: 'painted-fence',
    variant: { spacing: 0.6, parallax: 0.7 },
    seed: 112,
    look: { structure: [0.9, 0.2, 0.15] },
    label: 'red paint',
  },
  {
    kind: 'painted-fence',
    variant: { spacing: 1.6, parallax: 1.5 },
    seed: 113,
    look: { contrast: 0.35, structure: [0.85, 0.8, 0.7] },
    label: 'low contrast, paint like the background',
  },
  { kind: 'railing', variant: { spacing: 0.8, parallax: 1.2 }, seed: 121, label: '' },
  {
    kind: 'railing',
    variant: { spacing: 1.5, parallax: 1.4 },
    seed: 122,
    look: { structure: [0.2, 0.3, 0.25], contrast: 1.6 },
    label: 'dark green, high contrast',
  },
  { kind: 'window-grid', variant: { spacing: 1.3, parallax: 1.1 }, seed: 131, label: '' },
  {
    kind: 'window-grid',
    variant: { spacing: 0.7, parallax: 0.9 },
    seed: 132,
    look: { contrast: 0.35 },
    label: 'low contrast',
  },
  { kind: 'tiled-floor', variant: { spacing: 0.7, parallax: 1 }, seed: 141, label: '' },
  {
    kind: 'tiled-floor',
    variant: { spacing: 1.2, parallax: 1.5 },
    seed: 142,
    look: { contrast: 1.6, structure: [0.6, 0.75, 0.9] },
    label: 'blue tiles, high contrast',
  },
  { kind: 'thin-poles', variant: { parallax: 0.8 }, seed: 151, label: '' },
  {
    kind: 'thin-poles',
    variant: { parallax: 1.25 },
    seed: 152,
    look: { structure: [0.95, 0.95, 0.95], background: [0.6, 0.65, 0.6] },
    label: 'white poles',
  },
];

export const HELD_OUT_SCENES: HeldOutScene[] = [
  ...REPETITIVE.map(({ kind, variant, seed, look, label }) => ({
    name: `${kind} (spacing ×${variant.spacing ?? 1}, parallax ×${variant.parallax ?? 1}${label ? `, ${label}` : ''})`,
    build: (width: number, height: number) =>
      restyle(makeRepetitiveScene(kind, width, height, seed, variant), look ?? {}),
  })),
  { name: 'cables (thin, near horizontal)', build: (w, h) => cables(w, h, 161) },
  { name: 'slanted thin rods', build: (w, h) => slantedRods(w, h, 162) },
  { name: 'fine mesh (2 px wires)', build: (w, h) => fineMesh(w, h, 163) },
  { name: 'thin poles before a near textured wall', build: (w, h) => polesBeforeWall(w, h, 164) },
];


/** A multiple of 4 px (exact in-betweens), at least 4. */
function mult4(px: number): number {
  return Math.max(4, Math.round(px / 4) * 4);
}

function backgroundLayer(
  width: number,
  height: number,
  disparity: number,
  random: () => number,
): SceneLayer {
  const margin = Math.abs(disparity) + 2;
  return {
    x: -margin,
    y: 0,
    width: width + 2 * margin,
    height,
    ellipse: false,
    disparity,
    texture: noiseTexture(width + 2 * margin, height, random, Math.max(width, height)),
    tint: [0.85, 0.85, 0.8],
  };
}

function bar(
  x: number,
  y: number,
  w: number,
  h: number,
  disparity: number,
  tint: [number, number, number],
  random: () => number,
  side: number,
): SceneLayer {
  return { x, y, width: w, height: h, ellipse: false, disparity, tint, texture: noiseTexture(w, h, random, side) };
}

/** Dark cables 2–4 px thick (at 1920) running across the frame at several depths, and two poles holding them. */
function cables(width: number, height: number, seed: number): LayeredScene {
  const random = seeded(seed);
  const side = Math.max(width, height);
  const layers = [backgroundLayer(width, height, 0, random)];
  const thick = (f: number) => Math.max(1, Math.round(f * width));
  for (let k = 0; k < 7; k++) {
    const d = mult4((0.008 + 0.02 * random()) * width);
    // A sagging cable as steps of a few rows: segments 1/24 of the width long.
    const y0 = Math.round(height * (0.1 + 0.7 * random()));
    const sag = height * (0.02 + 0.05 * random());
    const segment = Math.ceil(width / 24);
    const t = thick(0.001 + 0.001 * random());
    for (let x = -d; x < width + d; x += segment) {
      const u = (x + segment / 2) / width - 0.5;
      const y = Math.round(y0 + sag * (1 - 4 * u * u));
      layers.push(bar(x, y, segment + 1, t, d, [0.15, 0.15, 0.17], random, side));
    }
  }
  for (const fx of [0.2, 0.75]) {
    layers.push(bar(Math.round(fx * width), 0, thick(0.006), height, mult4(0.03 * width), [0.5, 0.4, 0.3], random, side));
  }
  return { width, height, layers };
}

/** Rods 2–4 px wide (at 1920) leaning 10–25° from vertical at several depths, built as short vertical steps. */
function slantedRods(width: number, height: number, seed: number): LayeredScene {
  const random = seeded(seed);
  const side = Math.max(width, height);
  const layers = [backgroundLayer(width, height, 4, random)];
  const step = Math.max(2, Math.round(height / 64));
  for (let k = 0; k < 8; k++) {
    const d = mult4((0.01 + 0.02 * random()) * width);
    const lean = (random() < 0.5 ? -1 : 1) * Math.tan(((10 + 15 * random()) * Math.PI) / 180);
    const x0 = width * (0.1 + 0.8 * random());
    const w = Math.max(2, Math.round(width * (0.001 + 0.001 * random())));
    const tint: [number, number, number] = [0.3 + 0.6 * random(), 0.3 + 0.6 * random(), 0.3 + 0.6 * random()];
    for (let y = 0; y < height; y += step) {
      layers.push(bar(Math.round(x0 + lean * (y - height / 2)), y, w, step, d, tint, random, side));
    }
  }
  return { width, height, layers };
}

/** A square mesh of 2 px wires (at 1920) every 1.2 % of the width, parallax 0.7 × that, before a textured wall. */
function fineMesh(width: number, height: number, seed: number): LayeredScene {
  const random = seeded(seed);
  const side = Math.max(width, height);
  const layers = [backgroundLayer(width, height, 0, random)];
  const spacing = Math.max(4, Math.round(0.012 * width));
  const d = mult4(0.7 * spacing);
  const wire = Math.max(1, Math.round(width / 960));
  const tint: [number, number, number] = [0.55, 0.55, 0.6];
  for (let x = -d; x < width + d; x += spacing) layers.push(bar(x, 0, wire, height, d, tint, random, side));
  for (let y = 0; y < height; y += spacing) layers.push(bar(-d, y, width + 2 * d, wire, d, tint, random, side));
  return { width, height, layers };
}

/** Poles 2–6 px wide (at 1920) close in front of a textured wall that has a parallax of its own. */
function polesBeforeWall(width: number, height: number, seed: number): LayeredScene {
  const random = seeded(seed);
  const side = Math.max(width, height);
  const wall = mult4(0.012 * width);
  const layers = [backgroundLayer(width, height, wall, random)];
  for (let k = 0; k < 12; k++) {
    const d = wall + mult4((0.004 + 0.012 * random()) * width);
    const w = Math.max(2, Math.round(width * (0.001 + 0.002 * random())));
    const tint: [number, number, number] = [0.4 + 0.5 * random(), 0.4 + 0.5 * random(), 0.4 + 0.5 * random()];
    layers.push(bar(Math.round(random() * width), 0, w, height, d, tint, random, side));
  }
  return { width, height, layers };
}
