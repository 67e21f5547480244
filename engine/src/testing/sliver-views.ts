import type { RawImage } from '../image';

/** Sizes of views a pixel high or wide (hostile input the detectors cannot take as it is). */
export const SLIVER_SIZES = [
  [1, 1],
  [8, 1],
  [1, 5],
] as const;

/** Two different patterned RGB views of `width` × `height`. */
export function sliverPair(width: number, height: number): [RawImage, RawImage] {
  const view = (offset: number): RawImage => ({
    data: Uint8Array.from({ length: width * height * 3 }, (_, i) => (i * 37 + offset) & 255),
    width,
    height,
    channels: 3,
  });
  return [view(0), view(5)];
}
