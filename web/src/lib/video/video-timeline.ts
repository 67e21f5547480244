import { VIDEO_LOOP_SECONDS } from '@wiggle/common/schemas/gallery-video';

/** One sample of the video: which frame it shows, from when and for how long (seconds, as mediabunny takes them). */
export interface VideoSample {
  frame: number;
  timestamp: number;
  duration: number;
}

/** Players and link previews handle steady frame rates best: a frame shown longer than this is repeated. */
const MAX_SAMPLE_MS = 40;

/**
 * The samples of a video of `cycle` (frame indexes of one swing there and back), each frame shown `frameMs`, looping
 * for about `seconds` in whole cycles (at least one): a long-held frame is cut into equal samples of at most 40 ms,
 * so the rate stays at 25 fps or more while every frame keeps its exact time.
 */
export function videoTimeline(
  cycle: readonly number[],
  frameMs: number,
  seconds: number = VIDEO_LOOP_SECONDS,
): VideoSample[] {
  const cycleMs = cycle.length * frameMs;
  const cycles = Math.max(1, Math.round((seconds * 1000) / cycleMs));
  const repeats = Math.max(1, Math.ceil(frameMs / MAX_SAMPLE_MS));
  const sampleMs = frameMs / repeats;
  const samples: VideoSample[] = [];
  for (let c = 0; c < cycles; c++) {
    for (const frame of cycle) {
      for (let r = 0; r < repeats; r++) {
        samples.push({ frame, timestamp: (samples.length * sampleMs) / 1000, duration: sampleMs / 1000 });
      }
    }
  }
  return samples;
}

/** Frames per second of a timeline (its samples are all equally long). */
export const timelineFrameRate = (samples: readonly VideoSample[]) => 1 / (samples[0]?.duration ?? 1);

/** A bitrate that keeps a wiggle's fine detail without waste: ~0.1 bit per pixel per frame, 1 to 12 Mbit/s. */
export function videoBitrate(width: number, height: number, frameRate: number): number {
  return Math.round(Math.min(12_000_000, Math.max(1_000_000, width * height * frameRate * 0.1)));
}
