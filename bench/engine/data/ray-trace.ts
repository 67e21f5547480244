import type { RawImage } from '@wiggle/engine/image';

/**
 * A small ray tracer for the benches, written apart from the engine's layered scenes (cv/synthetic-scene.ts) so
 * that the engine is judged on pictures made another way: a pinhole camera sliding along a baseline, solid
 * primitives (planes, boxes, boxes repeated along x, cylinders, spheres) at any depth, so disparities are real
 * numbers that vary across slanted surfaces; Lambertian shading with cast shadows (view-independent, so the views
 * at camera positions 0.25, 0.5 and 0.75 are the exact in-betweens of the views at 0 and 1); textures from photos
 * mapped on the surfaces; edges anti-aliased by supersampling (4 samples a pixel, 16 where they disagree).
 *
 * World: x right, y down, z away from the camera; units are arbitrary (scenes use metres).
 */

export interface Texture {
  width: number;
  height: number;
  /** RGB in 0–1 (linear light), row-major. */
  data: Float32Array;
}

export interface Material {
  texture: Texture;
  /** World units per texture pixel. */
  scale: number;
  tint: readonly [number, number, number];
  /**
   * Fine detail laid over the texture: value noise of this cell size (world units) that never repeats, scaling the
   * colour by 1 ± amount/2. A photo stretched over a whole wall (so that it does not repeat in the view) keeps a
   * grain of its own at the pixels' scale.
   */
  detail?: { cell: number; amount: number };
}

/** The nearest hit so far along a ray: what a primitive writes when it finds a nearer one. */
export interface Hit {
  t: number;
  nx: number;
  ny: number;
  nz: number;
  /** Texture coordinates in world units. */
  u: number;
  v: number;
  material: Material | undefined;
  /** Which primitive and face: samples of one pixel that agree need no more samples. */
  id: number;
}

export interface Primitive {
  /** Writes `hit` when the ray (o + t·d, t > 0) meets the primitive nearer than hit.t; returns whether it did. */
  intersect(ox: number, oy: number, oz: number, dx: number, dy: number, dz: number, hit: Hit): boolean;
}

const EPS = 1e-9;

/**
 * The plane through `point` spanned by unit axes `u` and `v` (its normal is u × v), limited to |u| ≤ halfU and
 * |v| ≤ halfV from the point when those are finite.
 */
export function plane(
  point: readonly number[],
  u: readonly number[],
  v: readonly number[],
  material: Material,
  id: number,
  halfU = Number.POSITIVE_INFINITY,
  halfV = Number.POSITIVE_INFINITY,
): Primitive {
  const [px, py, pz] = point as [number, number, number];
  const [ux, uy, uz] = u as [number, number, number];
  const [vx, vy, vz] = v as [number, number, number];
  const nx = uy * vz - uz * vy;
  const ny = uz * vx - ux * vz;
  const nz = ux * vy - uy * vx;
  return {
    intersect(ox, oy, oz, dx, dy, dz, hit) {
      const den = nx * dx + ny * dy + nz * dz;
      if (Math.abs(den) < EPS) return false;
      const t = (nx * (px - ox) + ny * (py - oy) + nz * (pz - oz)) / den;
      if (t <= EPS || t >= hit.t) return false;
      const qx = ox + t * dx - px;
      const qy = oy + t * dy - py;
      const qz = oz + t * dz - pz;
      const a = qx * ux + qy * uy + qz * uz;
      const b = qx * vx + qy * vy + qz * vz;
      if (Math.abs(a) > halfU || Math.abs(b) > halfV) return false;
      const s = den > 0 ? -1 : 1;
      setHit(hit, t, s * nx, s * ny, s * nz, a, b, material, id * 4);
      return true;
    },
  };
}

/** An axis-aligned box; faces are textured by the two world axes that span them. */
export function box(min: readonly number[], max: readonly number[], material: Material, id: number): Primitive {
  return repeatedBox(min, max, max[0]! - min[0]! + 1, 1, material, id);
}

/**
 * `count` copies of the box [min, max], each `period` further along x (pickets, balusters, mullions): exact for
 * any period larger than the box, at the cost of one box whatever the count. Textures run in world coordinates, so
 * no two copies show the same grain.
 */
export function repeatedBox(
  min: readonly number[],
  max: readonly number[],
  period: number,
  count: number,
  material: Material,
  id: number,
): Primitive {
  const [x0, y0, z0] = min as [number, number, number];
  const [x1, y1, z1] = max as [number, number, number];
  const w = x1 - x0;
  const xEnd = x0 + (count - 1) * period + w;
  return {
    intersect(ox, oy, oz, dx, dy, dz, hit) {
      // The ray's stretch inside the y and z slabs (and the row's x extent).
      let tNear = EPS;
      let tFar = hit.t;
      let face = -1;
      for (let axis = 0; axis < 3; axis++) {
        const o = axis === 0 ? ox : axis === 1 ? oy : oz;
        const d = axis === 0 ? dx : axis === 1 ? dy : dz;
        const lo = axis === 0 ? x0 : axis === 1 ? y0 : z0;
        const hi = axis === 0 ? xEnd : axis === 1 ? y1 : z1;
        if (Math.abs(d) < EPS) {
          if (o < lo || o > hi) return false;
          continue;
        }
        let ta = (lo - o) / d;
        let tb = (hi - o) / d;
        if (ta > tb) [ta, tb] = [tb, ta];
        if (ta > tNear) {
          tNear = ta;
          face = axis;
        }
        if (tb < tFar) tFar = tb;
        if (tNear > tFar) return false;
      }
      // Inside the row's slabs: the first copy the ray is in, or enters through its side.
      let t = tNear;
      let x = ox + t * dx;
      let k = Math.floor((x - x0) / period);
      let inCopy = k >= 0 && k < count && x - x0 - k * period <= w;
      if (!inCopy) {
        if (Math.abs(dx) < EPS) return false;
        // The next side face along the ray's x direction.
        const edge = dx > 0 ? x0 + (k + 1) * period : x0 + k * period + w;
        k = dx > 0 ? k + 1 : k;
        if (k < 0 || k >= count) return false;
        t = (edge - ox) / dx;
        if (t > tFar || t >= hit.t) return false;
        x = edge;
        face = 0;
        inCopy = true;
      }
      if (t >= hit.t || t <= EPS) return false;
      const y = oy + t * dy;
      const z = oz + t * dz;
      const side = face === 0 ? (dx > 0 ? -1 : 1) : face === 1 ? (dy > 0 ? -1 : 1) : dz > 0 ? -1 : 1;
      if (face === 0) setHit(hit, t, side, 0, 0, z, y, material, id * 4);
      else if (face === 1) setHit(hit, t, 0, side, 0, x, z, material, id * 4 + 1);
      else setHit(hit, t, 0, 0, side, x, y, material, id * 4 + 2);
      return true;
    },
  };
}

/**
 * `inner` turned by the rotation `r` (row-major 3×3, local to world) about `pivot`: rays are taken into the local
 * frame and normals back (a rigid motion keeps t).
 */
export function rotated(r: readonly number[], pivot: readonly number[], inner: Primitive): Primitive {
  const [r00, r01, r02, r10, r11, r12, r20, r21, r22] = r as [number, number, number, number, number, number, number, number, number];
  const [px, py, pz] = pivot as [number, number, number];
  return {
    intersect(ox, oy, oz, dx, dy, dz, hit) {
      const qx = ox - px;
      const qy = oy - py;
      const qz = oz - pz;
      const found = inner.intersect(
        r00 * qx + r10 * qy + r20 * qz,
        r01 * qx + r11 * qy + r21 * qz,
        r02 * qx + r12 * qy + r22 * qz,
        r00 * dx + r10 * dy + r20 * dz,
        r01 * dx + r11 * dy + r21 * dz,
        r02 * dx + r12 * dy + r22 * dz,
        hit,
      );
      if (found) {
        const { nx, ny, nz } = hit;
        hit.nx = r00 * nx + r01 * ny + r02 * nz;
        hit.ny = r10 * nx + r11 * ny + r12 * nz;
        hit.nz = r20 * nx + r21 * ny + r22 * nz;
      }
      return found;
    },
  };
}

/** Rotation by `deg` about the y axis (x towards z) and about the z axis (x towards y), row-major. */
export function aboutY(deg: number): number[] {
  const a = (deg * Math.PI) / 180;
  return [Math.cos(a), 0, -Math.sin(a), 0, 1, 0, Math.sin(a), 0, Math.cos(a)];
}

export function aboutZ(deg: number): number[] {
  const a = (deg * Math.PI) / 180;
  return [Math.cos(a), -Math.sin(a), 0, Math.sin(a), Math.cos(a), 0, 0, 0, 1];
}

/**
 * Where a ray enters a cylinder of radius r, in the plane across its axis: the ray starts at (fa, fb) from the axis
 * and moves by (da, db) per unit of t. NaN when it misses (or runs along the axis).
 */
function cylinderEntry(fa: number, fb: number, da: number, db: number, r: number): number {
  const a = da * da + db * db;
  const b = fa * da + fb * db;
  const disc = b * b - a * (fa * fa + fb * fb - r * r);
  if (disc < 0 || a < EPS) return Number.NaN;
  return (-b - Math.sqrt(disc)) / a;
}

/** A vertical cylinder (pole) of radius r about the line x = cx, z = cz, from y0 to y1. */
export function pole(
  cx: number,
  cz: number,
  r: number,
  y0: number,
  y1: number,
  material: Material,
  id: number,
): Primitive {
  return {
    intersect(ox, oy, oz, dx, dy, dz, hit) {
      const fx = ox - cx;
      const fz = oz - cz;
      const t = cylinderEntry(fx, fz, dx, dz, r);
      if (!(t > EPS && t < hit.t)) return false;
      const y = oy + t * dy;
      if (y < y0 || y > y1) return false;
      const nx = (fx + t * dx) / r;
      const nz = (fz + t * dz) / r;
      setHit(hit, t, nx, 0, nz, Math.atan2(nx, -nz) * r, y, material, id * 4);
      return true;
    },
  };
}

/**
 * `count` vertical cylinders (balusters) of radius r at x = x0 + k·period, z = cz, from y0 to y1: only the one or
 * two the ray passes within r of are tested.
 */
export function repeatedPole(
  x0: number,
  period: number,
  count: number,
  cz: number,
  r: number,
  y0: number,
  y1: number,
  material: Material,
  id: number,
): Primitive {
  const poles = Array.from({ length: count }, (_, k) => pole(x0 + k * period, cz, r, y0, y1, material, id));
  return {
    intersect(ox, oy, oz, dx, dy, dz, hit) {
      if (Math.abs(dz) < EPS) return false;
      const ta = (cz - r - oz) / dz;
      const tb = (cz + r - oz) / dz;
      const xa = ox + ta * dx;
      const xb = ox + tb * dx;
      const from = Math.max(0, Math.floor((Math.min(xa, xb) - r - x0) / period));
      const to = Math.min(count - 1, Math.ceil((Math.max(xa, xb) + r - x0) / period));
      let found = false;
      for (let k = from; k <= to; k++) found = poles[k]!.intersect(ox, oy, oz, dx, dy, dz, hit) || found;
      return found;
    },
  };
}

/** A horizontal cylinder (a cable, a rail) of radius r along x at y = cy, z = cz, from x0 to x1. */
export function rod(
  cy: number,
  cz: number,
  r: number,
  x0: number,
  x1: number,
  material: Material,
  id: number,
): Primitive {
  return {
    intersect(ox, oy, oz, dx, dy, dz, hit) {
      const fy = oy - cy;
      const fz = oz - cz;
      const t = cylinderEntry(fy, fz, dy, dz, r);
      if (!(t > EPS && t < hit.t)) return false;
      const x = ox + t * dx;
      if (x < x0 || x > x1) return false;
      const ny = (fy + t * dy) / r;
      const nz = (fz + t * dz) / r;
      setHit(hit, t, 0, ny, nz, x, Math.atan2(ny, -nz) * r, material, id * 4);
      return true;
    },
  };
}

export function sphere(center: readonly number[], r: number, material: Material, id: number): Primitive {
  const [cx, cy, cz] = center as [number, number, number];
  return {
    intersect(ox, oy, oz, dx, dy, dz, hit) {
      const fx = ox - cx;
      const fy = oy - cy;
      const fz = oz - cz;
      const a = dx * dx + dy * dy + dz * dz;
      const b = fx * dx + fy * dy + fz * dz;
      const c = fx * fx + fy * fy + fz * fz - r * r;
      const disc = b * b - a * c;
      if (disc < 0) return false;
      const t = (-b - Math.sqrt(disc)) / a;
      if (t <= EPS || t >= hit.t) return false;
      const nx = (fx + t * dx) / r;
      const ny = (fy + t * dy) / r;
      const nz = (fz + t * dz) / r;
      setHit(hit, t, nx, ny, nz, Math.atan2(nx, -nz) * r, Math.asin(Math.max(-1, Math.min(1, ny))) * r, material, id * 4);
      return true;
    },
  };
}

function setHit(
  hit: Hit,
  t: number,
  nx: number,
  ny: number,
  nz: number,
  u: number,
  v: number,
  material: Material,
  id: number,
): void {
  hit.t = t;
  hit.nx = nx;
  hit.ny = ny;
  hit.nz = nz;
  hit.u = u;
  hit.v = v;
  hit.material = material;
  hit.id = id;
}

export interface RayScene {
  width: number;
  height: number;
  /** Focal length, px. */
  focal: number;
  /** Distance between the left (c = 0) and the right (c = 1) camera. */
  baseline: number;
  /** Depth that shows at zero disparity (the principal point slides with the camera, as a converged rig's pivot). */
  zeroDepth: number;
  primitives: Primitive[];
  /** Unit vector towards the light. */
  light: readonly [number, number, number];
  ambient: number;
  shadows: boolean;
  sky: readonly [number, number, number];
}

/** Rotated-grid samples (in pixel units), then a 4×4 grid where they disagree. */
const FIRST = [
  [0.375, 0.125],
  [0.875, 0.375],
  [0.125, 0.625],
  [0.625, 0.875],
];
const MORE = Array.from({ length: 16 }, (_, k) => [((k % 4) + 0.5) / 4, (Math.floor(k / 4) + 0.5) / 4]);

/** The view from camera position c (0 = left, 1 = right): sRGB, 8 bits, anti-aliased. */
export function renderRayView(scene: RayScene, c: number): RawImage {
  const { width, height, focal } = scene;
  const data = new Uint8Array(width * height * 3);
  const camX = c * scene.baseline;
  const cx = width / 2 + (c * focal * scene.baseline) / scene.zeroDepth;
  const cy = height / 2;
  const hit: Hit = { t: 0, nx: 0, ny: 0, nz: 0, u: 0, v: 0, material: undefined, id: -1 };
  const colour = new Float64Array(3);
  const sum = new Float64Array(3);
  const sample = (px: number, py: number): number => {
    const dx = (px - cx) / focal;
    const dy = (py - cy) / focal;
    return shade(scene, camX, 0, 0, dx, dy, 1, hit, colour);
  };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      sum.fill(0);
      let id = Number.NaN;
      let agree = true;
      for (const [sx, sy] of FIRST) {
        const k = sample(x + sx!, y + sy!);
        if (Number.isNaN(id)) id = k;
        else if (k !== id) agree = false;
        sum[0]! += colour[0]!;
        sum[1]! += colour[1]!;
        sum[2]! += colour[2]!;
      }
      let n = FIRST.length;
      if (!agree) {
        for (const [sx, sy] of MORE) {
          sample(x + sx!, y + sy!);
          sum[0]! += colour[0]!;
          sum[1]! += colour[1]!;
          sum[2]! += colour[2]!;
        }
        n += MORE.length;
      }
      const o = (y * width + x) * 3;
      data[o] = SRGB[Math.min(4095, Math.round((sum[0]! / n) * 4095))]!;
      data[o + 1] = SRGB[Math.min(4095, Math.round((sum[1]! / n) * 4095))]!;
      data[o + 2] = SRGB[Math.min(4095, Math.round((sum[2]! / n) * 4095))]!;
    }
  }
  return { data, width, height, channels: 3 };
}

/** Linear 0–1 (in 4096 steps) to sRGB levels. */
const SRGB = Uint8Array.from({ length: 4096 }, (_, i) => {
  const v = i / 4095;
  const s = v <= 0.0031308 ? 12.92 * v : 1.055 * v ** (1 / 2.4) - 0.055;
  return Math.round(255 * s);
});

/** The linear colour seen along the ray into `colour`; returns the id of what it hit (−1: the sky; shadowed odd). */
function shade(
  scene: RayScene,
  ox: number,
  oy: number,
  oz: number,
  dx: number,
  dy: number,
  dz: number,
  hit: Hit,
  colour: Float64Array,
): number {
  hit.t = Number.POSITIVE_INFINITY;
  hit.material = undefined;
  hit.id = -1;
  for (const p of scene.primitives) p.intersect(ox, oy, oz, dx, dy, dz, hit);
  // (The intersections set it: a cast keeps TypeScript from narrowing it to the undefined assigned above.)
  const material = hit.material as Material | undefined;
  if (!material) {
    colour[0] = scene.sky[0];
    colour[1] = scene.sky[1];
    colour[2] = scene.sky[2];
    return -1;
  }
  const [lx, ly, lz] = scene.light;
  const cosine = hit.nx * lx + hit.ny * ly + hit.nz * lz;
  let lit = cosine > 0;
  if (lit && scene.shadows) {
    const t = hit.t;
    const px = ox + t * dx + hit.nx * 1e-6;
    const py = oy + t * dy + hit.ny * 1e-6;
    const pz = oz + t * dz + hit.nz * 1e-6;
    const u = hit.u;
    const v = hit.v;
    const id = hit.id;
    const nx = hit.nx;
    const ny = hit.ny;
    const nz = hit.nz;
    hit.t = Number.POSITIVE_INFINITY;
    for (const p of scene.primitives) {
      if (p.intersect(px, py, pz, lx, ly, lz, hit)) {
        lit = false;
        break;
      }
    }
    setHit(hit, t, nx, ny, nz, u, v, material, id);
  }
  const light = scene.ambient + (lit ? (1 - scene.ambient) * cosine : 0);
  sampleTexture(material, hit.u, hit.v, colour);
  const grain = material.detail
    ? 1 + material.detail.amount * (detailNoise(hit.u / material.detail.cell, hit.v / material.detail.cell) - 0.5)
    : 1;
  colour[0]! *= light * grain * material.tint[0];
  colour[1]! *= light * grain * material.tint[1];
  colour[2]! *= light * grain * material.tint[2];
  return hit.id * 2 + (lit ? 0 : 1);
}

/** Bilinear, repeated. */
function sampleTexture(material: Material, u: number, v: number, out: Float64Array): void {
  const { texture, scale } = material;
  const { width, height, data } = texture;
  const x = wrap(u / scale, width);
  const y = wrap(v / scale, height);
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  const x1 = x0 + 1 === width ? 0 : x0 + 1;
  const y1 = y0 + 1 === height ? 0 : y0 + 1;
  const fx = x - x0;
  const fy = y - y0;
  const a = (y0 * width + x0) * 3;
  const b = (y0 * width + x1) * 3;
  const c = (y1 * width + x0) * 3;
  const d = (y1 * width + x1) * 3;
  for (let ch = 0; ch < 3; ch++) {
    const top = data[a + ch]! * (1 - fx) + data[b + ch]! * fx;
    const bottom = data[c + ch]! * (1 - fx) + data[d + ch]! * fx;
    out[ch] = top * (1 - fy) + bottom * fy;
  }
}

/** Two octaves of value noise in 0–1 from an integer hash: defined everywhere, never repeating. */
function detailNoise(u: number, v: number): number {
  return 0.65 * valueNoise(u, v) + 0.35 * valueNoise(2.7 * u + 17.3, 2.7 * v + 5.1);
}

function valueNoise(u: number, v: number): number {
  const x0 = Math.floor(u);
  const y0 = Math.floor(v);
  const fx = u - x0;
  const fy = v - y0;
  const sx = fx * fx * (3 - 2 * fx);
  const sy = fy * fy * (3 - 2 * fy);
  const top = hash(x0, y0) * (1 - sx) + hash(x0 + 1, y0) * sx;
  const bottom = hash(x0, y0 + 1) * (1 - sx) + hash(x0 + 1, y0 + 1) * sx;
  return top * (1 - sy) + bottom * sy;
}

function hash(x: number, y: number): number {
  let h = Math.imul(x | 0, 0x27d4eb2d) ^ Math.imul(y | 0, 0x165667b1);
  h = Math.imul(h ^ (h >>> 15), 0x85ebca77);
  h ^= h >>> 13;
  return (h >>> 0) / 4294967296;
}

function wrap(value: number, size: number): number {
  const m = value % size;
  return m < 0 ? (m + size === size ? 0 : m + size) : m;
}

/**
 * Disparity (px of a width × height grid over the view) of what the view from camera position c sees at each grid
 * pixel's centre: the left view's convention (right x = x − d) for c = 0, the right view's (left x = x + d) for
 * c = 1; both are focal·baseline·(1/z − 1/zeroDepth) scaled to the grid. The benches' oracle.
 */
export function rayDisparity(scene: RayScene, c: number, width: number, height: number): Float32Array {
  const scale = width / scene.width;
  const out = new Float32Array(width * height);
  const camX = c * scene.baseline;
  const cx = scene.width / 2 + (c * scene.focal * scene.baseline) / scene.zeroDepth;
  const cy = scene.height / 2;
  const hit: Hit = { t: 0, nx: 0, ny: 0, nz: 0, u: 0, v: 0, material: undefined, id: -1 };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const px = (x + 0.5) / scale;
      const py = (y + 0.5) / scale;
      hit.t = Number.POSITIVE_INFINITY;
      for (const p of scene.primitives) p.intersect(camX, 0, 0, (px - cx) / scene.focal, (py - cy) / scene.focal, 1, hit);
      out[y * width + x] = scene.focal * scene.baseline * (1 / hit.t - 1 / scene.zeroDepth) * scale;
    }
  }
  return out;
}
