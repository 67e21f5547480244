import { seeded } from '../seeded-random';
import { type LayeredScene, noiseTexture, type SceneLayer } from './synthetic-scene';

/**
 * Harder layered scenes (render with renderView): repetitive foreground structures whose parallax exceeds half
 * their spacing, thin structures in front of textured backgrounds and a receding tiled floor. Sizes are fractions
 * of the width so a scene looks the same at any resolution; disparities are multiples of 4 px (exact in-betweens).
 */
export type RepetitiveKind =
  | 'fence'
  | 'painted-fence'
  | 'railing'
  | 'window-grid'
  | 'tiled-floor'
  | 'thin-poles';

export const REPETITIVE_KINDS: readonly RepetitiveKind[] = [
  'fence',
  'painted-fence',
  'railing',
  'window-grid',
  'tiled-floor',
  'thin-poles',
];

/** Untuned variants: the structure's spacing and its parallax scaled from the tuned scene's. */
export interface RepetitiveVariant {
  spacing?: number;
  parallax?: number;
}

export function makeRepetitiveScene(
  kind: RepetitiveKind,
  width: number,
  height: number,
  seed = 1,
  variant: RepetitiveVariant = {},
): LayeredScene {
  const random = seeded(seed);
  const side = Math.max(width, height);
  const spacingScale = variant.spacing ?? 1;
  const parallaxScale = variant.parallax ?? 1;
  const px = (fraction: number) => Math.max(1, Math.round(fraction * width));
  /** A spacing of the structure (scaled by the variant). */
  const space = (fraction: number) => px(fraction * spacingScale);
  /** A disparity, a multiple of 4 px (scaled by the variant). */
  const mult4 = (fraction: number) => Math.max(4, Math.round((fraction * parallaxScale * width) / 4) * 4);
  const background = (disparity: number): SceneLayer => {
    const margin = Math.abs(disparity) + 2;
    return {
      x: -margin,
      y: 0,
      width: width + 2 * margin,
      height,
      ellipse: false,
      disparity,
      texture: noiseTexture(width + 2 * margin, height, random, side),
      tint: [0.9, 0.85, 0.75],
    };
  };
  const plane = (
    x: number,
    y: number,
    w: number,
    h: number,
    disparity: number,
    flat = false,
  ): SceneLayer => ({
    x,
    y,
    width: w,
    height: h,
    ellipse: false,
    disparity,
    texture: flat ? new Float32Array(w * h).fill(0.8) : noiseTexture(w, h, random, side),
    tint: flat ? [0.95, 0.95, 0.9] : [0.5 + 0.4 * random(), 0.4 + 0.4 * random(), 0.3 + 0.4 * random()],
  });
  const layers: SceneLayer[] = [];
  switch (kind) {
    case 'fence':
    case 'painted-fence': {
      // Vertical boards 1/4 of the spacing wide; parallax 0.8 × the spacing (well over half of it).
      layers.push(background(0));
      const spacing = space(0.025);
      const d = mult4(0.02);
      for (let x = -d; x < width + d; x += spacing) {
        layers.push(plane(x, 0, Math.max(2, Math.round(spacing / 4)), height, d, kind === 'painted-fence'));
      }
      break;
    }
    case 'railing': {
      // Balusters over the lower 60 % under a top rail, parallax 0.75 × the spacing.
      layers.push(background(4));
      const spacing = space(0.033);
      const d = mult4(0.025);
      const top = Math.round(height * 0.4);
      for (let x = -d; x < width + d; x += spacing) {
        layers.push(plane(x, top, Math.max(2, Math.round(spacing / 5)), height - top, d));
      }
      layers.push(plane(-d, top - px(0.012), width + 2 * d, px(0.012), d));
      break;
    }
    case 'window-grid': {
      // A facade behind a grid of mullions (horizontal and vertical bars), parallax 0.6 × the spacing.
      layers.push(background(8));
      const spacing = space(0.035);
      const d = mult4(0.021);
      const bar = Math.max(2, Math.round(spacing / 6));
      for (let x = -d; x < width + d; x += spacing) layers.push(plane(x, 0, bar, height, d));
      for (let y = 0; y < height; y += spacing) layers.push(plane(-d, y, width + 2 * d, bar, d));
      break;
    }
    case 'tiled-floor': {
      // A wall at small disparity above a floor of square tiles whose disparity grows towards the bottom.
      layers.push(background(4));
      const top = Math.round(height * 0.45);
      const h = height - top;
      const d0 = 4;
      const slope = (mult4(0.04) - d0) / h;
      const margin = mult4(0.04) + 4;
      const w = width + 2 * margin;
      const tile = space(0.03);
      const texture = noiseTexture(w, h, random, side);
      for (let y = 0; y < h; y++) {
        for (let x = 0; x < w; x++) {
          const grout = x % tile < 2 || y % tile < 2;
          texture[y * w + x] = grout ? 0.15 : 0.55 + 0.35 * texture[y * w + x]!;
        }
      }
      layers.push({
        x: -margin,
        y: top,
        width: w,
        height: h,
        ellipse: false,
        disparity: d0,
        slope,
        texture,
        tint: [0.85, 0.8, 0.7],
      });
      break;
    }
    case 'thin-poles': {
      // Poles two to five pixels wide (at 1920) at several depths in front of a textured background.
      layers.push(background(0));
      for (let k = 0; k < 14; k++) {
        const d = mult4(0.006 + 0.02 * random());
        layers.push(
          plane(Math.round(random() * width), 0, Math.max(2, px(0.001 + 0.0015 * random())), height, d),
        );
      }
      break;
    }
  }
  return { width, height, layers };
}
