import { PlaybackMode } from '@wiggle/common/enums';
import { describe, expect, it } from 'vitest';
import { frameDelay, previewFrames } from './preview-frames';

describe('previewFrames', () => {
  it('alternates the two views in Original mode', () => {
    expect(previewFrames(7, PlaybackMode.Original)).toEqual([
      '/api/library/wiggle/7-left-f.webp',
      '/api/library/wiggle/7-right-f.webp',
    ]);
  });

  it('ping-pongs the five frames in Enhanced mode', () => {
    expect(previewFrames(7, PlaybackMode.Enhanced, 't').map((u) => u.split('/').pop())).toEqual([
      '7-left-t.webp',
      '7-25-t.webp',
      '7-50-t.webp',
      '7-75-t.webp',
      '7-right-t.webp',
      '7-75-t.webp',
      '7-50-t.webp',
      '7-25-t.webp',
    ]);
  });

  it('keeps the swing time equal in both modes', () => {
    expect(frameDelay(PlaybackMode.Original, 2)).toBe(160);
    expect(frameDelay(PlaybackMode.Enhanced, 2)).toBe(40);
  });
});
