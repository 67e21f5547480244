import sharp from 'sharp';
import type { GalleryDeps } from '../features/gallery/deps';
import type { GalleryFrames } from '../features/gallery/wiggle-service';

/** Real WebP frames for gallery tests and the seed: each frame a distinct solid colour, so a test can tell them apart. */
const webp = (width: number, height: number, [r, g, b]: readonly [number, number, number]) =>
  sharp({ create: { width, height, channels: 3, background: { r, g, b } } })
    .webp({ lossless: true })
    .toBuffer();

export const FRAME_COLOURS = {
  left: [220, 20, 20],
  '25': [200, 120, 20],
  '50': [20, 200, 20],
  '75': [20, 120, 200],
  right: [20, 20, 220],
} as const;

export async function galleryFrames(withInBetweens = true, width = 64, height = 48): Promise<GalleryFrames> {
  const make = (name: keyof typeof FRAME_COLOURS, w = width, h = height) => webp(w, h, FRAME_COLOURS[name]);
  const frames: GalleryFrames = {
    left: { full: await make('left'), thumb: await make('left', 20, 14) },
    right: { full: await make('right'), thumb: await make('right', 20, 14) },
  };
  if (withInBetweens) frames.inBetweens = [await make('25'), await make('50'), await make('75')];
  return frames;
}

export const testGalleryDeps = (app: {
  platform: { db: GalleryDeps['db']; blobs: GalleryDeps['blobs'] };
}): GalleryDeps => ({
  db: app.platform.db,
  blobs: app.platform.blobs,
  publicUrl: 'http://wiggle.test',
});
