import { randomUUID } from 'node:crypto';

/** Every frame file a gallery wiggle can have under its blob prefix (in-betweens in full size only). */
export const GALLERY_FRAME_NAMES = [
  'left-f',
  'left-t',
  'right-f',
  'right-t',
  '25-f',
  '50-f',
  '75-f',
] as const;
export type GalleryFrameName = (typeof GALLERY_FRAME_NAMES)[number];

export const newGalleryPrefix = (ownerId: number) => `gallery/${ownerId}/${randomUUID()}`;
export const galleryFrameKey = (prefix: string, name: GalleryFrameName) => `${prefix}/${name}.webp`;
/** A new key for a wiggle's MP4 under its prefix: each upload gets its own, so a replacement never overwrites. */
export const newVideoKey = (prefix: string) => `${prefix}/video-${randomUUID()}.mp4`;
