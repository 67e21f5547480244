import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors';
import { pairIndexes, planWiggles, subfolderName } from './pairing';

describe('pairing', () => {
  it('pairs adjacent, not-adjacent, all and side-by-side selections', () => {
    expect(pairIndexes('adjacent', 5)).toEqual([
      [0, 1],
      [2, 3],
    ]);
    expect(pairIndexes('not-adjacent', 4)).toEqual([
      [0, 2],
      [1, 3],
    ]);
    expect(pairIndexes('not-adjacent', 6)).toEqual([
      [0, 3],
      [1, 4],
      [2, 5],
    ]);
    expect(pairIndexes('all', 4)).toHaveLength(6);
    expect(pairIndexes('all', 3)).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
    expect(pairIndexes('asSideBySide', 3)).toEqual([
      [0, 0],
      [1, 1],
      [2, 2],
    ]);
  });

  it('stacks standard, auto-align and both', () => {
    expect(planWiggles('adjacent', 'standard', 4).map((w) => w.autoAlign)).toEqual([false, false]);
    expect(planWiggles('adjacent', 'auto-align', 4).map((w) => w.autoAlign)).toEqual([true, true]);
    const both = planWiggles('adjacent', 'both', 4);
    expect(both).toHaveLength(4);
    expect(both.map((w) => [w.left, w.right, w.autoAlign])).toEqual([
      [0, 1, false],
      [0, 1, true],
      [2, 3, false],
      [2, 3, true],
    ]);
    expect(planWiggles('asSideBySide', 'standard', 2).every((w) => w.sideBySide)).toBe(true);
  });

  it('refuses more than 16 wiggles and selections without a pair', () => {
    expect(planWiggles('all', 'standard', 6)).toHaveLength(15);
    expect(() => planWiggles('all', 'standard', 7)).toThrow(/At most 16 wiggles/);
    expect(planWiggles('adjacent', 'both', 16)).toHaveLength(16);
    expect(() => planWiggles('all', 'both', 5)).toThrow(AppError);
    expect(() => planWiggles('adjacent', 'standard', 1)).toThrow(/at least two/);
  });

  it('names subfolders by template', () => {
    const now = new Date('2026-03-04T05:06:07Z');
    expect(subfolderName('yyyy. MM. dd. HH:mm:ss', now, 'a', 'b')).toBe('2026. 03. 04. 05:06:07');
    expect(subfolderName('%first% - %last%', now, 'left', 'right')).toBe('left - right');
  });
});
