import { EngineInputError, type RawImage } from '../image';
import sharp from '../sharp';
import { toEngineInputError } from './sharp-errors';
import { sniffImageType } from './sniff';

/**
 * Decodes an upload (any sniffed type; an MPO gives its first picture) to RGB pixels with EXIF orientation
 * applied and alpha flattened on white. sharp's pixel limit stays on, so bombs are refused before allocation.
 * `maxSide` shrinks on load when a caller does not need every pixel.
 */
export async function decodeToRaw(bytes: Uint8Array, maxSide?: number): Promise<RawImage> {
  sniffImageType(bytes);
  try {
    let pipeline = sharp(bytes, { failOn: 'truncated', autoOrient: true });
    if (maxSide)
      pipeline = pipeline.resize({
        width: maxSide,
        height: maxSide,
        fit: 'inside',
        withoutEnlargement: true,
      });
    const { data, info } = await pipeline
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
    if (info.channels !== 3)
      throw new EngineInputError('The image has an unsupported colour layout.', 'unsupported');
    return { data, width: info.width, height: info.height, channels: 3 };
  } catch (error) {
    throw toEngineInputError(error);
  }
}
