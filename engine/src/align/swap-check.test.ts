import { describe, expect, it } from 'vitest';
import { orderOf } from './swap-check';

const votes = (swapped: number, correct: number, runs = 120, effectiveRuns = 40) => ({
  swapped,
  correct,
  runs,
  effectiveRuns,
});

describe('orderOf', () => {
  it('reads a clear share of enough runs either way', () => {
    expect(orderOf(votes(79, 21))).toBe('swapped');
    expect(orderOf(votes(20, 80))).toBe('right');
  });

  it('says nothing of a share near even', () => {
    // 2718 #13 of align-random, a faint tiled floor in the right order: its views given the other way round.
    expect(orderOf(votes(49, 51))).toBeUndefined();
    expect(orderOf(votes(63, 37))).toBeUndefined();
  });

  it('says nothing of too few runs, too few of equal weight, or no weight at all', () => {
    expect(orderOf(votes(90, 10, 79))).toBeUndefined();
    // Thin poles in the right order (align-random seed 7373, #4): noise that flipped with the views.
    expect(orderOf(votes(76, 24, 59, 31.7))).toBeUndefined();
    expect(orderOf(votes(20, 80, 64, 32.2))).toBeUndefined();
    expect(orderOf(votes(90, 10, 120, 24.9))).toBeUndefined();
    expect(orderOf(votes(0, 0, 120, Number.NaN))).toBeUndefined();
  });
});
