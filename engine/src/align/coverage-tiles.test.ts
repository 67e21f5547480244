import { describe, expect, it } from 'vitest';
import { noiseTexture } from '../cv/synthetic-scene';
import type { RawImage } from '../image';
import { seeded } from '../seeded-random';
import { grayPair } from '../testing/gray-pair';
import { alignPair } from './align-pair';
import { coverageSeeds } from './coverage-tiles';

const W = 640;
const H = 480;
/** The board: a chessboard of SQUARE px squares, its rows slanted by SLANT (rad), over BOARD in the left view. */
const SQUARE = 34;
const SLANT = 0.25;
const BOARD = { x0: 20, x1: 620, y0: 30, y1: 380 };

function chessboard(x: number, y: number): number {
  const u = x * Math.cos(SLANT) + y * Math.sin(SLANT);
  const v = -x * Math.sin(SLANT) + y * Math.cos(SLANT);
  return (Math.floor(u / SQUARE) + Math.floor(v / SQUARE)) % 2 === 0 ? 40 : 215;
}

const onBoard = (x: number, y: number) => x >= BOARD.x0 && x < BOARD.x1 && y >= BOARD.y0 && y < BOARD.y1;

/**
 * A close-range rig's pair: a chessboard filling most of the frame `near` px of disparity in front of a textured
 * room (at `far`), the board's rows in the right view stretched by `stretch` about its bottom edge (a near surface
 * seen by converged cameras: its vertical magnification differs between them, the room's does not).
 */
function rigPair(near: number, far: number, stretch: number): { left: RawImage; right: RawImage } {
  const room = noiseTexture(W + far + 2, H, seeded(5), W);
  const roomAt = (x: number, y: number) => Math.round(room[y * (W + far + 2) + Math.max(0, x)]! * 255);
  const left = new Uint8Array(W * H);
  const right = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      left[y * W + x] = onBoard(x, y) ? chessboard(x, y) : roomAt(x, y);
      // The board point the right view shows here lies `near` px right of it in the left view, on a stretched row.
      const bx = x + near;
      const by = BOARD.y1 + (y - BOARD.y1) / stretch;
      right[y * W + x] = onBoard(bx, by) ? chessboard(bx, by) : roomAt(x + far, y);
    }
  }
  const view = (data: Uint8Array): RawImage => ({ data, width: W, height: H, channels: 1 });
  return { left: view(left), right: view(right) };
}

/**
 * The vertical offset (px) between the views at left pixel (x, y), searched by normalized correlation of a 21 px
 * patch over right positions (x − d ± 3, y ± 6) and refined to a fraction of a pixel by a parabola through the best
 * row and its neighbours.
 */
function verticalOffset(left: RawImage, right: RawImage, x: number, y: number, d: number): number {
  const r = 10;
  const ncc = (dx: number, dy: number) => {
    let sl = 0;
    let sr = 0;
    let sll = 0;
    let srr = 0;
    let slr = 0;
    const n = (2 * r + 1) ** 2;
    for (let v = -r; v <= r; v++) {
      for (let u = -r; u <= r; u++) {
        const a = left.data[(y + v) * left.width + x + u]!;
        const b = right.data[(y + v + dy) * right.width + x + u - dx]!;
        sl += a;
        sr += b;
        sll += a * a;
        srr += b * b;
        slr += a * b;
      }
    }
    return (slr - (sl * sr) / n) / Math.sqrt((sll - (sl * sl) / n) * (srr - (sr * sr) / n) + 1e-9);
  };
  let best = { dx: d, dy: 0, score: Number.NEGATIVE_INFINITY };
  for (let dy = -6; dy <= 6; dy++) {
    for (let dx = d - 3; dx <= d + 3; dx++) {
      const score = ncc(dx, dy);
      if (score > best.score) best = { dx, dy, score };
    }
  }
  const [a, b, c] = [ncc(best.dx, best.dy - 1), best.score, ncc(best.dx, best.dy + 1)];
  const curve = a - 2 * b + c;
  return best.dy + (curve < 0 ? (0.5 * (a - c)) / curve : 0);
}

describe('coverageSeeds', () => {
  it('matches the cells no point measures along their rows, at the slanted pattern’s own offset', () => {
    const { left, right } = rigPair(150, 60, 1);
    const { grays, frames } = grayPair(left.data, right.data, W, H);
    // Points only in the room below the board: every board cell is unmeasured.
    const covered = { xl: new Float64Array([-200, 0, 200]), yl: new Float64Array([215, 215, 215]) };
    const { seeds } = coverageSeeds(
      grays,
      frames,
      { a: 1, b: 0, tx: 0, ty: 0 },
      { ...covered, xr: covered.xl.map((x) => x - 60), yr: covered.yl },
      0.3 * W,
    );
    // Board cells whose board the right view shows too (it moved `near` px left, some of it out of the frame).
    const onTheBoard = seeds.filter(
      (s) => onBoard(s.lx - 12 - 150, s.ly - 12) && onBoard(s.lx + 12, s.ly + 12),
    );
    expect(onTheBoard.length).toBeGreaterThan(20);
    // A level board would match a period off as well (and be left out); this one's rows slant, so each cell's best
    // offset along the row is the board's own disparity.
    for (const s of onTheBoard) {
      expect(Math.abs(s.lx - s.rx - 150)).toBeLessThanOrEqual(1);
      expect(Math.abs(s.ly - s.ry)).toBeLessThan(1e-9);
    }
  });
});

describe('alignPair on a close-range rig', () => {
  it('puts a board that fills the frame on its rows, not only the textured room below it', async () => {
    const near = 150;
    const { left, right } = rigPair(near, 60, 1.012);
    const result = await alignPair(left, right, { shiftToPivot: false });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const offsets: number[] = [];
    for (let y = BOARD.y0 + 30; y < BOARD.y1 - 30; y += 40) {
      for (let x = BOARD.x0 + near + 30; x < BOARD.x1 - 40; x += 40)
        offsets.push(Math.abs(verticalOffset(result.left, result.right, x, y, near)));
    }
    offsets.sort((p, q) => p - q);
    // Fitted on the room alone, the board's rows were left 2.0 px off (median; its top 4 px: the stretch of 1.2 %).
    expect(offsets[Math.floor(offsets.length / 2)]).toBeLessThan(0.5);
  });
});
