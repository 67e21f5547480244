import type { RawImage } from '../image';
import sharp from '../sharp';

/** A single-channel 8-bit picture plus the factor from its pixels to the source's (source = this × scale). */
export interface GrayImage {
  data: Uint8Array;
  width: number;
  height: number;
  /** Source pixels per pixel of this image (≥ 1 when reduced). */
  scale: number;
}

/** Grey copy whose long side is at most `maxSide` (libvips does the resize: much faster than JS or wasm). */
export async function reducedGray(image: RawImage, maxSide: number): Promise<GrayImage> {
  const longSide = Math.max(image.width, image.height);
  const factor = Math.min(1, maxSide / longSide);
  const width = Math.max(1, Math.round(image.width * factor));
  const height = Math.max(1, Math.round(image.height * factor));
  let pipeline = sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: image.channels },
  });
  if (image.channels !== 1) pipeline = pipeline.greyscale();
  if (width !== image.width || height !== image.height) {
    pipeline = pipeline.resize(width, height, { fit: 'fill', kernel: 'lanczos3' });
  }
  const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
  // greyscale() on RGB still emits one channel, but guard against an alpha channel riding along.
  const gray = info.channels === 1 ? data : keepFirstChannel(data, info.channels);
  return {
    data: new Uint8Array(gray.buffer, gray.byteOffset, width * height),
    width: info.width,
    height: info.height,
    scale: image.width / info.width,
  };
}

/**
 * Like reducedGray, but the colour image is resized first and its luma (BT.601, as sampleLuma) taken on the small
 * copy: libvips' greyscale conversion of the full picture cost ~150 ms of CPU per 24 MP view, the luma of a 1024 px
 * copy ~2 ms.
 */
export async function reducedLuma(image: RawImage, maxSide: number): Promise<GrayImage> {
  const longSide = Math.max(image.width, image.height);
  const factor = Math.min(1, maxSide / longSide);
  const width = Math.max(1, Math.round(image.width * factor));
  const height = Math.max(1, Math.round(image.height * factor));
  let small = image;
  if (width !== image.width || height !== image.height) {
    const { data, info } = await sharp(image.data, {
      raw: { width: image.width, height: image.height, channels: image.channels },
    })
      .resize(width, height, { fit: 'fill', kernel: 'lanczos3' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    small = { data, width: info.width, height: info.height, channels: info.channels as RawImage['channels'] };
  }
  const out = new Uint8Array(small.width * small.height);
  const channels = small.channels;
  for (let i = 0; i < out.length; i++) out[i] = Math.round(luma(small.data, i * channels, channels));
  return { data: out, width: small.width, height: small.height, scale: image.width / small.width };
}

/** RGB copy on the grey grid (libvips resize); grey input is repeated into three channels. */
export async function reducedRgb(image: RawImage, grid: GrayImage): Promise<Uint8Array> {
  let pipeline = sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: image.channels },
  });
  if (image.channels !== 3) pipeline = pipeline.removeAlpha().toColourspace('srgb');
  const data = await pipeline
    .resize(grid.width, grid.height, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  return new Uint8Array(data.buffer, data.byteOffset, grid.width * grid.height * 3);
}

/** Half the size (odd last row and column dropped), each pixel the rounded mean of a 2×2 block. */
export function halvedGray(gray: GrayImage): GrayImage {
  const width = gray.width >> 1;
  const height = gray.height >> 1;
  const data = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const a = 2 * y * gray.width;
    const b = a + gray.width;
    for (let x = 0; x < width; x++) {
      const i = 2 * x;
      data[y * width + x] =
        (gray.data[a + i]! + gray.data[a + i + 1]! + gray.data[b + i]! + gray.data[b + i + 1]! + 2) >> 2;
    }
  }
  return { data, width, height, scale: gray.scale * 2 };
}

function keepFirstChannel(data: Buffer, channels: number): Uint8Array {
  const out = new Uint8Array(data.length / channels);
  for (let i = 0; i < out.length; i++) out[i] = data[i * channels]!;
  return out;
}

/** Luma (BT.601) of pixel (x, y), bilinear, from any RawImage; outside the picture → NaN. */
export function sampleLuma(image: RawImage, x: number, y: number): number {
  const { width, height, channels, data } = image;
  if (x < 0 || y < 0 || x > width - 1 || y > height - 1) return Number.NaN;
  const x0 = Math.min(Math.floor(x), Math.max(width - 2, 0));
  const y0 = Math.min(Math.floor(y), Math.max(height - 2, 0));
  const fx = x - x0;
  const fy = y - y0;
  const i00 = (y0 * width + x0) * channels;
  const i10 = i00 + channels;
  const i01 = i00 + width * channels;
  const i11 = i01 + channels;
  const l00 = luma(data, i00, channels);
  const l10 = luma(data, i10, channels);
  const l01 = luma(data, i01, channels);
  const l11 = luma(data, i11, channels);
  return (l00 * (1 - fx) + l10 * fx) * (1 - fy) + (l01 * (1 - fx) + l11 * fx) * fy;
}

/** Luma (BT.601) of the pixel at integer (x, y), which must lie inside the picture. */
export function lumaAt(image: RawImage, x: number, y: number): number {
  return luma(image.data, (y * image.width + x) * image.channels, image.channels);
}

/** Luma (BT.601) of the pixel whose first byte is data[i]. */
export function luma(data: Uint8Array, i: number, channels: number): number {
  if (channels < 3) return data[i]!;
  return 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
}
