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
