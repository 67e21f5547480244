import { describe, expect, it } from 'vitest';
import { effectiveEdges, orderOf } from './swap-check';

const votes = (swapped: number, correct: number, runs = 120, effectiveRuns = 40, effectiveEdges = 6) => ({
  swapped,
  correct,
  runs,
  effectiveRuns,
  effectiveEdges,
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

  it('says nothing when the runs lie down too few edges', () => {
    // Thin poles in the right order (align-random seed 9301, #27): most runs down one pole, both ways round.
    expect(orderOf(votes(80, 20, 160, 54, 1.8))).toBeUndefined();
    expect(orderOf(votes(16, 84, 185, 63, 1.4))).toBeUndefined();
    // Thin poles given swapped (order-repetitive, scene 241), given the other way round: the fewest edges of a
    // swapped pair the benches refuse.
    expect(orderOf(votes(15, 85, 151, 46, 3.4))).toBe('right');
  });
});

describe('effectiveEdges', () => {
  const columns = (...votes: [number, number][]) => {
    const out = new Float64Array(480);
    for (const [x, w] of votes) out[x]! += w;
    return out;
  };

  it('counts the runs down one edge as one vote, however many', () => {
    // Runs down a pole, centred on one column or another of the stretch it covers.
    const pole = Array.from({ length: 50 }, (_, k) => [268 + (k % 4), 4] as [number, number]);
    expect(effectiveEdges(columns(...pole))).toBe(1);
    expect(effectiveEdges(columns([10, 4], [90, 4], [200, -4], [479, 4]))).toBe(4);
    // An empty column between two runs parts their edges.
    expect(effectiveEdges(columns([268, 4], [270, 4]))).toBe(2);
  });

  it('nets the votes of an edge and weighs the edges by them', () => {
    expect(effectiveEdges(columns([10, 9], [11, -5], [90, 4]))).toBe(2);
    expect(effectiveEdges(columns([10, 30], [90, 10]))).toBeCloseTo(1.6);
    expect(effectiveEdges(columns())).toBe(0);
  });
});
