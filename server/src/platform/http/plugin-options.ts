import type { Platform } from '../platform';

/** What app.ts hands every feature's route plugin. */
export interface FeaturePluginOptions {
  platform: Platform;
}

/** For a feature whose dependencies are built once at start-up (app.ts wires features that serve each other). */
export interface FeaturePluginOptionsWith<Deps> extends FeaturePluginOptions {
  deps: Deps;
}
