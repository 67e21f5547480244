import type { RepetitiveKind, RepetitiveVariant } from '@wiggle/engine/cv/repetitive-scenes';

/**
 * Repetitive scenes with spacings and parallaxes the engine was not tuned on (the tuned ones are the defaults of
 * makeRepetitiveScene). Each keeps the parallax above half the structure's spacing.
 */
export const UNTUNED_VARIANTS: { kind: RepetitiveKind; variant: RepetitiveVariant }[] = [
  { kind: 'fence', variant: { spacing: 1.4, parallax: 1.2 } },
  { kind: 'painted-fence', variant: { spacing: 0.8, parallax: 0.9 } },
  { kind: 'railing', variant: { spacing: 1.2, parallax: 1 } },
  { kind: 'window-grid', variant: { spacing: 0.8, parallax: 1.3 } },
  { kind: 'tiled-floor', variant: { spacing: 1.5, parallax: 1.2 } },
  { kind: 'thin-poles', variant: { parallax: 1.5 } },
];

/**
 * Painted fences whose parallax is 0.88-1.12 times their spacing (variants whose parallax scale is 1.1-1.4 times
 * their spacing scale): the boards match as well one spacing back, a grid pixel or so from the wall behind, where
 * the matcher's smoothness term takes them (see flat-behind.ts in the engine, tuned on these; boards tinted blue).
 * Where the parallax is within a third of a grid pixel of a whole number of spacings, the views are alike under
 * both readings and nothing can tell them apart. Nor can anything where the alias lies in front of the wall: the
 * boards are flat, and a board moved by its disparity or by that minus a spacing hides the same strip of the wall in
 * the other view, so only the frame's side edges differ. That is so at 1920 px for ×0.6/×0.84 (boards 29 px apart
 * moved 32: alias 3 px in front) and ×1/×1.4 (48 apart, moved 52: alias 4 px in front), the two lowest gains; the
 * frames then mostly show the alias, about where a cross-fade puts the boards. The other four have their alias
 * 3-6 px behind the wall, which the boards' own edges rule out.
 */
export const NEAR_ALIAS_VARIANTS: { spacing: number; parallax: number; seed: number }[] = [
  { spacing: 0.65, parallax: 0.75, seed: 501 },
  { spacing: 0.6, parallax: 0.84, seed: 601 },
  { spacing: 0.8, parallax: 0.88, seed: 601 },
  { spacing: 1, parallax: 1.1, seed: 601 },
  { spacing: 1, parallax: 1.4, seed: 601 },
  { spacing: 1.2, parallax: 1.32, seed: 601 },
];
