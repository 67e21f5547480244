import {
  DEFAULT_UPLOAD_RESOLUTION_LIMIT,
  ORIGINAL_THUMBNAIL,
  UPLOAD_PREVIEW_LIMIT,
} from '@wiggle/common/constants';
import type { Sharp } from 'sharp';
import { EngineInputError } from '../image';
import sharp from '../sharp';
import { readExifCamera } from './exif-camera';
import { toEngineInputError } from './sharp-errors';
import { type ImageType, sniffImageType } from './sniff';

export type EncodedFormat = 'jpeg' | 'png' | 'webp';

/** An encoded picture ready to store: bytes plus what a reader needs to know without decoding it. */
export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
  format: EncodedFormat;
}

export interface IngestMeta {
  /** The real type found in the bytes. */
  type: ImageType;
  /** Size as uploaded, after EXIF orientation and before any downscale. */
  width: number;
  height: number;
  /** EXIF orientation found in the upload (1 when none); it is applied to every output. */
  orientation: number;
  make?: string;
  model?: string;
  downscaled: boolean;
  /** False only when `o` is the uploaded file byte for byte. */
  reencoded: boolean;
}

export interface IngestResult {
  o: EncodedImage;
  p: EncodedImage;
  t: EncodedImage;
  meta: IngestMeta;
}

export interface IngestOptions {
  /** Long-side limit of `o` in px (SPEC upload resolution restriction). */
  resolutionLimit?: number;
  /** Re-encode `o` as JPEG even when the upload could be kept as is (SPEC "force re-encode on upload"). */
  reencode?: boolean;
  /**
   * Keep the upload's EXIF (camera, date, GPS) and ICC profile in a re-encoded JPEG `o`, for the member's private
   * original. Off by default; `p` and `t` never carry metadata, since they are what public pages show.
   */
  keepMetadata?: boolean;
}

const O_JPEG = { quality: 90, mozjpeg: false } as const;
const PREVIEW_JPEG = { quality: 82, mozjpeg: false } as const;

/** Formats a browser shows and that we may store untouched when the member turned re-encoding off. */
const KEEPABLE: Partial<Record<ImageType, EncodedFormat>> = { jpeg: 'jpeg', png: 'png', webp: 'webp' };

/**
 * Turns an upload into the stored variants `o` (original, long side <= limit), `p` (preview, 720) and `t`
 * (thumbnail 180x126, cover). The upload is decoded once: `p` is made from the reduced `o` and `t` from `p`'s
 * pixels, never from the original again.
 * Outputs carry no metadata (GPS and camera data stay private) but have the EXIF orientation applied.
 */
export async function ingestImage(bytes: Uint8Array, options: IngestOptions = {}): Promise<IngestResult> {
  const limit = options.resolutionLimit ?? DEFAULT_UPLOAD_RESOLUTION_LIMIT;
  const reencode = options.reencode ?? true;
  const type = sniffImageType(bytes);
  try {
    // failOn 'truncated' refuses cut-off files but tolerates the harmless warnings many cameras trigger.
    const input = sharp(bytes, { failOn: 'truncated', autoOrient: true });
    const header = await input.metadata();
    const orientation = header.orientation ?? 1;
    const width = header.autoOrient?.width ?? header.width;
    const height = header.autoOrient?.height ?? header.height;
    if (!width || !height) throw new EngineInputError('The image has no size.', 'corrupt');
    const downscaled = Math.max(width, height) > limit;
    const meta: IngestMeta = {
      type,
      width,
      height,
      orientation,
      ...readExifCamera(header.exif),
      downscaled,
      reencoded: true,
    };

    const keepFormat = KEEPABLE[type];
    if (!reencode && keepFormat && !downscaled && orientation === 1) {
      const { p, t } = await previewAndThumbnail(input.clone());
      const o: EncodedImage = { data: Buffer.from(bytes), width, height, format: keepFormat };
      return { o, p, t, meta: { ...meta, reencoded: false } };
    }

    const oFormat: EncodedFormat = reencode ? 'jpeg' : (keepFormat ?? 'jpeg');
    // Resized only when over the limit: libvips refuses a target side beyond 10^8 px, which a limit may name.
    let pipeline = downscaled ? input.resize({ width: limit, height: limit, fit: 'inside' }) : input;
    if (oFormat === 'jpeg') pipeline = pipeline.flatten({ background: '#ffffff' });
    if (oFormat === 'jpeg') {
      // o streams from the upload in strips; p is then read back from o's JPEG with shrink-on-load (1/4 or
      // 1/8 scale, a few ms). Holding o as raw pixels instead cost ~55 MB more peak memory for a 24 MP upload
      // and saved only ~7 % CPU (bench/engine/ingest.ts).
      const encodedO = await encode(options.keepMetadata ? pipeline.keepMetadata() : pipeline, 'jpeg');
      const rest = await previewAndThumbnail(sharp(encodedO.data));
      return { o: { ...encodedO, format: 'jpeg' }, ...rest, meta };
    }
    // PNG/WebP kept lossless: reduce once to raw pixels and make o, p and t from them.
    const { data, info } = await pipeline.raw().toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
    const [o, rest] = await Promise.all([
      encode(sharp(data, raw), oFormat).then((d) => ({ ...d, format: oFormat })),
      previewAndThumbnail(sharp(data, raw)),
    ]);
    return { o, ...rest, meta };
  } catch (error) {
    throw toEngineInputError(error);
  }
}

async function encode(image: Sharp, format: EncodedFormat) {
  const out =
    format === 'jpeg'
      ? image.jpeg(O_JPEG)
      : format === 'png'
        ? image.png({ compressionLevel: 6 })
        : image.webp({ lossless: true, effort: 2 });
  const { data, info } = await out.toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** `p` from the given (decoded or reduced) image, then `t` from `p`'s pixels rather than the larger source. */
async function previewAndThumbnail(source: Sharp): Promise<{ p: EncodedImage; t: EncodedImage }> {
  const { data, info } = await source
    .resize({
      width: UPLOAD_PREVIEW_LIMIT,
      height: UPLOAD_PREVIEW_LIMIT,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .flatten({ background: '#ffffff' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const [p, t] = await Promise.all([
    sharp(data, raw).jpeg(PREVIEW_JPEG).toBuffer(),
    sharp(data, raw)
      .resize({ ...ORIGINAL_THUMBNAIL, fit: 'cover' })
      .jpeg(PREVIEW_JPEG)
      .toBuffer({ resolveWithObject: true }),
  ]);
  return {
    p: { data: p, width: info.width, height: info.height, format: 'jpeg' },
    t: { data: t.data, width: t.info.width, height: t.info.height, format: 'jpeg' },
  };
}
