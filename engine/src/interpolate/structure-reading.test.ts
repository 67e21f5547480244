import { describe, expect, it } from 'vitest';
import { makeRepetitiveScene } from '../cv/repetitive-scenes';
import { aliasViews, exactMaps, shareWhere } from '../testing/scene-maps';
import type { AliasMaps } from './ambiguous-repeats';
import { oneReadingPerStructure } from './structure-reading';

const WIDTH = 640;
const HEIGHT = 420;
const RANGE = { min: -8, max: 40 };

/** A painted fence whose boards stand 16 px in front of a textured wall, 18 px apart: d − s lies 2 px behind it. */
function nearAliasFence() {
  return makeRepetitiveScene('painted-fence', WIDTH, HEIGHT, 7, { spacing: 1.1, parallax: 1.2 });
}

/** The maps read as `left` on the left half of the frame and as `right` on the other (per view). */
function halves(left: AliasMaps, right: AliasMaps): AliasMaps {
  const pick = (a: Float32Array, b: Float32Array) => a.map((v, i) => (i % WIDTH < WIDTH / 2 ? v : b[i]!));
  return { left: pick(left.left, right.left), right: pick(left.right, right.right) };
}

/** A painted fence whose boards stand 16 px in front of the wall, 14 px apart: d − s lies 2 px in front of it. */
function inFrontAliasFence() {
  return makeRepetitiveScene('painted-fence', WIDTH, HEIGHT, 5, { spacing: 0.88, parallax: 1.39 });
}

async function setUp(scene = nearAliasFence()) {
  const boards = scene.layers.slice(1);
  const d = boards[0]!.disparity;
  const spacing = boards[1]!.x - boards[0]!.x;
  const views = await aliasViews(scene, WIDTH);
  const input = (maps: AliasMaps) => ({ ...views, maps, range: RANGE });
  const at = (reading?: number) => exactMaps(scene, WIDTH, HEIGHT, reading);
  return { d, spacing, input, at, truth: at() };
}

/**
 * 95 % of the boards (truly at d) read within half a pixel of `reading` in both maps of both views, and `wall` of the
 * wall kept at 0.
 */
function expectAll(
  maps: { primary: AliasMaps; alias: AliasMaps },
  truth: AliasMaps,
  d: number,
  reading: number,
  wall = 1,
) {
  for (const side of ['left', 'right'] as const) {
    for (const map of [maps.primary[side], maps.alias[side]]) {
      expect(
        shareWhere(
          map,
          truth[side],
          (t) => t === d,
          (v) => Math.abs(v - reading) < 0.5,
        ),
      ).toBeGreaterThan(0.95);
      expect(
        shareWhere(
          map,
          truth[side],
          (t) => t === 0,
          (v) => v === 0,
        ),
      ).toBeGreaterThanOrEqual(wall);
    }
  }
}

describe('one reading per repeated structure', () => {
  it('gives the whole fence the reading its parts read one spacing in front and behind both point at', async () => {
    const { d, spacing, input, at, truth } = await setUp();
    expect([d, spacing]).toEqual([16, 18]);
    // Left half read at d + s with d as its alias; right half read at d − s with d as its alias.
    const primary = halves(at(d + spacing), at(d - spacing));
    const alias = at(d);
    const one = oneReadingPerStructure(input(primary), primary, alias);
    expect(one).toBeDefined();
    expectAll(one!, truth, d, d);
  });

  it('finds the parts read behind, where no alias moved them, and gives them the same reading', async () => {
    // The right half's boards read at d − s (2 px behind the wall) and no alias: the matcher merged them with it.
    const { d, spacing, input, at, truth } = await setUp();
    const primary = halves(at(d + spacing), at(d - spacing));
    const alias = halves(at(d), at(d - spacing));
    const one = oneReadingPerStructure(input(primary), primary, alias);
    expect(one).toBeDefined();
    // A few wall pixels beside the boards (0.01 %) move with them.
    expectAll(one!, truth, d, d, 0.999);
  });

  it('keeps both readings of a structure read on one side only, in front of its wall', async () => {
    // Every board read at d with d + s as its alias, or at d − s (2 px in front of the wall) with d: either may be
    // true.
    const { d, spacing, input, at } = await setUp(inFrontAliasFence());
    expect([d, spacing]).toEqual([16, 14]);
    for (const [reading, other] of [
      [d, d + spacing],
      [d - spacing, d],
    ] as const) {
      const primary = at(reading);
      expect(oneReadingPerStructure(input(primary), primary, at(other))).toBeUndefined();
    }
  });

  it('keeps both readings of a structure read clearly in front at the lower reading and two spacings above it', async () => {
    // Boards read at d (16 px in front of the wall) and at d + 2s, both with d + s as their alias: the lower reading
    // was not pulled to the wall by the matcher, so it is as likely as the middle one.
    const { d, spacing, input, at } = await setUp(inFrontAliasFence());
    const primary = halves(at(d), at(d + 2 * spacing));
    expect(oneReadingPerStructure(input(primary), primary, at(d + spacing))).toBeUndefined();
  });

  it('does not take boards read clearly in front for the hidden lower side', async () => {
    // Left half read at d + 2s pointing at d + s; right half read at d (16 px in front of the wall), no alias. The
    // right half's boards match at d + s too, but nothing pulled them where they are read: d is as likely.
    const { d, spacing, input, at } = await setUp(inFrontAliasFence());
    const primary = halves(at(d + 2 * spacing), at(d));
    const alias = halves(at(d + spacing), at(d));
    expect(oneReadingPerStructure(input(primary), primary, alias)).toBeUndefined();
  });

  it('does not take textured boards read in front for the missing side', async () => {
    // A textured fence matches at no shift but its own: its boards read at d − s find no tie at d.
    const scene = makeRepetitiveScene('fence', WIDTH, HEIGHT, 7, { spacing: 1.1, parallax: 1.2 });
    const d = scene.layers[1]!.disparity;
    const spacing = scene.layers[2]!.x - scene.layers[1]!.x;
    const views = await aliasViews(scene, WIDTH);
    const at = (reading?: number) => exactMaps(scene, WIDTH, HEIGHT, reading);
    const primary = halves(at(d + spacing), at(d - spacing));
    const alias = halves(at(d), at(d - spacing));
    const input = { ...views, maps: primary, range: RANGE };
    expect(oneReadingPerStructure(input, primary, alias)).toBeUndefined();
  });
});
