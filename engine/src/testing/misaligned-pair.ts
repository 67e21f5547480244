import { type AlignOptions, type AlignResult, alignPair } from '../align/align-pair';
import { type LayeredScene, misalignView, renderView } from '../cv/synthetic-scene';
import type { SimilarityTransform } from '../image';

/** alignPair on a scene's left view and its right view misaligned by `truth` (what the result should undo). */
export function alignMisaligned(
  scene: LayeredScene,
  truth: SimilarityTransform,
  options?: AlignOptions,
): Promise<AlignResult> {
  return alignPair(renderView(scene, 0), misalignView(renderView(scene, 1), truth), options);
}
