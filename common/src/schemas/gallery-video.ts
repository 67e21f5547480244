/**
 * The video of a gallery wiggle (issue 12 part 3, DESIGN §5 "Video"): the browser fetches the owner's watermarked
 * frames, encodes an H.264 MP4 and uploads it; the media URL follows SPEC §7's gallery media pattern under /api.
 */
import { z } from 'zod';
import { ID_DIGITS, idText } from './ids';

/** The frames a video is made of, in the order of a swing (Original plays the two views, Enhanced all five). */
export const VIDEO_FRAME_POSITIONS = ['left', '25', '50', '75', 'right'] as const;
export type VideoFramePosition = (typeof VIDEO_FRAME_POSITIONS)[number];

/** How long the wiggle loops in its video, seconds. */
export const VIDEO_LOOP_SECONDS = 4;
/** Long side of a video, px: larger wiggles are scaled down (H.264 levels and link previews stop near here). */
export const VIDEO_MAX_SIDE = 1920;
/** Default upper bound of an uploaded video (VIDEO_MAX_BYTES); a 4 s loop at 1920 px is a few MB. */
export const VIDEO_MAX_BYTES_DEFAULT = 64 * 1024 * 1024;

/** GET /api/gallery/wiggles/{id}/video-frames/{position}: the owner's frame with the member's video watermark. */
export const VideoFrameParamsSchema = z.object({
  id: idText('The wiggle id'),
  // A pattern rather than an enum: a path segment is text, and the API fuzzer breaks patterns.
  position: z
    .string()
    .regex(new RegExp(`^(${VIDEO_FRAME_POSITIONS.join('|')})$`), {
      message: `The frame must be one of ${VIDEO_FRAME_POSITIONS.join(', ')}.`,
    })
    .transform((value) => value as VideoFramePosition),
});
export const videoFramePath = (wiggleId: number, position: VideoFramePosition) =>
  `gallery/wiggles/${wiggleId}/video-frames/${position}`;
/** POST /api/gallery/wiggles/{id}/video (multipart, one `file` part): stores the MP4 with the wiggle. */
export const uploadVideoPath = (wiggleId: number) => `gallery/wiggles/${wiggleId}/video`;

export const GALLERY_VIDEO_PATTERN = new RegExp(`^(${ID_DIGITS})\\.mp4$`);
/** The stored MP4 at /api/gallery/wiggle/video/{id}.mp4, under the gallery's access rules (`share` for link holders). */
export const galleryVideoUrl = (id: number, access: { share?: string | undefined } = {}) =>
  `/api/gallery/wiggle/video/${id}.mp4${access.share ? `?share=${encodeURIComponent(access.share)}` : ''}`;

/**
 * The even frame size of a wiggle's video (H.264 with 4:2:0 chroma needs even sides): the wiggle's own size rounded
 * down to even, scaled down first when its long side passes VIDEO_MAX_SIDE.
 */
export function videoFrameSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, VIDEO_MAX_SIDE / Math.max(width, height));
  const even = (value: number) => Math.max(2, 2 * Math.floor((value * scale) / 2));
  return { width: even(width), height: even(height) };
}
