import { existsSync } from 'node:fs';
import { seeded } from '@wiggle/engine/seeded-random';
import sharp from 'sharp';
import type { Texture } from './ray-trace';

/**
 * Textures of the ray-traced scenes: photos that Debian packages ship (python3-skimage's brick, grass, gravel,
 * coffee...; opencv-doc's baboon, building, fruits...), read where the package installed them and never copied
 * into the repository, with a procedural stand-in when the package is absent; and procedural wood, paint and tiles.
 */
const PHOTOS = {
  brick: '/usr/lib/python3/dist-packages/skimage/data/brick.png',
  grass: '/usr/lib/python3/dist-packages/skimage/data/grass.png',
  gravel: '/usr/lib/python3/dist-packages/skimage/data/gravel.png',
  coffee: '/usr/lib/python3/dist-packages/skimage/data/coffee.png',
  chelsea: '/usr/lib/python3/dist-packages/skimage/data/chelsea.png',
  astronaut: '/usr/lib/python3/dist-packages/skimage/data/astronaut.png',
  rocket: '/usr/lib/python3/dist-packages/skimage/data/rocket.jpg',
  baboon: '/usr/share/doc/opencv-doc/examples/data/baboon.jpg',
  building: '/usr/share/doc/opencv-doc/examples/data/building.jpg',
  fruits: '/usr/share/doc/opencv-doc/examples/data/fruits.jpg',
  home: '/usr/share/doc/opencv-doc/examples/data/home.jpg',
  starry: '/usr/share/doc/opencv-doc/examples/data/starry_night.jpg',
} as const;

export type PhotoName = keyof typeof PHOTOS;

/** The photos whose package is missing (their textures are value noise): part of what a traced view looks like. */
export function missingPhotos(): PhotoName[] {
  return (Object.keys(PHOTOS) as PhotoName[]).filter((name) => !existsSync(PHOTOS[name]));
}

const toLinear = Float32Array.from({ length: 256 }, (_, i) => {
  const s = i / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
});

/** A photo as a linear RGB texture; value noise when its package is missing (noted once). */
export async function photoTexture(name: PhotoName, note: (text: string) => void = () => {}): Promise<Texture> {
  const path = PHOTOS[name];
  if (!existsSync(path)) {
    note(`texture ${name}: ${path} is missing (install python3-skimage and opencv-doc); value noise instead`);
    return noiseTexture(512, 512, name.length * 7919);
  }
  const { data, info } = await sharp(path)
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const out = new Float32Array(info.width * info.height * 3);
  for (let i = 0; i < out.length; i++) out[i] = toLinear[data[i]!]!;
  return { width: info.width, height: info.height, data: out };
}

/** Value noise over three octaves, grey, in 0.05–0.6 linear. */
export function noiseTexture(width: number, height: number, seed: number): Texture {
  const random = seeded(seed);
  const grey = new Float32Array(width * height);
  for (const [cell, weight] of [
    [32, 0.5],
    [8, 0.3],
    [2, 0.2],
  ] as const) {
    const gw = Math.ceil(width / cell) + 2;
    const grid = Float32Array.from({ length: gw * (Math.ceil(height / cell) + 2) }, () => random());
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const gx = x / cell;
        const gy = y / cell;
        const x0 = Math.floor(gx);
        const y0 = Math.floor(gy);
        const fx = gx - x0;
        const fy = gy - y0;
        const i = y0 * gw + x0;
        const top = grid[i]! * (1 - fx) + grid[i + 1]! * fx;
        const bottom = grid[i + gw]! * (1 - fx) + grid[i + gw + 1]! * fx;
        grey[y * width + x]! += weight * (top * (1 - fy) + bottom * fy);
      }
    }
  }
  return fromGrey(grey, width, height, (v) => 0.05 + 0.55 * v);
}

/** Wood: grain stripes along v, wavy, with knots of noise; `contrast` scales the grain. */
export function woodTexture(seed: number, contrast = 1): Texture {
  const width = 1024;
  const height = 1024;
  const random = seeded(seed);
  const phase = Array.from({ length: 6 }, () => random() * Math.PI * 2);
  const grey = new Float32Array(width * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const wave = 3 * Math.sin(y / 90 + phase[0]!) + 1.5 * Math.sin(y / 23 + phase[1]!);
      const ring = Math.sin((x + wave) / 2.7 + phase[2]!) * 0.5 + 0.5;
      const fine = Math.sin((x + wave * 0.5) * 1.9 + y / 400 + phase[3]!) * 0.5 + 0.5;
      grey[y * width + x] = 0.6 * ring ** 3 + 0.25 * fine + 0.15 * random();
    }
  }
  return fromGrey(grey, width, height, (v) => 0.3 - 0.18 * contrast * (v - 0.4));
}

/** Paint: a flat colour with faint brush noise (σ ≈ 1 % of the level). */
export function paintTexture(seed: number): Texture {
  const random = seeded(seed);
  const width = 256;
  const height = 256;
  const grey = Float32Array.from({ length: width * height }, () => random());
  return fromGrey(grey, width, height, (v) => 0.55 + 0.02 * (v - 0.5));
}

/** Square tiles of `tile` texels with grout lines `grout` wide, each tile of its own shade over `base`. */
export function tileTexture(base: Texture, tile: number, grout: number, seed: number): Texture {
  const random = seeded(seed);
  const shades = Float32Array.from({ length: 4096 }, () => 0.75 + 0.5 * random());
  const width = tile * 16;
  const height = tile * 16;
  const out = new Float32Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const gx = x % tile;
      const gy = y % tile;
      const o = (y * width + x) * 3;
      if (gx < grout || gy < grout) {
        out[o] = out[o + 1] = out[o + 2] = 0.04;
        continue;
      }
      const shade = shades[(Math.floor(y / tile) * 16 + Math.floor(x / tile)) % shades.length]!;
      const i = ((y % base.height) * base.width + (x % base.width)) * 3;
      for (let ch = 0; ch < 3; ch++) out[o + ch] = Math.min(1, base.data[i + ch]! * shade);
    }
  }
  return { width, height, data: out };
}

function fromGrey(grey: Float32Array, width: number, height: number, level: (v: number) => number): Texture {
  const data = new Float32Array(width * height * 3);
  for (let i = 0; i < grey.length; i++) data[3 * i] = data[3 * i + 1] = data[3 * i + 2] = Math.max(0, level(grey[i]!));
  return { width, height, data };
}
