import type { RawImage } from './image';
import sharp from './sharp';

/**
 * `image` resized by libvips (lanczos3) to `width` × `height` (`fill`: exactly that size; `inside`: the aspect ratio
 * kept, within it), or `image` itself when it has that size already. libvips keeps pixel centres where it reduces,
 * not where it enlarges (see atLeftResolution).
 */
export async function resizeRaw(
  image: RawImage,
  width: number,
  height: number,
  fit: 'fill' | 'inside' = 'fill',
): Promise<RawImage> {
  if (image.width === width && image.height === height) return image;
  const { data, info } = await sharp(image.data, {
    raw: { width: image.width, height: image.height, channels: image.channels },
  })
    .resize({ width, height, fit, kernel: 'lanczos3' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels as RawImage['channels'] };
}
