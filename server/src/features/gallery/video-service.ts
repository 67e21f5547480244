import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { Messages } from '@wiggle/common/messages';
import type { GalleryWiggle } from '@wiggle/common/schemas/gallery';
import type { VideoFramePosition } from '@wiggle/common/schemas/gallery-video';
import { BadRequest, NotFound, PayloadTooLarge } from '../../platform/errors';
import type { MultipartLimits, ReceivedForm } from '../../platform/http/multipart';
import type { GalleryDeps } from './deps';
import { type GalleryFrameName, galleryFrameKey, newVideoKey } from './frame-keys';
import { toGalleryWiggle } from './mappers';
import { inspectMp4, Mp4Problem, requireH264 } from './mp4-check';
import { watermarkedFrameKey } from './watermark-frames';
import { memberWatermarks } from './watermark-service';
import { findActiveGalleryWiggles, findGalleryWiggle, swapGalleryWiggleVideo } from './wiggle-store';

/**
 * The video of a gallery wiggle (issue 12 part 3): the owner's browser fetches the frames with the member's video
 * watermark (drawn by the engine, as the iframe and share watermarks are), encodes an H.264 MP4 and uploads it here.
 */

const WIGGLE_NOT_FOUND = 'Wiggle not found.';

async function ownActiveWiggle(db: GalleryDeps['db'], ownerId: number, id: number) {
  const [row] = await findActiveGalleryWiggles(db, ownerId, [id]);
  if (!row) throw new NotFound(WIGGLE_NOT_FOUND);
  return row;
}

/** The blob key of one frame to encode: the full-size frame, with the member's video watermark when one is set. */
export async function videoFrameKey(
  deps: GalleryDeps,
  ownerId: number,
  id: number,
  position: VideoFramePosition,
): Promise<string> {
  const row = await ownActiveWiggle(deps.db, ownerId, id);
  if (position !== 'left' && position !== 'right' && row.has_in_betweens !== 1) throw new NotFound();
  const name = `${position}-f` as GalleryFrameName;
  const { video } = await memberWatermarks(deps.db, ownerId);
  return video
    ? watermarkedFrameKey(deps.blobs, row.blob_prefix, name, video)
    : galleryFrameKey(row.blob_prefix, name);
}

/** Checks the wiggle is the member's before its upload is received (a foreign id is 404 whatever the body). */
export const requireVideoTarget = async (deps: GalleryDeps, ownerId: number, id: number) => {
  await ownActiveWiggle(deps.db, ownerId, id);
};

export const videoUploadLimits = (maxBytes: number): MultipartLimits => ({
  fileSize: maxBytes,
  files: 1,
  fields: 4,
  fieldSize: 1000,
});

/** Reads the temp file's boxes: an MP4 whose video is H.264 (`avc1`), else 400 with the reason. */
async function requireH264Mp4(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const read = async (position: number, length: number) => {
      const buffer = Buffer.alloc(Math.max(0, Math.min(length, size - position)));
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, position);
      return buffer.subarray(0, bytesRead);
    };
    requireH264(await inspectMp4(read, size));
  } catch (error) {
    if (!(error instanceof Mp4Problem)) throw error;
    const message = error.reason === 'not_h264' ? Messages.video.notH264 : Messages.video.notMp4;
    throw new BadRequest(message, { file: message }, error.reason === 'not_h264' ? 'not_h264' : 'not_mp4');
  } finally {
    await handle.close();
  }
}

/**
 * Stores the uploaded MP4 with the wiggle: checked from its bytes, written under a new key, then swapped into the row
 * (compare-and-swap, so racing uploads each delete exactly the video they replaced); the replaced video's blob is
 * deleted, and the new blob is deleted again when the row cannot take it, so no blob is left without its row.
 */
export async function storeVideo(
  deps: GalleryDeps,
  ownerId: number,
  id: number,
  form: ReceivedForm,
  maxBytes: number,
): Promise<GalleryWiggle> {
  const file = form.files.find((f) => f.field === 'file');
  if (!file)
    throw new BadRequest(Messages.video.fileMissing, { file: Messages.video.fileMissing }, 'file_missing');
  if (!file.path) throw new PayloadTooLarge(Messages.video.tooLarge(Math.round(maxBytes / 1024 / 1024)));
  if ((await stat(file.path)).size === 0) {
    throw new BadRequest(Messages.video.notMp4, { file: Messages.video.notMp4 }, 'not_mp4');
  }
  await requireH264Mp4(file.path);

  const row = await ownActiveWiggle(deps.db, ownerId, id);
  const key = newVideoKey(row.blob_prefix);
  let replaced: string | null;
  try {
    await deps.blobs.put(key, createReadStream(file.path), { contentType: 'video/mp4' });
    replaced = await swapInto(deps, ownerId, id, key);
  } catch (error) {
    await deps.blobs.delete(key).catch(() => undefined);
    throw error;
  }
  if (replaced) await deps.blobs.delete(replaced);
  const stored = await findGalleryWiggle(deps.db, ownerId, id);
  if (!stored) throw new NotFound(WIGGLE_NOT_FOUND);
  return toGalleryWiggle(stored);
}

/** Puts `key` into the row whatever video it held a moment ago; resolves to the key it replaced. */
async function swapInto(deps: GalleryDeps, ownerId: number, id: number, key: string): Promise<string | null> {
  for (;;) {
    const current = await ownActiveWiggle(deps.db, ownerId, id);
    if ((await swapGalleryWiggleVideo(deps.db, ownerId, id, current.video_key, key)) === 1) {
      return current.video_key;
    }
  }
}
