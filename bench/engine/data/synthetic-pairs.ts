/**
 * Synthetic stereo pairs with a known misalignment: a layered scene (planes at several depths → horizontal
 * parallax) rendered from a left and a right camera, then the right view warped by the inverse of a known
 * right-onto-left similarity (what a tilted, zoomed, raised second shot would record).
 */
import { makeLayeredScene, misalignView, renderView } from '@wiggle/engine/cv/synthetic-scene';
import { seeded } from '@wiggle/engine/seeded-random';
import type { RawImage, SimilarityTransform } from '@wiggle/engine/image';

export interface KnownPair {
  name: string;
  left: RawImage;
  right: RawImage;
  truth: SimilarityTransform;
}

/** Rotation within ±3°, scale within ±3 %, vertical offset within ±40 px. */
export function randomTransform(seed: number): SimilarityTransform {
  const random = seeded(seed);
  return {
    rotationDeg: (random() * 2 - 1) * 3,
    scale: 1 + (random() * 2 - 1) * 0.03,
    dx: 0,
    dy: (random() * 2 - 1) * 40,
  };
}

export function syntheticPair(width: number, height: number, seed: number, truth?: SimilarityTransform): KnownPair {
  const scene = makeLayeredScene({ width, height, seed, objects: 7, maxDisparity: Math.round(width * 0.03) });
  const transform = truth ?? randomTransform(seed * 7919);
  return {
    name: `synthetic ${width}x${height} #${seed}`,
    left: renderView(scene, 0),
    right: misalignView(renderView(scene, 1), transform),
    truth: transform,
  };
}

/** A known pair made from a real (rectified) one by misaligning its right view. */
export function perturbedPair(name: string, left: RawImage, right: RawImage, truth: SimilarityTransform): KnownPair {
  return { name, left, right: misalignView(right, truth), truth };
}

/**
 * The transform expected after misaligning an already-aligned-by-`base` real pair by `perturbation`:
 * right_obs(q) = right(P(q)), and `base` maps right onto left, so right_obs maps onto left by base ∘ P.
 * Real "rectified" pairs are not perfectly rectified, which is why the truth includes `base`.
 */
export function compose(base: SimilarityTransform, perturbation: SimilarityTransform): SimilarityTransform {
  const th = (base.rotationDeg * Math.PI) / 180;
  const a = base.scale * Math.cos(th);
  const b = base.scale * Math.sin(th);
  return {
    rotationDeg: base.rotationDeg + perturbation.rotationDeg,
    scale: base.scale * perturbation.scale,
    dx: a * perturbation.dx - b * perturbation.dy + base.dx,
    dy: b * perturbation.dx + a * perturbation.dy + base.dy,
  };
}
