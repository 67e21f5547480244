import { makeLayeredScene, renderView, type SceneOptions } from '../cv/synthetic-scene';
import type { RawImage } from '../image';

/** The views of a layered scene seen from camera positions `cameras` (0 = left, 1 = right). */
export function layeredViews(options: SceneOptions, cameras: readonly number[] = [0, 1]): RawImage[] {
  const scene = makeLayeredScene(options);
  return cameras.map((c) => renderView(scene, c));
}
