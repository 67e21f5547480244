import { describe, expect, it } from 'vitest';
import { makeRepetitiveScene } from '../cv/repetitive-scenes';
import { alignMisaligned } from '../testing/misaligned-pair';

describe('refineAlignment', () => {
  it('measures tiles that straddle a depth edge by their sub-windows, not by a mix of two parallaxes', async () => {
    // Every feature of a painted fence sits on a board's edge, so every refinement tile holds the board and the
    // ground behind it (two horizontal shifts); LK's joint solve turned that mix into a 0.1° rotation error.
    const fence = makeRepetitiveScene('painted-fence', 1800, 1200, 81);
    const truth = { rotationDeg: 2.785, scale: 0.974, dx: 0, dy: -9.46 };
    const result = await alignMisaligned(fence, truth);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(Math.abs(result.transform.rotationDeg - truth.rotationDeg)).toBeLessThan(0.03);
    expect(Math.abs(result.transform.dy - truth.dy)).toBeLessThan(0.15);
  });
});
