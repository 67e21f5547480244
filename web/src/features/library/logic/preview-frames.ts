import { PlaybackMode } from '@wiggle/common/enums';
import { wiggleFrameUrl, wiggleMediaUrl } from '@wiggle/common/schemas/library';

/**
 * Frame URLs of one playback cycle. Original mode alternates the two views; Enhanced plays
 * left, 25, 50, 75, right and back (ping-pong) so the motion never jumps.
 */
export function previewFrames(wiggleId: number, mode: PlaybackMode, size: 'f' | 't' = 'f'): string[] {
  const left = wiggleMediaUrl(wiggleId, 'left', size);
  const right = wiggleMediaUrl(wiggleId, 'right', size);
  if (mode === PlaybackMode.Original) return [left, right];
  const middle = ([25, 50, 75] as const).map((p) => wiggleFrameUrl(wiggleId, p, size));
  const forward = [left, ...middle, right];
  return [...forward, ...forward.slice(1, -1).reverse()];
}

/** Frame delays offered by the speed control, ms per frame (slow to fast). */
export const PREVIEW_SPEEDS = [400, 250, 160, 110, 80, 55, 40] as const;
export const DEFAULT_PREVIEW_SPEED_INDEX = 2;

/** A swing from left to right is one step in Original mode and four in Enhanced; both take the same time. */
export function frameDelay(mode: PlaybackMode, speedIndex: number): number {
  const base = PREVIEW_SPEEDS[Math.min(Math.max(speedIndex, 0), PREVIEW_SPEEDS.length - 1)]!;
  return mode === PlaybackMode.Original ? base : Math.max(16, Math.round(base / 4));
}
