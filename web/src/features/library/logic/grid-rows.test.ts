import { describe, expect, it } from 'vitest';
import { buildGridRows, columnsFor, sectionsNeedingMore } from './grid-rows';

describe('buildGridRows', () => {
  it('lays both sections out in rows of their own column count', () => {
    const rows = buildGridRows([
      { kind: 'wiggles', count: 5, columns: 2, hasMore: false },
      { kind: 'originals', count: 3, columns: 3, hasMore: true },
    ]);
    expect(rows).toEqual([
      { type: 'header', section: 'wiggles' },
      { type: 'items', section: 'wiggles', start: 0, end: 2 },
      { type: 'items', section: 'wiggles', start: 2, end: 4 },
      { type: 'items', section: 'wiggles', start: 4, end: 5 },
      { type: 'header', section: 'originals' },
      { type: 'items', section: 'originals', start: 0, end: 3 },
      { type: 'more', section: 'originals' },
    ]);
  });

  it('marks an empty section, and keeps 10,000 items to a few thousand rows', () => {
    const rows = buildGridRows([
      { kind: 'wiggles', count: 0, columns: 4, hasMore: false },
      { kind: 'originals', count: 10_000, columns: 6, hasMore: false },
    ]);
    expect(rows[1]).toEqual({ type: 'empty', section: 'wiggles' });
    expect(rows.filter((r) => r.type === 'items')).toHaveLength(Math.ceil(10_000 / 6));
  });
});

describe('columnsFor and sectionsNeedingMore', () => {
  it('fits cards with gaps, at least one', () => {
    expect(columnsFor(1000, 196, 8)).toBe(4);
    expect(columnsFor(1020, 196, 8)).toBe(5);
    expect(columnsFor(50, 196, 8)).toBe(1);
  });

  it('asks for the next page of sections whose "more" row is visible', () => {
    const rows = buildGridRows([
      { kind: 'wiggles', count: 2, columns: 2, hasMore: true },
      { kind: 'originals', count: 2, columns: 2, hasMore: true },
    ]);
    expect(sectionsNeedingMore(rows, [0, 1])).toEqual([]);
    expect(sectionsNeedingMore(rows, [1, 2, 3])).toEqual(['wiggles']);
    expect(sectionsNeedingMore(rows, [2, 3, 4, 5])).toEqual(['wiggles', 'originals']);
  });

  it('looks ahead so the next page loads before the end is reached', () => {
    const rows = buildGridRows([{ kind: 'originals', count: 100, columns: 5, hasMore: true }]);
    // rows: header, 20 item rows (1..20), more (21)
    expect(sectionsNeedingMore(rows, [5, 6, 7], 10)).toEqual([]);
    expect(sectionsNeedingMore(rows, [10, 11, 12], 10)).toEqual(['originals']);
  });
});
