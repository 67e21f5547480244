import type { RawImage } from '../image';
import { seeded } from '../seeded-random';

/**
 * Layered scenes with a known geometry, for tests and benchmarks: textured planes (ellipses and rectangles) at
 * different depths in front of a textured background. Rendering the scene from camera position c ∈ [0, 1] shifts
 * each layer by −c·disparity, so views at c = 0 and 1 are a left/right pair and c = 0.25/0.5/0.75 are the exact
 * in-between views. Integer multiples of 4 for disparities keep those shifts whole pixels (no resampling blur).
 */
export interface SceneLayer {
  x: number;
  y: number;
  width: number;
  height: number;
  ellipse: boolean;
  disparity: number;
  /** Change of disparity per row below the layer's top (a receding floor); 0 or absent for a fronto-parallel plane. */
  slope?: number;
  texture: Float32Array;
  tint: [number, number, number];
}

export interface LayeredScene {
  width: number;
  height: number;
  /** Far to near; index 0 is the background. */
  layers: SceneLayer[];
}

export interface SceneOptions {
  width: number;
  height: number;
  seed?: number;
  objects?: number;
  /** Largest layer disparity, px (near objects). */
  maxDisparity?: number;
  backgroundDisparity?: number;
}

export function makeLayeredScene(options: SceneOptions): LayeredScene {
  const { width, height } = options;
  const random = seeded(options.seed ?? 1);
  const maxDisparity = options.maxDisparity ?? Math.round(width * 0.04);
  const bgDisparity = options.backgroundDisparity ?? 0;
  const margin = Math.abs(bgDisparity) + 2;
  const layers: SceneLayer[] = [
    {
      x: -margin,
      y: 0,
      width: width + 2 * margin,
      height,
      ellipse: false,
      disparity: bgDisparity,
      texture: noiseTexture(width + 2 * margin, height, random, Math.max(width, height)),
      tint: [0.9, 0.85, 0.75],
    },
  ];
  const objects = options.objects ?? 6;
  for (let k = 0; k < objects; k++) {
    const w = Math.round(width * (0.12 + 0.2 * random()));
    const h = Math.round(height * (0.15 + 0.25 * random()));
    const depth = (k + 1) / objects;
    layers.push({
      x: Math.round((width - w) * (0.05 + 0.9 * random())),
      y: Math.round((height - h) * (0.05 + 0.9 * random())),
      width: w,
      height: h,
      ellipse: random() < 0.5,
      disparity: Math.round((bgDisparity + (maxDisparity - bgDisparity) * depth) / 4) * 4,
      texture: noiseTexture(w, h, random, Math.max(width, height)),
      tint: [0.4 + 0.6 * random(), 0.4 + 0.6 * random(), 0.4 + 0.6 * random()],
    });
  }
  return { width: options.width, height: options.height, layers };
}

/** The view from camera position c (0 = left, 1 = right), RGB. */
export function renderView(scene: LayeredScene, c: number): RawImage {
  const { width, height } = scene;
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const layer = layerAt(scene, x, y, c);
      if (!layer) continue;
      const ly = y - layer.y;
      const value = sampleRow(layer.texture, layer.width, layerX(layer, x, ly, c), ly);
      const o = (y * width + x) * 3;
      data[o] = Math.round(255 * layer.tint[0] * value);
      data[o + 1] = Math.round(255 * layer.tint[1] * value);
      data[o + 2] = Math.round(255 * layer.tint[2] * value);
    }
  }
  return { data, width, height, channels: 3 };
}

/** The nearest layer the view from camera position c shows at pixel (x, y); undefined where none covers it. */
export function layerAt(scene: LayeredScene, x: number, y: number, c = 0): SceneLayer | undefined {
  for (let k = scene.layers.length - 1; k >= 0; k--) {
    const layer = scene.layers[k]!;
    const ly = y - layer.y;
    const lx = layerX(layer, x, ly, c);
    if (lx < 0 || ly < 0 || lx > layer.width - 1 || ly >= layer.height) continue;
    if (layer.ellipse) {
      const ex = (2 * lx) / (layer.width - 1) - 1;
      const ey = (2 * ly) / (layer.height - 1) - 1;
      if (ex * ex + ey * ey > 1) continue;
    }
    return layer;
  }
  return undefined;
}

/** The true disparity at pixel (x, y) of the left view (camera 0), with a receding layer's slope; 0 off every layer. */
export function disparityAt(scene: LayeredScene, x: number, y: number): number {
  const layer = layerAt(scene, x, y);
  return layer ? layer.disparity + (layer.slope ?? 0) * (y - layer.y) : 0;
}

/** Column within `layer` that the view from camera position c shows at pixel column x, on the layer's row ly. */
function layerX(layer: SceneLayer, x: number, ly: number, c: number): number {
  return x + c * (layer.disparity + (layer.slope ?? 0) * ly) - layer.x;
}

function sampleRow(texture: Float32Array, width: number, x: number, y: number): number {
  const x0 = Math.min(Math.floor(x), width - 2);
  const f = x - x0;
  const i = y * width + x0;
  return texture[i]! * (1 - f) + texture[i + 1]! * f;
}

/**
 * Multi-octave value noise in [0.1, 1]: coarse blobs for the optical flow, fine grain for corner features.
 * Octave sizes follow the picture size so a 24 MP scene has the same look as a small one.
 */
export function noiseTexture(
  width: number,
  height: number,
  random: () => number,
  sceneSide: number,
): Float32Array {
  const out = new Float32Array(width * height);
  const base = Math.max(8, Math.round(sceneSide / 24));
  const octaves = [
    { cell: base, weight: 0.45 },
    { cell: Math.max(3, Math.round(base / 4)), weight: 0.35 },
    { cell: Math.max(2, Math.round(base / 16)), weight: 0.2 },
  ];
  for (const { cell, weight } of octaves) {
    const gw = Math.ceil(width / cell) + 2;
    const gh = Math.ceil(height / cell) + 2;
    const grid = Float32Array.from({ length: gw * gh }, () => random());
    for (let y = 0; y < height; y++) {
      const gy = y / cell;
      const y0 = Math.floor(gy);
      const fy = smooth(gy - y0);
      for (let x = 0; x < width; x++) {
        const gx = x / cell;
        const x0 = Math.floor(gx);
        const fx = smooth(gx - x0);
        const i = y0 * gw + x0;
        const top = grid[i]! * (1 - fx) + grid[i + 1]! * fx;
        const bottom = grid[i + gw]! * (1 - fx) + grid[i + gw + 1]! * fx;
        out[y * width + x]! += weight * (top * (1 - fy) + bottom * fy);
      }
    }
  }
  for (let i = 0; i < out.length; i++) out[i] = 0.1 + 0.9 * out[i]!;
  return out;
}

function smooth(t: number): number {
  return t * t * (3 - 2 * t);
}

/**
 * Applies the inverse of a right-onto-left similarity to a view, i.e. produces what a camera misaligned by
 * `transform` would have recorded: observed(q) = view(T(q)) with T(q) = s·R(θ)(q − c) + c + (dx, dy).
 */
export function misalignView(
  view: RawImage,
  transform: { rotationDeg: number; scale: number; dx: number; dy: number },
): RawImage {
  const theta = (transform.rotationDeg * Math.PI) / 180;
  const a = transform.scale * Math.cos(theta);
  const b = transform.scale * Math.sin(theta);
  const cx = (view.width - 1) / 2;
  const cy = (view.height - 1) / 2;
  return resample(view, (x, y, at) => {
    at[0] = a * (x - cx) - b * (y - cy) + cx + transform.dx;
    at[1] = b * (x - cx) + a * (y - cy) + cy + transform.dy;
  });
}

/**
 * What a lens with barrel distortion records (k > 0): the picture at p shows the scene at p·(1 + k·|p|²/r2), p
 * centred and r2 the half-diagonal², the radial model the aligner fits (see fitLens).
 */
export function barrelView(view: RawImage, k: number): RawImage {
  const cx = (view.width - 1) / 2;
  const cy = (view.height - 1) / 2;
  const r2 = (view.width ** 2 + view.height ** 2) / 4;
  return resample(view, (x, y, at) => {
    const f = 1 + (k * ((x - cx) ** 2 + (y - cy) ** 2)) / r2;
    at[0] = cx + (x - cx) * f;
    at[1] = cy + (y - cy) * f;
  });
}

/** out(q) = view(source(q)), bilinear; black where the source falls outside the view. */
function resample(view: RawImage, source: (x: number, y: number, at: Float64Array) => void): RawImage {
  const { width, height, channels, data } = view;
  const out = new Uint8Array(data.length);
  const at = new Float64Array(2);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      source(x, y, at);
      const sx = at[0]!;
      const sy = at[1]!;
      const o = (y * width + x) * channels;
      if (sx < 0 || sy < 0 || sx > width - 1.001 || sy > height - 1.001) continue;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const i = (y0 * width + x0) * channels;
      const j = i + width * channels;
      for (let ch = 0; ch < channels; ch++) {
        const top = data[i + ch]! * (1 - fx) + data[i + channels + ch]! * fx;
        const bottom = data[j + ch]! * (1 - fx) + data[j + channels + ch]! * fx;
        out[o + ch] = Math.round(top * (1 - fy) + bottom * fy);
      }
    }
  }
  return { data: out, width, height, channels };
}
