import { createHash } from 'node:crypto';
import { encodeAnimatedWebp } from '@wiggle/engine/encode/animated';
import { decodeToRaw } from '@wiggle/engine/ingest/decode-raw';
import { encodeWebpFrame } from '@wiggle/engine/render/render-frames';
import { drawWatermark } from '@wiggle/engine/render/watermark';
import type { BlobStore } from '../../platform/blobs/blob-store';
import { type GalleryFrameName, galleryFrameKey } from './frame-keys';

/**
 * A stored frame with `text` drawn on it by the engine (its watermark and its WebP encoding), kept as a blob beside
 * the frame under the text's hash: each watermark is drawn once per frame, then served like any other frame.
 * sharp does the pixel work on libuv's thread pool, off the event loop.
 */
export async function watermarkedFrameKey(
  blobs: BlobStore,
  prefix: string,
  name: GalleryFrameName,
  text: string,
): Promise<string> {
  const tag = createHash('sha256').update(text).digest('hex').slice(0, 16);
  const key = `${prefix}/wm-${tag}/${name}.webp`;
  if (await blobs.stat(key)) return key;
  const source = await blobs.getBuffer(galleryFrameKey(prefix, name));
  const marked = await drawWatermark(await decodeToRaw(source), text);
  // The `f` encoding keeps the frame's own size (a thumbnail stays a thumbnail).
  const { f } = await encodeWebpFrame(marked);
  await blobs.put(key, f, { contentType: 'image/webp' });
  return key;
}

/** Long side of the animated preview that link previews (Open Graph, Twitter) show. */
const PREVIEW_MAX_SIDE = 640;

/**
 * The wiggle as one animated WebP (all its frames, ping-pong), encoded by the engine from the stored frames at
 * preview size, watermarked when `text` is set; made once and kept beside the frames.
 */
export async function animatedPreviewKey(
  blobs: BlobStore,
  prefix: string,
  names: readonly GalleryFrameName[],
  text: string,
): Promise<string> {
  const tag = text ? `wm-${createHash('sha256').update(text).digest('hex').slice(0, 16)}/` : '';
  const key = `${prefix}/${tag}animated.webp`;
  if (await blobs.stat(key)) return key;
  const frames = await Promise.all(
    names.map(async (name) => {
      const raw = await decodeToRaw(await blobs.getBuffer(galleryFrameKey(prefix, name)), PREVIEW_MAX_SIDE);
      return text ? drawWatermark(raw, text) : raw;
    }),
  );
  await blobs.put(key, await encodeAnimatedWebp(frames, { pingPong: true }), { contentType: 'image/webp' });
  return key;
}
