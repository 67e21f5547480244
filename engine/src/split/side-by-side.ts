import type { RawImage } from '../image';
import { EngineInputError } from '../image';
import { decodeToRaw } from '../ingest/decode-raw';

export type SideBySideOrder = 'parallel' | 'cross';

export interface StereoRaw {
  left: RawImage;
  right: RawImage;
}

function crop(image: RawImage, x0: number, width: number): RawImage {
  const { height, channels } = image;
  const data = new Uint8Array(width * height * channels);
  const rowBytes = width * channels;
  for (let y = 0; y < height; y++) {
    const from = (y * image.width + x0) * channels;
    data.set(image.data.subarray(from, from + rowBytes), y * rowBytes);
  }
  return { data, width, height, channels };
}

/**
 * Cuts a side-by-side stereo image into its two views. Parallel order has the left eye's view on the left;
 * cross-eyed order has it on the right. With an odd width the middle column belongs to neither half, so both
 * views keep the same size.
 */
export async function splitSideBySide(
  input: RawImage | Uint8Array,
  options: { order?: SideBySideOrder } = {},
): Promise<StereoRaw> {
  const image = input instanceof Uint8Array ? await decodeToRaw(input) : input;
  const half = Math.floor(image.width / 2);
  if (half < 1)
    throw new EngineInputError('The image is too narrow to be a side-by-side pair.', 'not_stereo');
  const first = crop(image, 0, half);
  const second = crop(image, image.width - half, half);
  return options.order === 'cross' ? { left: second, right: first } : { left: first, right: second };
}
