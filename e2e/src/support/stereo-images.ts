import { makeLayeredScene, misalignView, renderView } from '@wiggle/engine/cv/synthetic-scene';
import type { RawImage } from '@wiggle/engine/image';
import { buildMpo } from '@wiggle/engine/testing/make-mpo';
import sharp from 'sharp';

const jpeg = (image: RawImage, quality = 90) =>
  sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
    .jpeg({ quality })
    .toBuffer();

/**
 * A textured stereo pair as a camera would give it: textured planes at several depths seen from two positions,
 * the right view slightly rotated and shifted vertically, so auto-align has real work to do.
 */
export async function stereoPairJpegs(
  width = 960,
  height = 640,
  seed = 7,
): Promise<{ left: Buffer; right: Buffer }> {
  const scene = makeLayeredScene({ width, height, seed, objects: 6, maxDisparity: 24 });
  const left = renderView(scene, 0);
  const right = misalignView(renderView(scene, 1), { rotationDeg: 0.8, scale: 1, dx: 0, dy: 6 });
  return { left: await jpeg(left), right: await jpeg(right) };
}

/** An MPO (multi-picture JPEG) holding a stereo pair, as 3D cameras write it. */
export async function stereoMpo(width = 640, height = 480): Promise<Buffer> {
  const { left, right } = await stereoPairJpegs(width, height, 21);
  return buildMpo([left, right]);
}

/** A text file that only pretends to be a JPEG by its name. */
export const textFileNamedJpg = () =>
  Buffer.from('This is not an image, only text with a .jpg name.\n'.repeat(20));
