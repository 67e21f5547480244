import { type GrayImage, reducedGray, reducedRgb } from '../cv/gray';
import { type LayeredScene, renderView } from '../cv/synthetic-scene';
import type { AliasInput } from '../interpolate/ambiguous-repeats';
import { censusCodes } from '../interpolate/census-sgm';

/**
 * The exact disparity maps of a layered scene (DisparityMaps' convention: left x − d in the right view, right x + d
 * in the left) on a `width` × `height` grid, the scene being `scale` times larger (each grid pixel reads the middle
 * of its block), with every layer but the first (the structure in front of the background) optionally at another
 * disparity `structure` (grid px).
 */
export function exactMaps(
  scene: LayeredScene,
  width: number,
  height: number,
  structure?: number,
  scale = 1,
): { left: Float32Array; right: Float32Array } {
  const map = (c: number) => {
    const out = new Float32Array(width * height);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        for (let k = scene.layers.length - 1; k >= 0; k--) {
          const layer = scene.layers[k]!;
          const lx = x * scale + (scale - 1) / 2 + c * layer.disparity - layer.x;
          const ly = y * scale + (scale - 1) / 2 - layer.y;
          if (lx < 0 || lx > layer.width - 1 || ly < 0 || ly > layer.height - 1) continue;
          out[y * width + x] = k > 0 && structure !== undefined ? structure : layer.disparity / scale;
          break;
        }
      }
    }
    return out;
  };
  return { left: map(0), right: map(1) };
}

/** Share of the map's pixels where `want` holds, over those whose truth satisfies `where`. */
export function shareWhere(
  map: Float32Array,
  truth: Float32Array,
  where: (t: number) => boolean,
  want: (v: number) => boolean,
): number {
  let total = 0;
  let hits = 0;
  for (let i = 0; i < map.length; i++) {
    if (!where(truth[i]!)) continue;
    total++;
    if (want(map[i]!)) hits++;
  }
  return hits / total;
}

/** The left and right views of a scene as grey copies `side` px wide (the matcher's input). */
export function greyViews(scene: LayeredScene, side: number): Promise<GrayImage[]> {
  return Promise.all([0, 1].map((c) => reducedGray(renderView(scene, c), side)));
}

/**
 * The left and right views of a scene as the alias tests read them on a grid `side` px wide (see AliasInput): grey
 * copies (the matcher's input), their census codes, and RGB copies on the same grid.
 */
export async function aliasViews(
  scene: LayeredScene,
  side: number,
): Promise<Omit<AliasInput, 'maps' | 'range'>> {
  const views = [renderView(scene, 0), renderView(scene, 1)] as const;
  const [left, right] = await Promise.all(views.map((view) => reducedGray(view, side)));
  const [colourL, colourR] = await Promise.all(views.map((view) => reducedRgb(view, left!)));
  return {
    left: left!,
    right: right!,
    codes: censusCodes(left!, right!),
    colour: { left: colourL!, right: colourR! },
  };
}
