/**
 * How a rig's second camera may render the same scene differently from the first: exposure (with clipped
 * highlights), white balance and tone curve, sensor noise and JPEG compression. Applied to the right view of a
 * perturbed real pair, they leave its geometric truth unchanged, so the alignment bench can judge them against it.
 */
import type { RawImage } from '@wiggle/engine/image';
import { seeded } from '@wiggle/engine/seeded-random';
import sharp from 'sharp';

export interface CameraLook {
  name: string;
  apply: (image: RawImage) => Promise<RawImage>;
}

/** Each level v of channel c (0 red, 1 green, 2 blue) becomes f(v, c), rounded and clamped. */
function levels(image: RawImage, f: (v: number, c: number) => number): RawImage {
  const ch = image.channels;
  const data = Uint8Array.from(image.data, (v, i) => Math.max(0, Math.min(255, Math.round(f(v, i % ch)))));
  return { ...image, data };
}

async function jpegRoundTrip(image: RawImage, quality: number): Promise<RawImage> {
  const raw = { width: image.width, height: image.height, channels: image.channels };
  const encoded = await sharp(image.data, { raw }).jpeg({ quality }).toBuffer();
  const { data, info } = await sharp(encoded).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels as RawImage['channels'] };
}

export const CAMERA_LOOKS: CameraLook[] = [
  { name: 'right darker ×0.6', apply: async (image) => levels(image, (v) => v * 0.6) },
  { name: 'right brighter ×1.4 + 10, clipped', apply: async (image) => levels(image, (v) => v * 1.4 + 10) },
  {
    name: 'right warmer (R ×1.15, B ×0.8), gamma 1.5',
    apply: async (image) =>
      levels(image, (v, c) => 255 * ((c === 0 ? v * 1.15 : c === 2 ? v * 0.8 : v) / 255) ** 1.5),
  },
  {
    name: 'right noisy (σ ≈ 6) and JPEG q60',
    apply: async (image) => {
      const random = seeded(9);
      return jpegRoundTrip(
        levels(image, (v) => v + (random() + random() + random() - 1.5) * 12),
        60,
      );
    },
  },
];
