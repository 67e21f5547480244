import { describe, expect, it } from 'vitest';
import { makeRepetitiveScene } from '../cv/repetitive-scenes';
import { type LayeredScene, renderView } from '../cv/synthetic-scene';
import { seeded } from '../seeded-random';
import { aliasViews, exactMaps, shareWhere } from '../testing/scene-maps';
import { censusSgm } from './census-sgm';
import { settleFlatParts } from './flat-parts';
import { interpolatePair } from './interpolate-views';
import { crossFade, psnr } from './quality';

/** Grid the scenes (1920 × 1272) are matched on, as interpolatePair does. */
const WIDTH = 640;
const HEIGHT = 424;
const SCALE = 3;
const RANGE = { min: -20, max: 29 };

/**
 * The bench's painted fence: flat boards 12 px wide every 48 px, 40 px in front of a textured wall (13.3 and 16 grid
 * px): they match as well at 29.3 grid px, and at −2.7 behind the wall.
 */
function paintedFence(): LayeredScene {
  return makeRepetitiveScene('painted-fence', SCALE * WIDTH, SCALE * HEIGHT, 1);
}

/** The grey views of a scene on the grid, and what settleFlatParts makes of `maps` of them (both views). */
async function settled(scene: LayeredScene, maps?: { left: Float32Array; right: Float32Array }) {
  const views = await aliasViews(scene, WIDTH);
  // The matcher's own maps unless given.
  const read = maps ?? censusSgm(views.left, views.right, RANGE, views.codes);
  const input = { ...views, maps: read, range: RANGE };
  const out = {
    primary: { left: new Float32Array(read.left), right: new Float32Array(read.right) },
    alias: { left: new Float32Array(read.left), right: new Float32Array(read.right) },
  };
  const count =
    settleFlatParts(input, 'left', out.primary.left, out.alias.left) +
    settleFlatParts(input, 'right', out.primary.right, out.alias.right);
  return { ...out, read, count };
}

describe('flat parts of a repeated structure', () => {
  it('reads the boards of a painted fence as wholes where the matcher read them in pieces: nearest in front, then the next', async () => {
    const scene = paintedFence();
    const boards = scene.layers.slice(1);
    const d = boards[0]!.disparity / SCALE;
    const spacing = (boards[1]!.x - boards[0]!.x) / SCALE;
    expect([d * SCALE, spacing * SCALE]).toEqual([40, 48]);
    const truth = exactMaps(scene, WIDTH, HEIGHT, undefined, SCALE);
    const { read, primary, alias } = await settled(scene);
    for (const side of ['left', 'right'] as const) {
      const at = (map: Float32Array, reading: number, where: (t: number) => boolean) =>
        shareWhere(map, truth[side], where, (v) => Math.abs(v - reading) < 0.5);
      const board = (t: number) => t > 0;
      const wall = (t: number) => t === 0;
      // The matcher: under half of the boards at their reading, hardly any one spacing nearer.
      expect(at(read[side], d, board), side).toBeLessThan(0.45);
      expect(at(read[side], d + spacing, board), side).toBeLessThan(0.1);
      expect(at(primary[side], d, board), side).toBeGreaterThan(0.55);
      expect(at(alias[side], d + spacing, board), side).toBeGreaterThan(0.5);
      // The wall keeps its reading, and more of it is read (where the boards' pieces had broken the check).
      for (const map of [primary[side], alias[side]]) {
        expect(at(map, 0, wall), side).toBeGreaterThan(at(read[side], 0, wall) + 0.1);
      }
    }
  });

  it('finds the wall behind the boards by matching it where the matcher read it in patches', async () => {
    // A low-contrast wall matched over a wide range was read in patches: a quarter of the pixels beside a board
    // within a level of their median. Half of the wall's readings scattered over 30 levels here.
    const scene = paintedFence();
    const boards = scene.layers.slice(1);
    const d = boards[0]!.disparity / SCALE;
    const spacing = (boards[1]!.x - boards[0]!.x) / SCALE;
    const truth = exactMaps(scene, WIDTH, HEIGHT, undefined, SCALE);
    const { read } = await settled(scene);
    const random = seeded(11);
    const scatter = (map: Float32Array, wall: Float32Array) =>
      map.map((v, i) => (wall[i] === 0 && random() < 0.5 ? -10 + 30 * random() : v));
    const scattered = { left: scatter(read.left, truth.left), right: scatter(read.right, truth.right) };
    const { alias } = await settled(scene, scattered);
    for (const side of ['left', 'right'] as const) {
      // The matcher read under a tenth of the boards one spacing nearer (see above).
      const onAlias = shareWhere(
        alias[side],
        truth[side],
        (t) => t > 0,
        (v) => Math.abs(v - (d + spacing)) < 0.5,
      );
      expect(onAlias, side).toBeGreaterThan(0.4);
    }
  });

  it('leaves textured boards, and flat boards painted on the wall, as the matcher read them', async () => {
    const fence = paintedFence();
    const textured = makeRepetitiveScene('fence', SCALE * WIDTH, SCALE * HEIGHT, 1);
    const painted: LayeredScene = {
      ...fence,
      layers: fence.layers.map((layer, k) => (k === 0 ? layer : { ...layer, disparity: 0 })),
    };
    expect((await settled(textured)).count).toBe(0);
    expect((await settled(painted, exactMaps(painted, WIDTH, HEIGHT, undefined, SCALE))).count).toBe(0);
    expect((await settled(painted)).count).toBe(0);
  });

  it('keeps the in-betweens of the painted fence 2.5 dB above a cross-fade (1.1-1.3 dB with its pieces)', async () => {
    const scene = paintedFence();
    const views = [0, 0.25, 0.5, 0.75, 1].map((c) => renderView(scene, c));
    const { frames } = await interpolatePair(views[0]!, views[4]!, [25, 50, 75]);
    for (let k = 0; k < 3; k++) {
      const fade = crossFade(views[0]!, views[4]!, (k + 1) / 4);
      expect(psnr(frames[k]!, views[k + 1]!), `frame ${25 * (k + 1)}`).toBeGreaterThan(
        psnr(fade, views[k + 1]!) + 2.5,
      );
    }
  });
});
