import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useVirtualizer } from '@tanstack/react-virtual';
import { ORIGINAL_THUMBNAIL, WIGGLE_THUMBNAIL } from '@wiggle/common/constants';
import type { Original, Wiggle } from '@wiggle/common/schemas/library';
import {
  type DragEvent,
  type KeyboardEvent,
  type MouseEvent,
  useCallback,
  useEffect,
  useMemo,
  useRef,
} from 'react';
import { useElementWidth } from '../../../lib/use-element-width';
import { scaledThumbnail } from '../../../lib/zoom';
import {
  buildGridRows,
  columnsFor,
  type GridRow,
  type SectionKind,
  sectionsNeedingMore,
} from '../logic/grid-rows';
import { CARD_CAPTION_HEIGHT, CARD_PADDING, OriginalCard } from './original-card';
import { SectionHeader } from './section-header';
import { WiggleCard } from './wiggle-card';

const GAP = 10;
const HEADER_HEIGHT = 56;
const NOTE_HEIGHT = 56;
const SIDE_PADDING = 16;
/** Rows before the end of the loaded part at which the next page is requested. */
const PREFETCH_ROWS = 15;

export interface SectionData<T> {
  items: readonly T[];
  hasMore: boolean;
  loading: boolean;
  fetchMore: () => void;
  selected: ReadonlySet<number>;
}

interface LibraryGridProps {
  zoomIndex: number;
  wiggles: SectionData<Wiggle>;
  originals: SectionData<Original>;
  /** Whether anything is filtered, to word the empty lists. */
  searching: boolean;
  onItemClick: (section: SectionKind, id: number, event: MouseEvent) => void;
  onSelectAll: () => void;
  onClearSelection: () => void;
  /** Delete key: the selection goes to the trash. */
  onTrashSelection: () => void;
  onOpenWiggle: (wiggle: Wiggle) => void;
  onOpenOriginal: (original: Original) => void;
  onDeleteWiggle: (wiggle: Wiggle) => void;
  onDragItems: (section: SectionKind, id: number, event: DragEvent) => void;
}

/**
 * Wiggles and originals of the folder in one virtualized scroll: only the rows on screen are in the DOM,
 * and reaching a list's end asks for its next keyset page, so 10,000 originals scroll like 10.
 */
export function LibraryGrid(props: LibraryGridProps) {
  const { wiggles, originals, zoomIndex } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const width = useElementWidth(scrollRef, 800);
  // Cards are memoized; handlers that keep their identity let a scroll render only the rows that appear.
  const latest = useRef(props);
  latest.current = props;
  const handlers = useMemo(
    () => ({
      wiggleClick: (id: number, event: MouseEvent) => latest.current.onItemClick('wiggles', id, event),
      originalClick: (id: number, event: MouseEvent) => latest.current.onItemClick('originals', id, event),
      openWiggle: (wiggle: Wiggle) => latest.current.onOpenWiggle(wiggle),
      openOriginal: (original: Original) => latest.current.onOpenOriginal(original),
      deleteWiggle: (wiggle: Wiggle) => latest.current.onDeleteWiggle(wiggle),
      dragWiggle: (id: number, event: DragEvent) => latest.current.onDragItems('wiggles', id, event),
      dragOriginal: (id: number, event: DragEvent) => latest.current.onDragItems('originals', id, event),
    }),
    [],
  );

  const wiggleThumb = scaledThumbnail(WIGGLE_THUMBNAIL, zoomIndex);
  const originalThumb = scaledThumbnail(ORIGINAL_THUMBNAIL, zoomIndex);
  const inner = width - SIDE_PADDING * 2;
  const wiggleColumns = columnsFor(inner, wiggleThumb.width + CARD_PADDING * 2, GAP);
  const originalColumns = columnsFor(inner, originalThumb.width + CARD_PADDING * 2, GAP);
  const rows = useMemo(
    () =>
      buildGridRows([
        { kind: 'wiggles', count: wiggles.items.length, columns: wiggleColumns, hasMore: wiggles.hasMore },
        {
          kind: 'originals',
          count: originals.items.length,
          columns: originalColumns,
          hasMore: originals.hasMore,
        },
      ]),
    [
      wiggles.items.length,
      wiggles.hasMore,
      originals.items.length,
      originals.hasMore,
      wiggleColumns,
      originalColumns,
    ],
  );

  const wiggleRowHeight = wiggleThumb.height + CARD_PADDING * 2 + CARD_CAPTION_HEIGHT + GAP;
  const originalRowHeight = originalThumb.height + CARD_PADDING * 2 + CARD_CAPTION_HEIGHT + GAP;
  const rowHeight = useCallback(
    (index: number) => {
      const row = rows[index];
      if (!row) return 0;
      if (row.type === 'header') return HEADER_HEIGHT;
      if (row.type !== 'items') return NOTE_HEIGHT;
      return row.section === 'wiggles' ? wiggleRowHeight : originalRowHeight;
    },
    [rows, wiggleRowHeight, originalRowHeight],
  );

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: rowHeight,
    overscan: 4,
    // React batches scroll renders instead of one synchronous render per scroll event.
    useFlushSync: false,
  });
  // Row heights follow the zoom; cached sizes must be dropped when it changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: rowHeight is the trigger, not a capture.
  useEffect(() => virtualizer.measure(), [virtualizer, rowHeight]);

  const virtualRows = virtualizer.getVirtualItems();
  const visibleKey = virtualRows.map((r) => r.index).join(',');
  const { fetchMore: fetchMoreWiggles, loading: wigglesLoading } = wiggles;
  const { fetchMore: fetchMoreOriginals, loading: originalsLoading } = originals;
  useEffect(() => {
    const indexes = visibleKey ? visibleKey.split(',').map(Number) : [];
    for (const section of sectionsNeedingMore(rows, indexes, PREFETCH_ROWS)) {
      if (section === 'wiggles' && !wigglesLoading) fetchMoreWiggles();
      if (section === 'originals' && !originalsLoading) fetchMoreOriginals();
    }
  }, [visibleKey, rows, wigglesLoading, originalsLoading, fetchMoreWiggles, fetchMoreOriginals]);

  const onKeyDown = (event: KeyboardEvent) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      props.onSelectAll();
    }
    if (event.key === 'Escape') props.onClearSelection();
    if (event.key === 'Delete') props.onTrashSelection();
  };

  const renderRow = (row: GridRow) => {
    if (row.type === 'header') {
      const data = row.section === 'wiggles' ? wiggles : originals;
      return <SectionHeader section={row.section} count={data.items.length} more={data.hasMore} />;
    }
    if (row.type === 'empty') {
      const loading = row.section === 'wiggles' ? wiggles.loading : originals.loading;
      if (loading) return <CircularProgress size={24} aria-label="Loading" />;
      const text = props.searching
        ? 'Nothing matches the search.'
        : row.section === 'wiggles'
          ? 'No wiggles here yet. Select two originals and choose "Create wiggle".'
          : 'No originals here yet. Upload stereo photos (pairs, side-by-side images or MPO files) or drop them here.';
      return (
        <Typography color="text.secondary" noWrap title={text} sx={{ py: 1.5 }}>
          {text}
        </Typography>
      );
    }
    if (row.type === 'more') {
      return (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1.5, color: 'text.secondary' }}>
          <CircularProgress size={20} /> Loading more…
        </Box>
      );
    }
    const cards =
      row.section === 'wiggles'
        ? wiggles.items
            .slice(row.start, row.end)
            .map((w) => (
              <WiggleCard
                key={w.id}
                wiggle={w}
                thumbWidth={wiggleThumb.width}
                thumbHeight={wiggleThumb.height}
                selected={wiggles.selected.has(w.id)}
                onClick={handlers.wiggleClick}
                onOpen={handlers.openWiggle}
                onDelete={handlers.deleteWiggle}
                onDragStart={handlers.dragWiggle}
              />
            ))
        : originals.items
            .slice(row.start, row.end)
            .map((o) => (
              <OriginalCard
                key={o.id}
                original={o}
                thumbWidth={originalThumb.width}
                thumbHeight={originalThumb.height}
                selected={originals.selected.has(o.id)}
                onClick={handlers.originalClick}
                onOpen={handlers.openOriginal}
                onDragStart={handlers.dragOriginal}
              />
            ));
    return <div style={{ display: 'flex', gap: GAP }}>{cards}</div>;
  };

  return (
    <Box
      ref={scrollRef}
      role="listbox"
      aria-multiselectable
      aria-label="Wiggles and originals"
      tabIndex={0}
      onKeyDown={onKeyDown}
      onClick={(event) => {
        // A click on empty space clears the selection, as in a file manager.
        if (!(event.target as Element).closest('[role="option"]')) props.onClearSelection();
      }}
      sx={{ flex: 1, minHeight: 0, overflow: 'auto', outline: 'none', px: `${SIDE_PADDING}px` }}
    >
      <Box sx={{ height: virtualizer.getTotalSize(), position: 'relative', pointerEvents: 'none' }}>
        {virtualRows.map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <div
              key={item.key}
              data-index={item.index}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                height: item.size,
                transform: `translateY(${item.start}px)`,
                pointerEvents: 'auto',
                paddingTop: row.type === 'items' ? GAP / 2 : 0,
              }}
            >
              {renderRow(row)}
            </div>
          );
        })}
      </Box>
    </Box>
  );
}
