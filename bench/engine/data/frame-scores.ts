import type { RawImage } from '@wiggle/engine/image';
import { crossFade, psnr, ssim } from '@wiggle/engine/interpolate/quality';

/** One in-between frame scored against the true view, beside a plain cross-fade of the pair scored the same way. */
export interface FrameScore {
  ours: number;
  fade: number;
  /** ours − fade (dB). */
  gain: number;
  oursSsim: number;
  fadeSsim: number;
}

/**
 * Frames 25/50/75 against `views` (the true views at camera positions 0, .25, .5, .75, 1): PSNR and SSIM of each,
 * and of the cross-fade of views 0 and 4 at the same position.
 */
export function frameScores(frames: readonly RawImage[], views: readonly RawImage[]): FrameScore[] {
  return frames.map((frame, k) => {
    const truth = views[k + 1]!;
    const fade = crossFade(views[0]!, views[4]!, (k + 1) / 4);
    const ours = psnr(frame, truth);
    const theirs = psnr(fade, truth);
    return { ours, fade: theirs, gain: ours - theirs, oursSsim: ssim(frame, truth), fadeSsim: ssim(fade, truth) };
  });
}

/** A score's table cells: ours PSNR, fade PSNR, gain (dB, 2 decimals), ours SSIM, fade SSIM (4 decimals). */
export function scoreCells(s: FrameScore): string[] {
  return [s.ours.toFixed(2), s.fade.toFixed(2), s.gain.toFixed(2), s.oursSsim.toFixed(4), s.fadeSsim.toFixed(4)];
}
