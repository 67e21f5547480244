import type { RawImage } from '../image';
import { seeded } from '../seeded-random';

/** Noise in 4x4 px blocks: structured enough for block matching, and it survives halving. */
export function blockNoise(width: number, height: number, seed: number): RawImage {
  const rand = seeded(seed);
  const across = Math.ceil(width / 4);
  const blocks = Array.from({ length: across * Math.ceil(height / 4) }, () => Math.floor(rand() * 256));
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const v = blocks[Math.floor(y / 4) * across + Math.floor(x / 4)]!;
      data.set([v, 255 - v, (v * 7) & 255], (y * width + x) * 3);
    }
  }
  return { data, width, height, channels: 3 };
}

export interface MarkerPair {
  left: RawImage;
  right: RawImage;
  /** The marker square in the left view; in the right view it sits `disparity` px further right. */
  marker: { x: number; y: number; size: number };
  disparity: number;
}

/**
 * A stereo pair whose right answer is known: a background at zero disparity and a square marker of other
 * texture `disparity` px to the right in the right view; `rightDown` moves the whole right view down.
 */
export function markerPair(width = 640, height = 480, disparity = 24, rightDown = 0): MarkerPair {
  const background = blockNoise(width, height + Math.abs(rightDown), 11);
  const size = 120;
  const marker = { x: Math.round(width / 2 - size / 2), y: Math.round(height / 2 - size / 2), size };
  const texture = blockNoise(size, size, 12);
  const view = (shift: number, down: number): RawImage => {
    const data = new Uint8Array(width * height * 3);
    for (let y = 0; y < height; y++) {
      const sy = Math.min(background.height - 1, Math.max(0, y - down));
      data.set(background.data.subarray(sy * width * 3, (sy + 1) * width * 3), y * width * 3);
    }
    for (let y = 0; y < size; y++) {
      const row = texture.data.subarray(y * size * 3, (y + 1) * size * 3);
      data.set(row, ((marker.y + y + down) * width + marker.x + shift) * 3);
    }
    return { data, width, height, channels: 3 };
  };
  return { left: view(0, 0), right: view(disparity, rightDown), marker, disparity };
}

/** Mean absolute difference of two images over a rectangle (all channels). */
export function meanAbsDiff(a: RawImage, b: RawImage, rect: { x: number; y: number; w: number; h: number }) {
  let sum = 0;
  for (let y = rect.y; y < rect.y + rect.h; y++) {
    for (let x = rect.x; x < rect.x + rect.w; x++) {
      for (let c = 0; c < 3; c++) {
        const i = (y * a.width + x) * a.channels + c;
        sum += Math.abs(a.data[i]! - b.data[i]!);
      }
    }
  }
  return sum / (rect.w * rect.h * 3);
}
