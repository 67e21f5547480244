/**
 * Real rectified stereo pairs shipped by Debian packages (read where the package installed them; nothing is
 * copied into the repository): Middlebury "aloe" from opencv-doc, Middlebury 2014 "motorcycle" from
 * python3-skimage, and the MPI Sintel frame "ambush_5" from opencv-doc's HTML documentation (a rendered film frame:
 * 1024×436 JPEG, rectified, with motion blur, defocus and a disparity range wider than the other two; added after
 * the engine was tuned). A missing package gives a note instead of a pair.
 */
import { existsSync } from 'node:fs';
import type { RawImage } from '@wiggle/engine/image';
import sharp from 'sharp';

export interface RealPair {
  name: string;
  left: RawImage;
  right: RawImage;
}

const SOURCES = [
  {
    name: 'aloe (opencv-doc)',
    package: 'opencv-doc',
    left: '/usr/share/doc/opencv-doc/examples/data/aloeL.jpg',
    right: '/usr/share/doc/opencv-doc/examples/data/aloeR.jpg',
  },
  {
    name: 'motorcycle (python3-skimage)',
    package: 'python3-skimage',
    left: '/usr/lib/python3/dist-packages/skimage/data/motorcycle_left.png',
    right: '/usr/lib/python3/dist-packages/skimage/data/motorcycle_right.png',
  },
  {
    name: 'Sintel ambush_5 (opencv-doc)',
    package: 'opencv-doc',
    left: '/usr/share/doc/opencv-doc/opencv4/html/ambush_5_left.jpg',
    right: '/usr/share/doc/opencv-doc/opencv4/html/ambush_5_right.jpg',
  },
];

/** Any image file as 8-bit RGB raw pixels. */
export async function readRgb(path: string): Promise<RawImage> {
  const { data, info } = await sharp(path).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: 3 };
}

export async function loadRealPairs(note: (text: string) => void): Promise<RealPair[]> {
  const pairs: RealPair[] = [];
  for (const source of SOURCES) {
    if (!existsSync(source.left) || !existsSync(source.right)) {
      note(`skipped ${source.name}: package ${source.package} is not installed`);
      continue;
    }
    pairs.push({ name: source.name, left: await readRgb(source.left), right: await readRgb(source.right) });
  }
  return pairs;
}
