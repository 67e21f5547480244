import { describe, expect, it } from 'vitest';
import { clickSelection, emptySelection, pruneSelection, selectAll, selectedInOrder } from './selection';

const order = [10, 20, 30, 40, 50];
const plain = { toggle: false, range: false };
const toggle = { toggle: true, range: false };
const range = { toggle: false, range: true };
const ids = (s: { selected: ReadonlySet<number> }) => [...s.selected].sort((a, b) => a - b);

describe('selection model', () => {
  it('a plain click selects only that item', () => {
    let s = clickSelection(emptySelection, order, 20, plain);
    s = clickSelection(s, order, 40, plain);
    expect(ids(s)).toEqual([40]);
    expect(s.anchor).toBe(40);
  });

  it('ctrl/cmd toggles and moves the anchor', () => {
    let s = clickSelection(emptySelection, order, 20, plain);
    s = clickSelection(s, order, 40, toggle);
    expect(ids(s)).toEqual([20, 40]);
    s = clickSelection(s, order, 20, toggle);
    expect(ids(s)).toEqual([40]);
    expect(s.anchor).toBe(20);
  });

  it('shift selects the range from the anchor, both directions, replacing the rest', () => {
    let s = clickSelection(emptySelection, order, 20, plain);
    s = clickSelection(s, order, 40, range);
    expect(ids(s)).toEqual([20, 30, 40]);
    // The anchor stays, so a second shift click re-spans from it.
    s = clickSelection(s, order, 10, range);
    expect(ids(s)).toEqual([10, 20]);
  });

  it('ctrl+shift adds the range to the existing selection', () => {
    let s = clickSelection(emptySelection, order, 50, plain);
    s = clickSelection(s, order, 10, toggle);
    s = clickSelection(s, order, 30, { toggle: true, range: true });
    expect(ids(s)).toEqual([10, 20, 30, 50]);
  });

  it('shift without an anchor behaves like a plain click', () => {
    expect(ids(clickSelection(emptySelection, order, 30, range))).toEqual([30]);
  });

  it('select all, prune and list order', () => {
    const all = selectAll(order);
    expect(ids(all)).toEqual(order);
    const pruned = pruneSelection(all, new Set([10, 30]));
    expect(ids(pruned)).toEqual([10, 30]);
    expect(pruned.anchor).toBe(10);
    expect(pruneSelection(pruned, new Set([10, 30]))).toBe(pruned);
    const picked = clickSelection(clickSelection(emptySelection, order, 50, plain), order, 10, toggle);
    expect(selectedInOrder(picked, order)).toEqual([10, 50]);
  });
});
