import { describe, expect, it } from 'vitest';
import { PLAYBACK_SPEEDS, playbackCycle, playbackFrameMs, playbackPositions } from './playback';

describe('editor playback', () => {
  it('plays 2 frames (Original) or 5 (Enhanced) in the same swing time', () => {
    expect(playbackPositions('original')).toEqual([0, 1]);
    expect(playbackPositions('enhanced')).toEqual([0, 0.25, 0.5, 0.75, 1]);
    expect(playbackFrameMs('original', 1, false)).toBe(PLAYBACK_SPEEDS[1]);
    expect(playbackFrameMs('enhanced', 1, false)).toBe(PLAYBACK_SPEEDS[1] / 4);
  });

  it("super speed swings in SPEC's 120 ms whatever the speed chosen", () => {
    expect(playbackFrameMs('original', 0, true)).toBe(120);
    expect(playbackFrameMs('enhanced', 4, true)).toBe(30);
  });
});

describe('playback cycle', () => {
  it('swings there and back without repeating the ends', () => {
    expect(playbackCycle('original')).toEqual([0, 1]);
    expect(playbackCycle('enhanced')).toEqual([0, 1, 2, 3, 4, 3, 2, 1]);
  });
});
