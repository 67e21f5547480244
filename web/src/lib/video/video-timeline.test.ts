import { describe, expect, it } from 'vitest';
import { timelineFrameRate, videoBitrate, videoTimeline } from './video-timeline';

describe('video timeline', () => {
  it('loops whole swings for about four seconds, each frame held its playback time', () => {
    // Enhanced at 250 ms a swing: 62.5 ms a frame, 8 frames a cycle (500 ms) → 8 cycles in 4 s.
    const samples = videoTimeline([0, 1, 2, 3, 4, 3, 2, 1], 62.5, 4);
    const last = samples.at(-1)!;
    expect(last.timestamp + last.duration).toBeCloseTo(4, 6);
    // Each frame is cut into two 31.25 ms samples: 32 fps.
    expect(timelineFrameRate(samples)).toBeCloseTo(32, 6);
    expect(samples.slice(0, 6).map((s) => s.frame)).toEqual([0, 0, 1, 1, 2, 2]);
    expect(samples.slice(14, 18).map((s) => s.frame)).toEqual([1, 1, 0, 0]);
  });

  it('keeps at least 25 fps when a frame is held long, and one cycle when a cycle is longer than the loop', () => {
    const slow = videoTimeline([0, 1], 400, 4);
    expect(timelineFrameRate(slow)).toBeGreaterThanOrEqual(25);
    expect(slow.filter((s) => s.frame === 1)).toHaveLength(slow.length / 2);
    const once = videoTimeline([0, 1], 5000, 4);
    expect(once.at(-1)!.timestamp + once.at(-1)!.duration).toBeCloseTo(10, 6);
  });

  it('gives a bitrate within 1 to 12 Mbit/s', () => {
    expect(videoBitrate(64, 48, 25)).toBe(1_000_000);
    expect(videoBitrate(1920, 1080, 30)).toBe(6_220_800);
    expect(videoBitrate(1920, 1920, 60)).toBe(12_000_000);
  });
});
