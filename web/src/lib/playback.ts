import { EDITOR_DEFAULTS } from '@wiggle/common/constants';

/** Time of one swing from the left view to the right, ms (slow to fast); the preview's speed control. */
export const PLAYBACK_SPEEDS = [400, 250, 160, 110, 80] as const;

/** Positions of a swing: the two views (Original, SPEC: 2 frames) or with the 25/50/75 in-betweens (Enhanced, 5). */
export const playbackPositions = (mode: 'original' | 'enhanced'): readonly number[] =>
  mode === 'original' ? [0, 1] : [0, 0.25, 0.5, 0.75, 1];

/** ms per frame: a swing lasts the chosen speed, or SPEC §9's super-speed duration (120 ms). */
export function playbackFrameMs(
  mode: 'original' | 'enhanced',
  speedIndex: number,
  superSpeed: boolean,
): number {
  const swing = superSpeed
    ? EDITOR_DEFAULTS.superSpeedDuration
    : PLAYBACK_SPEEDS[Math.min(Math.max(speedIndex, 0), PLAYBACK_SPEEDS.length - 1)]!;
  return swing / (playbackPositions(mode).length - 1);
}

/**
 * One full swing there and back as indexes into playbackPositions(mode): Original L,R; Enhanced L,25,50,75,R,75,50,25
 * (the live preview and the video play the same order).
 */
export function playbackCycle(mode: 'original' | 'enhanced'): number[] {
  const forward = playbackPositions(mode).map((_, index) => index);
  return [...forward, ...forward.slice(1, -1).reverse()];
}
