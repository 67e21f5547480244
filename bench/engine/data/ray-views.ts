import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RawImage } from '@wiggle/engine/image';
import { makeRayScene, type RayKind, type RayVariant } from './ray-scenes';
import { missingPhotos } from './ray-textures';
import { renderRayView } from './ray-trace';

/** Bump when a change to the tracer, the textures or the scenes changes what a view looks like. */
const RENDER_VERSION = 3;
const CACHE = join(tmpdir(), 'wiggle-ray-views');

/**
 * The views of a ray-traced scene from camera positions `positions` (0 = left, 1 = right), cached as raw pixels in
 * the system's temporary folder: a 1920 px view takes seconds to trace, and the benches run the same scenes again
 * and again while the engine changes.
 */
export async function rayViews(
  kind: RayKind,
  width: number,
  height: number,
  variant: RayVariant,
  positions: readonly number[],
  note?: (text: string) => void,
): Promise<RawImage[]> {
  mkdirSync(CACHE, { recursive: true });
  let scene: Awaited<ReturnType<typeof makeRayScene>> | undefined;
  const views: RawImage[] = [];
  // A view traced while a photo's package was missing shows value noise in its place: not the same view.
  const missing = missingPhotos();
  for (const c of positions) {
    const key = createHash('sha256')
      .update(JSON.stringify({ RENDER_VERSION, kind, width, height, variant, c, missing }))
      .digest('hex')
      .slice(0, 24);
    const path = join(CACHE, `${key}.rgb`);
    if (existsSync(path)) {
      views.push({ data: new Uint8Array(readFileSync(path)), width, height, channels: 3 });
      continue;
    }
    scene ??= await makeRayScene(kind, width, height, variant, note);
    const view = renderRayView(scene, c);
    writeFileSync(`${path}.partial`, view.data);
    renameSync(`${path}.partial`, path);
    views.push(view);
  }
  return views;
}
