import { seeded } from '@wiggle/engine/seeded-random';
import {
  aboutY,
  aboutZ,
  box,
  type Material,
  type Primitive,
  plane,
  pole,
  type RayScene,
  repeatedBox,
  repeatedPole,
  rod,
  rotated,
  sphere,
  type Texture,
} from './ray-trace';
import { noiseTexture, type PhotoName, paintTexture, photoTexture, tileTexture, woodTexture } from './ray-textures';

/**
 * Ray-traced scenes for the interpolation and alignment benches (see ray-trace.ts): the kinds of the harder
 * bench (fences, a painted fence, a railing, a window grid, a tiled floor, thin poles and cables) plus a chain-link
 * mesh, a fence receding at an angle and an ordinary garden of objects, built in metres with photo textures. A
 * repetitive structure's parallax against what is behind it is set as a multiple of its spacing (`ratio`, over 0.5
 * in every scene but the garden); `drawRayScenes` draws variants at random from a seed.
 */
export type RayKind =
  | 'picket-fence'
  | 'painted-fence'
  | 'railing'
  | 'window-grid'
  | 'tiled-floor'
  | 'poles-and-cables'
  | 'chain-link'
  | 'slanted-fence'
  | 'garden';

export const RAY_KINDS: readonly RayKind[] = [
  'picket-fence',
  'painted-fence',
  'railing',
  'window-grid',
  'tiled-floor',
  'poles-and-cables',
  'chain-link',
  'slanted-fence',
  'garden',
];

export interface RayVariant {
  /** Parallax of the structure against its background over its spacing (0.5–1.5 is the hard range). */
  ratio?: number;
  /** The structure's spacing scaled by this. */
  spacing?: number;
  /** Texture contrast of the structure: 1 as built, lower is fainter. */
  contrast?: number;
  seed?: number;
}

export interface NamedRayScene {
  name: string;
  scene: RayScene;
}

const FOCAL_PER_WIDTH = 0.85;
const LIGHT = normalized([-0.35, -0.75, -0.55]);

/** The scene of `kind` at width × height px. */
export async function makeRayScene(
  kind: RayKind,
  width: number,
  height: number,
  variant: RayVariant = {},
  note?: (text: string) => void,
): Promise<RayScene> {
  const seed = variant.seed ?? 1;
  const random = seeded(seed);
  const ratio = variant.ratio ?? 0.8;
  const spacing = variant.spacing ?? 1;
  const contrast = variant.contrast ?? 1;
  const photo = (name: PhotoName) => photoTexture(name, note);
  const m = (texture: Texture, scale: number, tint: readonly [number, number, number] = [1, 1, 1]): Material => ({
    texture,
    scale,
    tint,
  });
  const wood = (tint: readonly [number, number, number]) => m(woodTexture(seed, contrast), 0.0015, tint);
  let id = 1;
  const next = () => id++;
  const primitives: Primitive[] = [];
  /**
   * A wall at depth z showing one photo across the whole view (1.7·z wide from its left edge: no repeat, no seam in
   * sight) with a grain of about a pixel's size over it.
   */
  const wall = async (z: number, name: PhotoName, tint: readonly [number, number, number] = [1, 1, 1]) => {
    const texture = await photo(name);
    const material = { ...m(texture, (1.7 * z) / texture.width, tint), detail: { cell: (1.5 * z) / (FOCAL_PER_WIDTH * width), amount: 0.4 } };
    primitives.push(plane([-0.85 * z, -0.45 * z, z], [1, 0, 0], [0, 1, 0], material, next()));
  };
  /** A floor at height y: a photo every 5 m with a centimetre grain. */
  const floor = (y: number, material: Material) =>
    primitives.push(plane([0, y, 0], [1, 0, 0], [0, 0, 1], { ...material, detail: { cell: 0.01, amount: 0.4 } }, next()));
  /** Baseline that gives the structure at depth z, repeating every `period`, `ratio` × its spacing of parallax. */
  const baselineFor = (z: number, behind: number, period: number) => (ratio * period) / (1 - z / behind);
  let baseline = 0.15;
  let zeroDepth = 4;
  switch (kind) {
    case 'picket-fence':
    case 'painted-fence': {
      const painted = kind === 'painted-fence';
      const zb = painted ? 5 : 7;
      const zf = 3;
      const period = 0.15 * spacing;
      await (painted ? wall(zb, 'grass', [0.55, 0.85, 0.45]) : wall(zb, 'brick', [1, 0.75, 0.6]));
      floor(1.5, m(await photo('gravel'), 0.01, [0.9, 0.85, 0.75]));
      const material = painted ? m(paintTexture(seed), 0.002, [1.5, 1.5, 1.4]) : wood([1.3, 1.0, 0.75]);
      const w = period * 0.45;
      const count = Math.ceil(12 / period);
      primitives.push(repeatedBox([-6, -0.15, zf], [-6 + w, 1.5, zf + 0.025], period, count, material, next()));
      for (const y of [0.2, 1.05]) {
        primitives.push(box([-6, y, zf + 0.025], [6, y + 0.08, zf + 0.05], material, next()));
      }
      baseline = baselineFor(zf, zb, period);
      zeroDepth = zf * 1.25;
      break;
    }
    case 'railing': {
      const zf = 2.5;
      const zb = 12;
      const period = 0.11 * spacing;
      await wall(zb, 'building');
      floor(1.5, m(await photo('gravel'), 0.01, [0.7, 0.7, 0.7]));
      const metal = m(noiseTexture(256, 256, seed), 0.002, [0.9 + contrast * 0.6, 0.9 + contrast * 0.5, 0.9 + contrast * 0.4]);
      primitives.push(repeatedPole(-5, period, Math.ceil(10 / period), zf, 0.012, 0.3, 1.5, metal, next()));
      primitives.push(box([-6, 0.25, zf - 0.03], [6, 0.3, zf + 0.03], metal, next()));
      primitives.push(box([-6, 1.38, zf - 0.02], [6, 1.41, zf + 0.02], metal, next()));
      baseline = baselineFor(zf, zb, period);
      zeroDepth = zf * 1.5;
      break;
    }
    case 'window-grid': {
      const zf = 4;
      const zb = 6;
      const period = 0.35 * spacing;
      await wall(zb, 'home');
      const frame = m(paintTexture(seed), 0.002, [0.9 * contrast + 0.3, 0.9 * contrast + 0.3, 0.85 * contrast + 0.3]);
      const bar = period * 0.16;
      const count = Math.ceil(14 / period);
      primitives.push(repeatedBox([-7, -5, zf], [-7 + bar, 5, zf + 0.06], period, count, frame, next()));
      primitives.push(
        rotated(aboutZ(90), [0, 0, 0], repeatedBox([-5, -7, zf], [-5 + bar, 7, zf + 0.06], period, count, frame, next())),
      );
      baseline = baselineFor(zf, zb, period);
      zeroDepth = (zf + zb) / 2;
      break;
    }
    case 'tiled-floor': {
      const gravel = await photo('gravel');
      floor(1.4, m(tileTexture(gravel, Math.round(64 * spacing), 3, seed), 0.005, [1.1, 0.95, 0.8]));
      await wall(9, 'fruits');
      primitives.push(sphere([-0.9, 1.05, 4], 0.35, m(await photo('coffee'), 0.003), next()));
      primitives.push(box([0.6, 0.8, 5], [1.4, 1.4, 5.6], m(await photo('baboon'), 0.003), next()));
      baseline = 0.25 * ratio;
      zeroDepth = 5;
      break;
    }
    case 'poles-and-cables': {
      await wall(8, 'baboon');
      floor(1.6, m(await photo('gravel'), 0.01, [0.8, 0.8, 0.7]));
      const metal = m(noiseTexture(256, 256, seed), 0.002, [1.2, 1.15, 1.1]);
      for (let k = 0; k < 14; k++) {
        const z = 1.8 + 4 * random();
        primitives.push(pole((random() - 0.5) * 1.2 * z, z, 0.004 + 0.012 * random(), -5, 1.6, metal, next()));
      }
      for (let k = 0; k < 3; k++) {
        const z = 2 + 3 * random();
        primitives.push(rod((random() - 0.7) * 0.5 * z, z, 0.004 + 0.006 * random(), -8, 8, metal, next()));
      }
      baseline = 0.15 * ratio;
      zeroDepth = 4;
      break;
    }
    case 'chain-link': {
      const zf = 2.5;
      const zb = 6;
      const period = 0.06 * spacing;
      await wall(zb, 'rocket');
      floor(1.5, m(await photo('grass'), 0.01, [0.5, 0.8, 0.4]));
      primitives.push(box([-1.2, 0.7, 4], [-0.2, 1.5, 4.6], m(await photo('chelsea'), 0.0025), next()));
      const wire = m(noiseTexture(64, 64, seed), 0.001, [1.4 * contrast, 1.4 * contrast, 1.3 * contrast]);
      const w = 0.005;
      const count = Math.ceil(20 / period);
      for (const angle of [45, -45]) {
        primitives.push(
          rotated(aboutZ(angle), [0, 0, zf], repeatedBox([-10, -10, -w / 2], [-10 + w, 10, w / 2], period, count, wire, next())),
        );
      }
      // The wires repeat every period·√2 along a row.
      baseline = baselineFor(zf, zb, period * Math.SQRT2);
      zeroDepth = zf * 1.3;
      break;
    }
    case 'slanted-fence': {
      const zb = 10;
      const period = 0.15 * spacing;
      await wall(zb, 'brick', [0.9, 0.8, 0.7]);
      floor(1.5, m(await photo('grass'), 0.01, [0.5, 0.75, 0.4]));
      const material = wood([1.2, 1.05, 0.85]);
      const w = period * 0.45;
      const count = Math.ceil(14 / period);
      primitives.push(
        rotated(aboutY(30), [0, 0, 4], repeatedBox([-7, -0.2, 0], [-7 + w, 1.5, 0.025], period, count, material, next())),
      );
      // At the centre the pickets stand at z = 4, seen at a slant: their spacing across a row is cos 30° of theirs.
      baseline = baselineFor(4, zb, period * Math.cos(Math.PI / 6));
      zeroDepth = 5;
      break;
    }
    case 'garden': {
      await wall(7, 'astronaut');
      floor(1.5, m(await photo('gravel'), 0.01, [0.9, 0.85, 0.7]));
      const photos: PhotoName[] = ['coffee', 'chelsea', 'fruits', 'baboon', 'rocket', 'starry'];
      for (let k = 0; k < 7; k++) {
        const z = 2.5 + 3.5 * random();
        const x = (random() - 0.5) * 0.9 * z;
        const r = 0.15 + 0.3 * random();
        const material = m(await photo(photos[k % photos.length]!), 0.002 + 0.002 * random());
        if (random() < 0.5) primitives.push(sphere([x, 1.5 - r, z], r, material, next()));
        else primitives.push(box([x - r, 1.5 - 2 * r, z - r], [x + r, 1.5, z + r], material, next()));
      }
      baseline = 0.2 * ratio;
      zeroDepth = 4;
      break;
    }
  }
  return {
    width,
    height,
    focal: FOCAL_PER_WIDTH * width,
    baseline,
    zeroDepth,
    primitives,
    light: LIGHT,
    ambient: 0.3,
    shadows: true,
    sky: [0.55, 0.7, 0.95],
  };
}

/** `count` variants drawn from `seed`: kind, parallax over spacing 0.55–1.45, spacing ×0.7–1.5, contrast. */
export function drawRayVariants(seed: number, count: number): { kind: RayKind; variant: RayVariant; name: string }[] {
  const random = seeded(seed);
  return Array.from({ length: count }, (_, n) => {
    const kind = RAY_KINDS[Math.floor(random() * RAY_KINDS.length)]!;
    const ratio = Number((0.55 + 0.9 * random()).toFixed(2));
    const spacing = Number((0.7 + 0.8 * random()).toFixed(2));
    const contrast = [0.4, 1, 1, 1.5][Math.floor(random() * 4)]!;
    return {
      kind,
      variant: { ratio, spacing, contrast, seed: seed + n },
      name: `${kind} (parallax ${ratio} × spacing, spacing ×${spacing}, contrast ×${contrast})`,
    };
  });
}

function normalized(v: readonly number[]): [number, number, number] {
  const n = Math.hypot(v[0]!, v[1]!, v[2]!);
  return [v[0]! / n, v[1]! / n, v[2]! / n];
}
