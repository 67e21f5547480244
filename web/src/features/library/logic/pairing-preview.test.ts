import { describe, expect, it } from 'vitest';
import { createSelectionProblem, plannedWiggleCount } from './pairing-preview';

describe('plannedWiggleCount', () => {
  it('follows the pairing options', () => {
    expect(plannedWiggleCount('adjacent', 'auto-align', 4)).toBe(2);
    expect(plannedWiggleCount('adjacent', 'auto-align', 5)).toBe(2);
    expect(plannedWiggleCount('not-adjacent', 'standard', 6)).toBe(3);
    expect(plannedWiggleCount('all', 'standard', 4)).toBe(6);
    expect(plannedWiggleCount('asSideBySide', 'standard', 3)).toBe(3);
    expect(plannedWiggleCount('sideBySideOriginals', 'standard', 3)).toBe(3);
  });

  it('doubles with stacking both', () => {
    expect(plannedWiggleCount('adjacent', 'both', 4)).toBe(4);
  });
});

describe('createSelectionProblem', () => {
  it('accepts a pair and refuses empty, odd singles and over-limit selections', () => {
    expect(createSelectionProblem('adjacent', 'auto-align', 2)).toBeNull();
    expect(createSelectionProblem('adjacent', 'auto-align', 0)).toMatch(/at least one/);
    expect(createSelectionProblem('adjacent', 'auto-align', 1)).toMatch(/at least two/);
    expect(createSelectionProblem('asSideBySide', 'auto-align', 1)).toBeNull();
    expect(createSelectionProblem('adjacent', 'auto-align', 17)).toMatch(/At most 16 originals/);
    // 8 originals, all pairs = 28 wiggles.
    expect(createSelectionProblem('all', 'standard', 8)).toMatch(/At most 16 wiggles.*28/);
    expect(createSelectionProblem('adjacent', 'both', 16)).toBeNull();
    expect(createSelectionProblem('asSideBySide', 'both', 9)).toMatch(/18/);
  });
});
