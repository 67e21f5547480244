import type { LayeredScene, SceneLayer } from '../cv/synthetic-scene';

/** A scene's look: what restyle changes. */
export interface Look {
  /** RGB tint of the structures (every layer but the background); unchanged when absent. */
  structure?: [number, number, number];
  background?: [number, number, number];
  /** Texture values scaled about 0.55 by this (0.35 = low contrast; > 1 clamps to [0.02, 1]). */
  contrast?: number;
}

/** The scene with its tints and texture contrast changed (new textures; the geometry stays). */
export function restyle(scene: LayeredScene, look: Look): LayeredScene {
  const layers = scene.layers.map((layer, k): SceneLayer => {
    const tint = (k === 0 ? look.background : look.structure) ?? layer.tint;
    const c = look.contrast ?? 1;
    const texture =
      c === 1 ? layer.texture : layer.texture.map((v) => Math.min(1, Math.max(0.02, 0.55 + c * (v - 0.55))));
    return { ...layer, tint, texture };
  });
  return { ...scene, layers };
}
