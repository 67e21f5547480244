import { randomUUID } from 'node:crypto';

/** Every frame file a wiggle can have under its blob prefix. */
export const WIGGLE_FRAME_NAMES = [
  'left-f',
  'left-t',
  'left-e',
  'right-f',
  'right-t',
  'right-e',
  '25-f',
  '25-t',
  '50-f',
  '50-t',
  '75-f',
  '75-t',
] as const;
export type WiggleFrameName = (typeof WIGGLE_FRAME_NAMES)[number];

export const newWigglePrefix = (ownerId: number) => `wiggles/${ownerId}/${randomUUID()}`;
export const wiggleFrameKey = (prefix: string, name: WiggleFrameName) => `${prefix}/${name}.webp`;
export const newOriginalPrefix = (ownerId: number) => `originals/${ownerId}/${randomUUID()}`;
