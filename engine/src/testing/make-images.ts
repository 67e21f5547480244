import sharp, { type Sharp } from 'sharp';
import type { RawImage } from '../image';

/** A deterministic RGB test picture: horizontal red ramp, vertical green ramp, blue checker of `cell` px. */
export function gradientRaw(width: number, height: number, cell = 16): RawImage {
  const data = new Uint8Array(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      data[i] = Math.round((x / Math.max(1, width - 1)) * 255);
      data[i + 1] = Math.round((y / Math.max(1, height - 1)) * 255);
      data[i + 2] = (Math.floor(x / cell) + Math.floor(y / cell)) % 2 === 0 ? 230 : 25;
    }
  }
  return { data, width, height, channels: 3 };
}

/** A flat RGB picture of one colour. */
export function solidRaw(width: number, height: number, rgb: [number, number, number]): RawImage {
  const data = new Uint8Array(width * height * 3);
  for (let i = 0; i < data.length; i += 3) data.set(rgb, i);
  return { data, width, height, channels: 3 };
}

export function sharpFromRaw(image: RawImage): Sharp {
  return sharp(image.data, { raw: { width: image.width, height: image.height, channels: image.channels } });
}

export async function jpegOf(image: RawImage, quality = 92): Promise<Buffer> {
  return sharpFromRaw(image).jpeg({ quality }).toBuffer();
}

/** Decodes any buffer to RGB raw pixels (test-side check of what the engine wrote). */
export async function decodeRgb(bytes: Uint8Array): Promise<RawImage> {
  const { data, info } = await sharp(bytes)
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

/** Mean RGB of a rectangle: tests read colours from regions, robust to codec noise. */
export function meanRgb(
  image: RawImage,
  x: number,
  y: number,
  w: number,
  h: number,
): [number, number, number] {
  const sum = [0, 0, 0];
  for (let yy = y; yy < y + h; yy++) {
    for (let xx = x; xx < x + w; xx++) {
      const i = (yy * image.width + xx) * image.channels;
      for (let c = 0; c < 3; c++) sum[c]! += image.data[i + Math.min(c, image.channels - 1)]!;
    }
  }
  const n = w * h;
  return [sum[0]! / n, sum[1]! / n, sum[2]! / n];
}
