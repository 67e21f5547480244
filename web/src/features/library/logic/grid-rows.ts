/**
 * The two lists of the main area (wiggles, then originals) as one sequence of rows, so a single
 * virtualizer scrolls both and only the rows on screen exist in the DOM.
 */
export type SectionKind = 'wiggles' | 'originals';

export interface GridSection {
  kind: SectionKind;
  count: number;
  columns: number;
  /** More pages exist on the server. */
  hasMore: boolean;
}

export type GridRow =
  | { type: 'header'; section: SectionKind }
  | { type: 'items'; section: SectionKind; start: number; end: number }
  | { type: 'empty'; section: SectionKind }
  | { type: 'more'; section: SectionKind };

export function buildGridRows(sections: readonly GridSection[]): GridRow[] {
  const rows: GridRow[] = [];
  for (const section of sections) {
    rows.push({ type: 'header', section: section.kind });
    if (section.count === 0 && !section.hasMore) rows.push({ type: 'empty', section: section.kind });
    const columns = Math.max(1, section.columns);
    for (let start = 0; start < section.count; start += columns) {
      rows.push({
        type: 'items',
        section: section.kind,
        start,
        end: Math.min(start + columns, section.count),
      });
    }
    if (section.hasMore) rows.push({ type: 'more', section: section.kind });
  }
  return rows;
}

/** How many cards of `cardWidth` fit in `width` with `gap` between them (at least one). */
export function columnsFor(width: number, cardWidth: number, gap: number): number {
  return Math.max(1, Math.floor((width + gap) / (cardWidth + gap)));
}

/**
 * Sections to fetch the next page for: those whose "more" row is within `lookahead` rows after the last
 * visible one, so the next page is usually there before the member scrolls to the end of the loaded part.
 */
export function sectionsNeedingMore(
  rows: readonly GridRow[],
  visibleIndexes: readonly number[],
  lookahead = 0,
): SectionKind[] {
  if (visibleIndexes.length === 0) return [];
  const first = Math.min(...visibleIndexes);
  const last = Math.max(...visibleIndexes) + lookahead;
  const wanted = new Set<SectionKind>();
  for (let index = first; index <= last && index < rows.length; index++) {
    const row = rows[index];
    if (row?.type === 'more') wanted.add(row.section);
  }
  return [...wanted];
}
