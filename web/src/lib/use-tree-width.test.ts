import { describe, expect, it } from 'vitest';
import { clampTreeWidth } from './use-tree-width';

describe('clampTreeWidth (SPEC §9: default 500, min 320, max offset 400)', () => {
  it('keeps the width between 320 and the window minus 400', () => {
    expect(clampTreeWidth(500, 1600)).toBe(500);
    expect(clampTreeWidth(100, 1600)).toBe(320);
    expect(clampTreeWidth(1500, 1600)).toBe(1200);
  });

  it('never goes under the minimum on a narrow window', () => {
    expect(clampTreeWidth(500, 600)).toBe(320);
  });
});
