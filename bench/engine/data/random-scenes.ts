import { makeRepetitiveScene, REPETITIVE_KINDS } from '@wiggle/engine/cv/repetitive-scenes';
import { seeded } from '@wiggle/engine/seeded-random';
import { restyle } from '@wiggle/engine/testing/restyle';
import type { HeldOutScene } from './held-out-scenes';

/**
 * RANDOM scenes of the interpolation bench: repetitive scenes drawn at random (kind, spacing ×0.6–1.8, parallax
 * ×0.7–1.5, texture contrast, tints) from a fixed seed, so the run is repeatable; a change can be checked on a family
 * of variants no one has looked at by drawing with another seed (`--random-seed N`). Never tune on them.
 */
export function randomScenes(seed: number, count: number): HeldOutScene[] {
  const random = seeded(seed);
  const tint = (lo: number): [number, number, number] => [
    lo + (1 - lo) * random(),
    lo + (1 - lo) * random(),
    lo + (1 - lo) * random(),
  ];
  return Array.from({ length: count }, (_, n) => {
    const kind = REPETITIVE_KINDS[Math.floor(random() * REPETITIVE_KINDS.length)]!;
    const spacing = Number((0.6 + 1.2 * random()).toFixed(2));
    const parallax = Number((0.7 + 0.8 * random()).toFixed(2));
    const contrast = [0.35, 1, 1, 1.6][Math.floor(random() * 4)]!;
    const look = { structure: tint(0.2), background: tint(0.5), contrast };
    return {
      name: `${kind} (spacing ×${spacing}, parallax ×${parallax}, contrast ×${contrast})`,
      build: (width: number, height: number) =>
        restyle(makeRepetitiveScene(kind, width, height, seed + n, { spacing, parallax }), look),
    };
  });
}
