import type { GalleryWiggle } from '@wiggle/common/schemas/gallery';
import {
  uploadVideoPath,
  VIDEO_FRAME_POSITIONS,
  type VideoFramePosition,
  videoFramePath,
  videoFrameSize,
} from '@wiggle/common/schemas/gallery-video';
import { api } from '../api-client';
import { playbackCycle, playbackFrameMs } from '../playback';
import { encodeWiggleVideo, VideoEncodingUnsupported } from './encode-wiggle-video';
import { timelineFrameRate, videoTimeline } from './video-timeline';

export interface VideoPlayback {
  mode: 'original' | 'enhanced';
  /** Index into PLAYBACK_SPEEDS. */
  speedIndex: number;
  superSpeed: boolean;
}

export type VideoProgress = { phase: 'frames' | 'encoding' | 'uploading'; fraction: number };

type VideoWiggle = Pick<GalleryWiggle, 'id' | 'width' | 'height' | 'hasInBetweens'>;

/** Enhanced needs the in-betweens; without them the video plays the two views. */
const effectiveMode = (wiggle: VideoWiggle, playback: VideoPlayback): 'original' | 'enhanced' =>
  playback.mode === 'enhanced' && wiggle.hasInBetweens ? 'enhanced' : 'original';

/** The frames a mode plays, in position order. */
const positionsOf = (mode: 'original' | 'enhanced'): readonly VideoFramePosition[] =>
  mode === 'enhanced' ? VIDEO_FRAME_POSITIONS : ['left', 'right'];

/** What the video will be: its even frame size, its rate and its length in seconds. */
export function videoPlan(wiggle: VideoWiggle, playback: VideoPlayback) {
  const mode = effectiveMode(wiggle, playback);
  const frameMs = playbackFrameMs(mode, playback.speedIndex, playback.superSpeed);
  const samples = videoTimeline(playbackCycle(mode), frameMs);
  const last = samples.at(-1);
  return {
    mode,
    frameMs,
    ...videoFrameSize(wiggle.width, wiggle.height),
    frameRate: timelineFrameRate(samples),
    seconds: last ? last.timestamp + last.duration : 0,
  };
}

/**
 * Makes the wiggle's MP4 in the browser: fetches the frames the server watermarked with the member's video
 * watermark (never drawn here), decodes them, and encodes the loop. Rejects with VideoEncodingUnsupported when the
 * browser has no H.264 encoder for this size, before anything is downloaded.
 */
export async function makeWiggleVideo(
  wiggle: VideoWiggle,
  playback: VideoPlayback,
  onProgress: (progress: VideoProgress) => void = () => {},
): Promise<Blob> {
  if (typeof VideoEncoder === 'undefined') throw new VideoEncodingUnsupported();
  const plan = videoPlan(wiggle, playback);
  const positions = positionsOf(plan.mode);
  let fetched = 0;
  const frames = await Promise.all(
    positions.map(async (position) => {
      const blob = await api.getBlob(videoFramePath(wiggle.id, position));
      const bitmap = await createImageBitmap(blob);
      fetched += 1;
      onProgress({ phase: 'frames', fraction: fetched / positions.length });
      return bitmap;
    }),
  );
  try {
    return await encodeWiggleVideo({
      frames,
      cycle: playbackCycle(plan.mode),
      frameMs: plan.frameMs,
      width: plan.width,
      height: plan.height,
      onProgress: (fraction) => onProgress({ phase: 'encoding', fraction }),
    });
  } finally {
    for (const frame of frames) frame.close();
  }
}

/** Stores the MP4 with the gallery wiggle (replacing the one before), so its public pages carry it. */
export function storeWiggleVideo(
  wiggleId: number,
  video: Blob,
  onProgress: (progress: VideoProgress) => void = () => {},
): Promise<GalleryWiggle> {
  const form = new FormData();
  form.append('file', video, `wiggle-${wiggleId}.mp4`);
  return api.upload<GalleryWiggle>(uploadVideoPath(wiggleId), form, {
    onProgress: (fraction) => onProgress({ phase: 'uploading', fraction }),
  });
}

/** A file name for the download: the wiggle's name without characters file systems refuse. */
export const videoFileName = (name: string) =>
  `${
    name
      .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
      .trim()
      .slice(0, 100) || 'wiggle'
  }.mp4`;
