import { describe, expect, it } from 'vitest';
import { makeRepetitiveScene } from '../cv/repetitive-scenes';
import {
  barrelView,
  type LayeredScene,
  makeLayeredScene,
  misalignView,
  noiseTexture,
  renderView,
  type SceneLayer,
} from '../cv/synthetic-scene';
import type { RawImage } from '../image';
import { resizeRaw } from '../resize-raw';
import { seeded } from '../seeded-random';
import { alignMisaligned } from '../testing/misaligned-pair';
import { restyle } from '../testing/restyle';
import { SLIVER_SIZES, sliverPair } from '../testing/sliver-views';
import { type AlignResult, alignPair } from './align-pair';
import { type OrderEvidence, orderOf } from './swap-check';

const SWAPPED = 'swapped: the left and right views appear to be in the wrong order';

const W = 900;
const H = 600;
const scene = makeLayeredScene({ width: W, height: H, seed: 11, objects: 6, maxDisparity: 28 });
const left = renderView(scene, 0);
const rightTrue = renderView(scene, 1);

type Tint = SceneLayer['tint'];

/** The scene with its background and structure layers tinted, their texture's contrast about 0.55 times `contrast`. */
function tinted(scene: LayeredScene, structure: Tint, background: Tint, contrast = 1): LayeredScene {
  return restyle(scene, { structure, background, contrast });
}

function noise(seed: number): RawImage {
  const random = seeded(seed);
  return { data: Uint8Array.from({ length: W * H }, () => random() * 256), width: W, height: H, channels: 1 };
}

describe('alignPair', () => {
  it('recovers a known rotation, scale and vertical offset to sub-pixel accuracy, keeping the parallax', async () => {
    const truth = { rotationDeg: -1.7, scale: 0.985, dx: 0, dy: 12.4 };
    const result = await alignPair(left, misalignView(rightTrue, truth));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Math.abs(result.transform.rotationDeg - truth.rotationDeg)).toBeLessThan(0.05);
    expect(Math.abs(result.transform.scale / truth.scale - 1)).toBeLessThan(0.002);
    expect(Math.abs(result.transform.dy - truth.dy)).toBeLessThan(0.5);
    expect(result.residualVerticalPx.median).toBeLessThan(0.5);
    expect(result.inliers).toBeGreaterThan(30);
    expect(result.left.width).toBe(result.right.width);
    expect(result.left.height).toBe(result.right.height);
    expect(result.left.width).toBeGreaterThan(W * 0.8);
    expect(result.suggestedPivot.x).toBeGreaterThanOrEqual(0);
    expect(result.suggestedPivot.x).toBeLessThan(result.left.width);

    // The returned canvas must itself be aligned: a second pass finds (almost) nothing left to correct.
    const again = await alignPair(result.left, result.right, { shiftToPivot: false });
    expect(again.ok).toBe(true);
    if (!again.ok) return;
    expect(Math.abs(again.transform.rotationDeg)).toBeLessThan(0.05);
    expect(Math.abs(again.transform.scale - 1)).toBeLessThan(0.002);
    expect(Math.abs(again.transform.dy)).toBeLessThan(0.5);
  });

  it('writes the aligned views over the given ones when asked to, with the same bytes and transform', async () => {
    const right = misalignView(rightTrue, { rotationDeg: 1.2, scale: 1.02, dx: 0, dy: -7.5 });
    const copied = await alignPair(left, right);
    const own = {
      left: { ...left, data: new Uint8Array(left.data) },
      right: { ...right, data: new Uint8Array(right.data) },
    };
    const inPlace = await alignPair(own.left, own.right, { inPlace: true });
    if (!copied.ok || !inPlace.ok) throw new Error('not aligned');
    expect(inPlace.transform).toEqual(copied.transform);
    expect(inPlace.left.data.buffer).toBe(own.left.data.buffer);
    expect(inPlace.right.data.buffer).toBe(own.right.data.buffer);
    expect(Buffer.from(inPlace.left.data).equals(Buffer.from(copied.left.data))).toBe(true);
    expect(Buffer.from(inPlace.right.data).equals(Buffer.from(copied.right.data))).toBe(true);
  });

  it('copes with a different exposure of the two shots', async () => {
    const truth = { rotationDeg: 0.8, scale: 1.012, dx: 0, dy: -9.3 };
    const shifted = misalignView(rightTrue, truth);
    const brighter = { ...shifted, data: shifted.data.map((v) => Math.min(255, v * 1.3 + 12)) };
    const result = await alignPair(left, brighter);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Math.abs(result.transform.rotationDeg - truth.rotationDeg)).toBeLessThan(0.05);
    expect(Math.abs(result.transform.scale / truth.scale - 1)).toBeLessThan(0.002);
    expect(Math.abs(result.transform.dy - truth.dy)).toBeLessThan(0.5);
  });

  it('aligns a right view saved at another resolution, its transform mapping that view as given', async () => {
    // Unmatched, the half-size view was refused ("too few consistent matches"), the 1.67× one as an implausible scale.
    const truth = { rotationDeg: 0.8, scale: 1.012, dx: 0, dy: -9.3 };
    const shifted = misalignView(rightTrue, truth);
    // libvips keeps pixel centres where it reduces: the smaller view of each pair is a reduced one.
    const reduced = (view: RawImage, factor: number) =>
      resizeRaw(view, view.width * factor, view.height * factor);
    const cases = [
      { left, right: await reduced(shifted, 0.5), scale: truth.scale * 2, dy: truth.dy },
      { left: await reduced(left, 0.6), right: shifted, scale: truth.scale * 0.6, dy: truth.dy * 0.6 },
    ];
    for (const expected of cases) {
      const result = await alignPair(expected.left, expected.right);
      expect(result.ok ? 'ok' : result.reason).toBe('ok');
      if (!result.ok) return;
      expect(Math.abs(result.transform.rotationDeg - truth.rotationDeg)).toBeLessThan(0.05);
      expect(Math.abs(result.transform.scale / expected.scale - 1)).toBeLessThan(0.002);
      expect(Math.abs(result.transform.dy - expected.dy)).toBeLessThan(0.1);
      expect(result.right.width).toBe(result.left.width);
      expect(result.right.height).toBe(result.left.height);
      expect(result.left.width).toBeGreaterThan(expected.left.width * 0.8);
    }
  });

  it('shifts the right view so the suggested pivot has zero disparity, and reports that shift as dx', async () => {
    // A single big near object in the middle: the pivot must land on it (disparity 40), not on the background.
    const centred = makeLayeredScene({ width: W, height: H, seed: 3, objects: 0, maxDisparity: 40 });
    centred.layers.push({
      ...centred.layers[0]!,
      x: W * 0.25,
      y: H * 0.2,
      width: W * 0.5,
      height: H * 0.6,
      disparity: 40,
      texture: makeLayeredScene({ width: W, height: H, seed: 4, objects: 0 }).layers[0]!.texture,
    });
    const result = await alignPair(renderView(centred, 0), renderView(centred, 1));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Math.abs(result.transform.dx - 40)).toBeLessThan(0.5);
  });

  it('refuses a flat grey pair (no texture)', async () => {
    const grey: RawImage = { data: new Uint8Array(W * H * 3).fill(128), width: W, height: H, channels: 3 };
    const result = await alignPair(grey, grey);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(/texture/);
  });

  it.each([0.3, 0.15])(
    'aligns a faint pair (contrast ×%s) whose plain copies show too few corners',
    async (k) => {
      // Haze or a dim scene: ORB's fixed corner threshold finds too few corners until the levels are stretched.
      const faint = (view: RawImage): RawImage => ({
        ...view,
        data: view.data.map((v) => Math.round(110 + (v - 128) * k)),
      });
      const truth = { rotationDeg: 0.6, scale: 1.004, dx: 0, dy: -7 };
      const result = await alignPair(faint(left), faint(misalignView(renderView(scene, 1), truth)));
      expect(result.ok ? 'ok' : result.reason).toBe('ok');
      if (!result.ok) return;
      expect(Math.abs(result.transform.rotationDeg - truth.rotationDeg)).toBeLessThan(0.05);
      expect(Math.abs(result.transform.dy - truth.dy)).toBeLessThan(0.5);
    },
  );

  it('refuses views a pixel high or wide with its reason instead of failing', async () => {
    for (const [width, height] of SLIVER_SIZES) {
      const result = await alignPair(...sliverPair(width, height));
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.reason).toMatch(/too few features/);
    }
  });

  it('refuses two unrelated pictures', async () => {
    const noiseResult = await alignPair(noise(1), noise(2));
    expect(noiseResult.ok).toBe(false);
    const other = renderView(makeLayeredScene({ width: W, height: H, seed: 99 }), 0);
    const sceneResult = await alignPair(left, other);
    expect(sceneResult.ok).toBe(false);
  });

  it('reports swapped sides, whose votes flip when the views are given the other way round', async () => {
    let evidence: OrderEvidence | undefined;
    let mirrored: OrderEvidence | undefined;
    const result = await alignPair(rightTrue, left, {
      onOrderEvidence: (e, m) => {
        evidence = e;
        mirrored = m;
      },
    });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toBe(SWAPPED);
    expect(orderOf(evidence!)).toBe('swapped');
    // The check on the same pair the other way round (the model inverted): the right order, by as clear a share.
    expect(orderOf(mirrored!)).toBe('right');
    expect(mirrored!.correct).toBeGreaterThan(2 * mirrored!.swapped);
  });

  it('asks the views the other way round only when the votes say swapped', async () => {
    let calls = 0;
    let mirrored: OrderEvidence | undefined;
    const result = await alignPair(left, rightTrue, {
      onOrderEvidence: (_, m) => {
        calls++;
        mirrored = m;
      },
    });
    expect(result.ok).toBe(true);
    expect(calls).toBe(1);
    expect(mirrored).toBeUndefined();
  });

  // A stereo window or converged cameras add a constant to every disparity: the order must come from the
  // half-occlusions, not from the sign. dx = −60 makes all disparities (0–28 px) negative.
  const windowed: [string, { rotationDeg: number; scale: number; dx: number; dy: number }][] = [
    [
      'shifted so that every disparity is negative (stereo window)',
      { rotationDeg: 0, scale: 1, dx: -60, dy: 0 },
    ],
    ['shifted so that every disparity is positive', { rotationDeg: 0, scale: 1, dx: 40, dy: 0 }],
    ['converged (shift, small rotation and scale)', { rotationDeg: 1.2, scale: 1.01, dx: -45, dy: 6 }],
  ];
  for (const [name, transform] of windowed) {
    describe(name, () => {
      const right = misalignView(rightTrue, transform);

      it('accepts the pair in the right order', async () => {
        let evidence: OrderEvidence | undefined;
        const result = await alignPair(left, right, { onOrderEvidence: (e) => (evidence = e) });
        expect(result.ok).toBe(true);
        expect(evidence!.runs).toBeGreaterThan(100);
        expect(evidence!.correct).toBeGreaterThan(1.5 * evidence!.swapped);
      });

      it('refuses the same pair given in the wrong order', async () => {
        const result = await alignPair(right, left);
        expect(result.ok).toBe(false);
        if (!result.ok) expect(result.reason).toBe(SWAPPED);
      });
    });
  }

  it('tells the order of a window-shifted pair whose two shots were exposed differently', async () => {
    const shifted = misalignView(rightTrue, { rotationDeg: 0.8, scale: 1.012, dx: -50, dy: -9.3 });
    const brighter = { ...shifted, data: shifted.data.map((v) => Math.min(255, v * 1.3 + 12)) };
    expect((await alignPair(left, brighter)).ok).toBe(true);
    const swapped = await alignPair(brighter, left);
    expect(swapped.ok).toBe(false);
    if (!swapped.ok) expect(swapped.reason).toBe(SWAPPED);
  });

  it('accepts a scene whose layers all have negative disparity, and refuses it swapped', async () => {
    const far = makeLayeredScene({
      width: W,
      height: H,
      seed: 7,
      objects: 6,
      backgroundDisparity: -48,
      maxDisparity: -8,
    });
    const result = await alignPair(renderView(far, 0), renderView(far, 1));
    expect(result.ok).toBe(true);
    const swapped = await alignPair(renderView(far, 1), renderView(far, 0));
    expect(swapped.ok).toBe(false);
  });

  it('does not judge the order when the parallax range is wider than the flow can follow', async () => {
    // Disparities 0–120 px on a 900 px picture: ~55 px of range at the check's 480 px, beyond its reach.
    const deep = makeLayeredScene({ width: W, height: H, seed: 7, objects: 6, maxDisparity: 120 });
    let evidence: OrderEvidence | undefined;
    const result = await alignPair(renderView(deep, 1), renderView(deep, 0), {
      onOrderEvidence: (e) => (evidence = e),
    });
    expect(result.ok).toBe(true);
    expect(evidence!.runs).toBe(0);
  });

  it('accepts a pair with too little depth structure to judge the order', async () => {
    // A single flat plane: no depth edges, so no half-occlusions; the order cannot be told and is not refused.
    const flat = makeLayeredScene({ width: W, height: H, seed: 8, objects: 0, backgroundDisparity: -20 });
    let evidence: OrderEvidence | undefined;
    const result = await alignPair(renderView(flat, 1), renderView(flat, 0), {
      onOrderEvidence: (e) => (evidence = e),
    });
    expect(result.ok).toBe(true);
    expect(evidence!.runs).toBeLessThan(40);
  });
});

describe('alignPair on harder pairs', () => {
  it('puts the pivot on a sharp central subject, not on the blurred background around it', async () => {
    const width = 900;
    const height = 600;
    const random = seeded(5);
    const background = noiseTexture(width + 40, height, random, width);
    // Defocus: a wide box blur of the background's texture along both axes.
    const blurred = new Float32Array(background.length);
    const bw = width + 40;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < bw; x++) {
        let sum = 0;
        let count = 0;
        for (let v = Math.max(0, y - 4); v <= Math.min(height - 1, y + 4); v += 2) {
          for (let u = Math.max(0, x - 4); u <= Math.min(bw - 1, x + 4); u += 2, count++)
            sum += background[v * bw + u]!;
        }
        blurred[y * bw + x] = sum / count;
      }
    }
    const subject = { x: 300, y: 180, width: 300, height: 240 };
    const blurredScene: LayeredScene = {
      width,
      height,
      layers: [
        {
          x: -20,
          y: 0,
          width: bw,
          height,
          ellipse: false,
          disparity: 4,
          texture: blurred,
          tint: [0.9, 0.85, 0.8],
        },
        {
          ...subject,
          ellipse: true,
          disparity: 24,
          texture: noiseTexture(300, 240, random, width),
          tint: [0.8, 0.6, 0.5],
        },
      ],
    };
    const result = await alignPair(renderView(blurredScene, 0), renderView(blurredScene, 1));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    // Shift to the pivot: the subject (disparity 24) ends at zero, the background at 4 − 24.
    expect(Math.abs(result.transform.dx - 24)).toBeLessThan(1);
  });

  it('puts the pivot on a darker central subject in front of a brighter, equally sharp background', async () => {
    // The background's corners are the strongest of the picture: alignment's own matches all sit on it.
    const width = 900;
    const height = 600;
    const random = seeded(13);
    const sharpScene: LayeredScene = {
      width,
      height,
      layers: [
        {
          x: -30,
          y: 0,
          width: width + 60,
          height,
          ellipse: false,
          disparity: 4,
          texture: noiseTexture(width + 60, height, random, width),
          tint: [0.95, 0.9, 0.85],
        },
        {
          x: 320,
          y: 170,
          width: 280,
          height: 280,
          ellipse: true,
          disparity: 32,
          texture: noiseTexture(280, 280, random, width),
          tint: [0.55, 0.4, 0.35],
        },
      ],
    };
    const result = await alignPair(renderView(sharpScene, 0), renderView(sharpScene, 1));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Math.abs(result.transform.dx - 32)).toBeLessThan(1);
  });

  it.each([
    [4, 1],
    [6, 3],
    [-5, 10],
  ])(
    "finds a wide lens's barrel term when most tracked points crowd one corner (board tilted %i°, seed %i)",
    async (tiltDeg, seed) => {
      // A similarity fitted to the crowded corner left it under a tenth of a pixel (so no lens term was sought) and
      // the background 1.4-2.5 px off.
      const result = await alignPair(...lensRig(tiltDeg, seed, 0.04));
      expectLensRig(result);
    },
  );

  it.each([
    [-6, 5, 0],
    [-5, 10, 0.01],
  ])(
    'aligns a plain calibration board under a barrel lens, where the plain consensus settles on a wrong similarity (board tilted %i°, seed %i, grain %f)',
    async (tiltDeg, seed, grain) => {
      // With the board's squares all alike, the fit from the plain consensus kept no lens term and a rotation 0.3°
      // off. The consensus sought under a barrel term starts a second fit, which explains more of both fits'
      // tracked points and is kept.
      const result = await alignPair(...lensRig(tiltDeg, seed, grain));
      expectLensRig(result);
    },
  );

  it('accepts a pair dominated by a repetitive pattern and recovers its misalignment', async () => {
    const width = 900;
    const height = 600;
    const checker = new Float32Array(700 * 480);
    const random = seeded(9);
    const grain = noiseTexture(700, 480, random, width);
    for (let y = 0; y < 480; y++) {
      for (let x = 0; x < 700; x++) {
        const square = (Math.floor(x / 36) + Math.floor(y / 36)) % 2 === 0;
        checker[y * 700 + x] = (square ? 0.85 : 0.15) + 0.1 * grain[y * 700 + x]!;
      }
    }
    const board: LayeredScene = {
      width,
      height,
      layers: [
        {
          x: -60,
          y: 0,
          width: width + 120,
          height,
          ellipse: false,
          disparity: 0,
          texture: noiseTexture(width + 120, height, random, width),
          tint: [0.7, 0.7, 0.7],
        },
        {
          x: 100,
          y: 60,
          width: 700,
          height: 480,
          ellipse: false,
          disparity: 48,
          texture: checker,
          tint: [1, 1, 1],
        },
      ],
    };
    const truth = { rotationDeg: 1.2, scale: 1.01, dx: 0, dy: -9 };
    const result = await alignMisaligned(board, truth);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Math.abs(result.transform.rotationDeg - truth.rotationDeg)).toBeLessThan(0.05);
    expect(Math.abs(result.transform.scale / truth.scale - 1)).toBeLessThan(0.002);
    expect(Math.abs(result.transform.dy - truth.dy)).toBeLessThan(0.5);
  });

  it.each([
    ['a window grid', 'window-grid', {}],
    ['a fence whose parallax exceeds its spacing', 'fence', { spacing: 1.4, parallax: 1.2 }],
  ] as const)(
    'aligns %s, where the corner features find too few consistent matches',
    async (_, kind, variant) => {
      // ORB's corners sit on the bars' edges and leave 1-4 consistent matches here; the blob features between the
      // bars find the pair.
      const grid = makeRepetitiveScene(kind, 1200, 800, 83, variant);
      const truth = { rotationDeg: -0.8, scale: 0.98, dx: 0, dy: -20 };
      const result = await alignMisaligned(grid, truth);
      expect(result.ok).toBe(true);
      if (!result.ok) return;
      expect(Math.abs(result.transform.rotationDeg - truth.rotationDeg)).toBeLessThan(0.06);
      expect(Math.abs(result.transform.scale / truth.scale - 1)).toBeLessThan(0.002);
      expect(Math.abs(result.transform.dy - truth.dy)).toBeLessThan(0.5);
    },
  );

  describe('a fence whose corners and blobs each fall short of their bars', () => {
    // The ratio test leaves 9 strong corner matches of which 3 agree, and the blobs' consensus (42 matches) is under
    // MIN_BLOB_INLIERS: the pair was refused (align-random seed 9001, pair 18). The corners' and the blobs' mutual
    // consensuses (37 and 42 matches) put the right view's corners within a px of the same rows.
    const fence = tinted(
      makeRepetitiveScene('fence', 1920, 1280, 9019, { spacing: 1.38, parallax: 0.84 }),
      [0.3, 1, 0.3],
      [0.95, 0.55, 0.92],
    );
    const truth = { rotationDeg: -1.18, scale: 0.99, dx: 0, dy: 37.7 };

    it('aligns it on the model both agree on', async () => {
      const result = await alignMisaligned(fence, truth);
      expect(result.ok ? 'ok' : result.reason).toBe('ok');
      if (!result.ok) return;
      expect(Math.abs(result.transform.rotationDeg - truth.rotationDeg)).toBeLessThan(0.06);
      expect(Math.abs(result.transform.scale / truth.scale - 1)).toBeLessThan(0.002);
      expect(Math.abs(result.transform.dy - truth.dy)).toBeLessThan(0.5);
    });

    it('refuses its left view with the right view of another fence, whose chance consensuses disagree', async () => {
      const other = tinted(
        makeRepetitiveScene('painted-fence', 1920, 1280, 9025, { spacing: 1.57, parallax: 0.81 }),
        [0.35, 0.3, 0.8],
        [0.8, 0.5, 0.65],
      );
      const result = await alignPair(renderView(fence, 0), misalignView(renderView(other, 1), truth));
      expect(result.ok).toBe(false);
    });
  });

  describe('faint fences whose boards span the frame', () => {
    // Contrast ×0.35 (align-random seed 4242, pairs 13 and 14, and seed 6060, pair 4): the boards have no corners
    // but their edges, all alike, and the wall between them only soft blotches. Corners left 4-7 matches, or 2 of 10
    // consistent, and blobs no consensus: the pairs were refused. Blocks of the vertical gradient (which does not see
    // the boards) match on one model.
    const fences = {
      painted: tinted(
        makeRepetitiveScene('painted-fence', 1920, 1280, 4255, { spacing: 0.79, parallax: 1.41 }),
        [0.36, 0.24, 0.63],
        [0.53, 0.54, 0.88],
        0.35,
      ),
      wooden: tinted(
        makeRepetitiveScene('fence', 1920, 1280, 4256, { spacing: 1.68, parallax: 0.99 }),
        [0.56, 0.4, 0.4],
        [0.6, 0.71, 0.81],
        0.35,
      ),
      wide: tinted(
        makeRepetitiveScene('fence', 1920, 1280, 6064, { spacing: 1.76, parallax: 1.23 }),
        [0.57, 0.97, 0.78],
        [0.95, 0.54, 0.7],
        0.35,
      ),
      other: tinted(
        makeRepetitiveScene('painted-fence', 1920, 1280, 4271, { spacing: 1.13, parallax: 1.17 }),
        [0.87, 0.67, 0.44],
        [0.76, 0.57, 0.76],
        0.35,
      ),
    };

    it.each([
      ['painted', { rotationDeg: 2.55, scale: 1.022, dx: 0, dy: -15.4 }],
      ['wooden', { rotationDeg: 0.27, scale: 0.987, dx: 0, dy: 32.76 }],
      // Its wide boards leave 35 of the 96 textured blocks matching, all on one model.
      ['wide', { rotationDeg: -1.15, scale: 0.9868, dx: 0, dy: 3.78 }],
    ] as const)(
      'aligns the %s one from blocks matched on the wall between the boards',
      async (name, truth) => {
        const fence = fences[name];
        const result = await alignMisaligned(fence, truth);
        expect(result.ok ? 'ok' : result.reason).toBe('ok');
        if (!result.ok) return;
        expect(Math.abs(result.transform.rotationDeg - truth.rotationDeg)).toBeLessThan(0.01);
        expect(Math.abs(result.transform.scale / truth.scale - 1)).toBeLessThan(0.001);
        expect(Math.abs(result.transform.dy - truth.dy)).toBeLessThan(0.3);
      },
    );

    it('refuses the left view of one with the right view of another', async () => {
      const truth = { rotationDeg: 1.18, scale: 1.0119, dx: 0, dy: 22.22 };
      const result = await alignPair(
        renderView(fences.painted, 0),
        misalignView(renderView(fences.other, 1), truth),
      );
      expect(result.ok).toBe(false);
    });
  });

  it.each([
    ['a railing whose parallax nears its spacing', 'railing', 82],
    ['a fence whose boards are thinner than their parallax', 'fence', 13],
  ] as const)('does not judge the order of %s', async (_, kind, seed) => {
    // The flow matches each bar to its neighbour or smears it over the background: the railing's votes said 76 %
    // "swapped" in the right order, and this fence was refused as swapped. Repeated texture is left unjudged.
    const scene = makeRepetitiveScene(kind, 1200, 800, seed);
    const truth = { rotationDeg: -0.75, scale: 1.0035, dx: 0, dy: 0.33 };
    let evidence: OrderEvidence | undefined;
    const result = await alignMisaligned(scene, truth, {
      onOrderEvidence: (e) => {
        evidence = e;
      },
    });
    expect(result.ok ? 'ok' : result.reason).toBe('ok');
    expect(evidence?.runs).toBe(0);
  });

  it('does not refuse thin poles whose votes lie down one pair of poles', async () => {
    // align-random seed 9301, #27 (tints rounded): 86 % of 139 runs said "swapped" and 82 % of 170 "right" the
    // other way round, but most of them lay down one pair of poles, and their votes came to 1.9 edges.
    const poles = restyle(
      makeRepetitiveScene('thin-poles', 1920, 1280, 9328, { spacing: 1.33, parallax: 1.01 }),
      {
        structure: [0.39, 0.39, 0.59],
        background: [0.89, 0.89, 0.77],
      },
    );
    const truth = { rotationDeg: -0.75, scale: 1.0035, dx: 0, dy: 0.33 };
    let evidence: OrderEvidence | undefined;
    const result = await alignMisaligned(poles, truth, { onOrderEvidence: (e) => (evidence = e) });
    expect(result.ok ? 'ok' : result.reason).toBe('ok');
    expect(evidence!.runs).toBeGreaterThanOrEqual(80);
    expect(evidence!.swapped).toBeGreaterThan(0.65 * (evidence!.swapped + evidence!.correct));
    expect(evidence!.effectiveEdges).toBeLessThan(2.5);
  });

  it('keeps the rough model where the tracked tiles do not agree (a painted fence with uniform boards)', async () => {
    // Tiles on the boards' edges slide along them: 72 tracked points were left, 2 px off their rows on the median,
    // and the fit among them was 0.15° and 0.46 % of scale off; the guided matches' model is within 0.01°.
    const fence = makeRepetitiveScene('painted-fence', 1200, 800, 11, { spacing: 1.55, parallax: 1.1 });
    const truth = { rotationDeg: -0.75, scale: 1.0035, dx: 0, dy: 0.33 };
    const result = await alignMisaligned(fence, truth);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Math.abs(result.transform.rotationDeg - truth.rotationDeg)).toBeLessThan(0.03);
    expect(Math.abs(result.transform.scale / truth.scale - 1)).toBeLessThan(0.001);
    expect(Math.abs(result.transform.dy - truth.dy)).toBeLessThan(0.3);
  });

  it('aligns a painted fence on a larger copy when the detection copy leaves its tiles in disagreement', async () => {
    // The wall's fine grain between the uniform boards is averaged away on the 1024 px copy: the tiles there slid
    // and the rough model stood, 0.03° and 0.11 px off; found again on the 1920 px copy, the tiles agree.
    const fence = makeRepetitiveScene('painted-fence', 1920, 1280, 1, { spacing: 1.54, parallax: 1.34 });
    const truth = { rotationDeg: -0.75, scale: 1.0035, dx: 0, dy: 0.33 };
    const result = await alignMisaligned(fence, truth);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Math.abs(result.transform.rotationDeg - truth.rotationDeg)).toBeLessThan(0.01);
    expect(Math.abs(result.transform.dy - truth.dy)).toBeLessThan(0.06);
    expect(result.residualVerticalPx.median).toBeLessThan(0.5);
  });

  it('fits no lens term to the handful of tiles a faint railing leaves', async () => {
    // A random pair of the align-random bench (seed 6161, #6; its tints rounded here): ten tiles were tracked, the
    // lens search bent them onto their rows with k = −0.28, and dy ended 4.7 px off. Without a lens term, 0.07 px.
    const railing = tinted(
      makeRepetitiveScene('railing', 1920, 1280, 6167, { spacing: 0.85, parallax: 0.78 }),
      [0.955, 0.868, 0.329],
      [0.772, 0.784, 0.863],
      0.35,
    );
    const truth = { rotationDeg: 0.295, scale: 1.0106, dx: 0, dy: -35.35 };
    const result = await alignMisaligned(railing, truth);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.transform.lensK).toBeUndefined();
    expect(Math.abs(result.transform.dy - truth.dy)).toBeLessThan(0.5);
  });

  it('aligns a painted fence whose blob seed stays rough by blocks on the larger copy', async () => {
    // align-random seed 7373, #8: the 1024 px copy's blobs gave two fits whose tiles did not agree
    // (rough, 1.2 % of scale off), and the retry's corners on the 1920 px copy found no pair: 3.5 px off its rows.
    // Blocks of the wall between the boards, matched on the retry's copy, refine to 0.07 px.
    const fence = tinted(
      makeRepetitiveScene('painted-fence', 1920, 1280, 7381, { spacing: 0.9, parallax: 0.74 }),
      [0.354006, 0.653802, 0.871998],
      [0.631717, 0.700106, 0.737201],
    );
    const truth = { rotationDeg: 0.26195, scale: 0.987735, dx: 0, dy: 34.0472 };
    const result = await alignMisaligned(fence, truth);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Math.abs(result.transform.rotationDeg - truth.rotationDeg)).toBeLessThan(0.03);
    expect(Math.abs(result.transform.scale - truth.scale)).toBeLessThan(0.001);
    expect(Math.abs(result.transform.dy - truth.dy)).toBeLessThan(0.3);
  });

  it.each([
    [211, { spacing: 1.3, parallax: 1.1 }],
    [221, { spacing: 0.8, parallax: 1.2 }],
  ])('does not call genuine views of thin poles swapped (scene %i)', async (seed, variant) => {
    // Poles about 1 px wide on the order check's copy: runs beside them were consistent by chance (smeared flow)
    // and voted 67–71 % "swapped" in the right order.
    const poles = makeRepetitiveScene('thin-poles', 1800, 1200, seed, variant);
    const truth = { rotationDeg: 0.3, scale: 1.002, dx: 5, dy: 3 };
    const result = await alignMisaligned(poles, truth);
    expect(result.ok ? 'ok' : result.reason).toBe('ok');
  });

  it('does not call a genuine pair swapped on a few runs beside thin poles', async () => {
    // align-random seed 7373, #4 (tints rounded): 76 % of 59 runs said "swapped", and the views given the other way
    // round 80 % "right" of 64: noise that flips with the views, refused at 40 runs.
    const poles = tinted(
      makeRepetitiveScene('thin-poles', 1920, 1280, 7377, { spacing: 1.01, parallax: 0.92 }),
      [0.691, 0.632, 0.716],
      [0.847, 0.787, 0.947],
    );
    const truth = { rotationDeg: -0.1517, scale: 1.00121, dx: 0, dy: -10.127 };
    const result = await alignMisaligned(poles, truth);
    expect(result.ok ? 'ok' : result.reason).toBe('ok');
  });
});

const LENS_K = 0.16;
const RIG_TRUTH = { rotationDeg: 0.3, scale: 1, dx: 0, dy: -12 };

/**
 * A close-range rig bent by one barrel lens (LENS_K): a calibration board of 34 px squares tilted by `tiltDeg` (with
 * `grain` of noise on its squares) at 128 px of disparity, a small textured object at the bottom left that gathers
 * most of the tracked points (60 px), and a dim background (20 px); the right camera misaligned by RIG_TRUTH.
 */
function lensRig(tiltDeg: number, seed: number, grain: number): [RawImage, RawImage] {
  const width = 640;
  const height = 480;
  const random = seeded(seed);
  const t = (tiltDeg * Math.PI) / 180;
  const noise = noiseTexture(320, 250, random, width);
  const board = Float32Array.from(noise, (g, i) => {
    const x = i % 320;
    const y = Math.floor(i / 320);
    const u = Math.floor((Math.cos(t) * x + Math.sin(t) * y) / 34);
    const v = Math.floor((-Math.sin(t) * x + Math.cos(t) * y) / 34);
    return ((u + v) % 2 === 0 ? 0.9 : 0.1) + grain * g;
  });
  const layer = (x: number, y: number, w: number, h: number, disparity: number, tint: number) => ({
    x,
    y,
    width: w,
    height: h,
    ellipse: false,
    disparity,
    texture: noiseTexture(w, h, random, width),
    tint: [tint, tint, tint] as [number, number, number],
  });
  const rig: LayeredScene = {
    width,
    height,
    layers: [
      layer(-200, 0, width + 400, height, 20, 0.6),
      layer(0, 330, 260, 150, 60, 0.8),
      { ...layer(230, 50, 320, 250, 128, 1), texture: board },
    ],
  };
  return [
    barrelView(renderView(rig, 0), LENS_K),
    barrelView(misalignView(renderView(rig, 1), RIG_TRUTH), LENS_K),
  ];
}

function expectLensRig(result: AlignResult): void {
  expect(result.ok).toBe(true);
  if (!result.ok) return;
  expect(Math.abs((result.transform.lensK ?? 0) - LENS_K)).toBeLessThan(0.021);
  expect(Math.abs(result.transform.rotationDeg - RIG_TRUTH.rotationDeg)).toBeLessThan(0.03);
  expect(Math.abs(result.transform.scale - RIG_TRUTH.scale)).toBeLessThan(0.001);
  expect(Math.abs(result.transform.dy - RIG_TRUTH.dy)).toBeLessThan(0.1);
}
