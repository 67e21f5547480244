import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TIMING, WIGGLE_THUMBNAIL } from '@wiggle/common/constants';
import { MoveType } from '@wiggle/common/enums';
import { GALLERY_SORTS, type GalleryWiggle } from '@wiggle/common/schemas/gallery';
import {
  type DragEvent,
  type KeyboardEvent,
  type MouseEvent,
  useCallback,
  useMemo,
  useRef,
  useState,
} from 'react';
import { ZoomControl } from '../../../components/zoom-control';
import { writeDraggedItems } from '../../../lib/drag-items';
import { useSetting } from '../../../lib/stores/settings';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useSectionSelection } from '../../../lib/use-section-selection';
import { scaledThumbnail } from '../../../lib/zoom';
import { useGalleryWigglePages } from '../api/wiggles';
import { GalleryWiggleCard } from './gallery-wiggle-card';
import { type SelectionAction, SelectionBar } from './selection-bar';

const SORT_LABELS = { name: 'Name', created: 'Created', lastModified: 'Last modified' } as const;

interface GalleryWigglesProps {
  albumId: number | null;
  onOpen: (wiggle: GalleryWiggle) => void;
  /** Move, copy or trash the selected wiggles. */
  onSelection: (action: 'move' | 'copy' | 'delete', ids: number[]) => void;
}

/**
 * The album's wiggles: search by name, sort (the gallery has no rating sort), zoom, multi-select with bulk move,
 * copy and trash, dragging onto the album tree, and keyset pages on demand. Sort and zoom live in the settings.
 */
export function GalleryWiggles({ albumId, onOpen, onSelection }: GalleryWigglesProps) {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), TIMING.defaultDebounceMs);
  const [sort, setSort] = useSetting('galleryWiggleSort');
  const [zoomIndex, setZoomIndex] = useSetting('galleryZoomIndex');
  const pages = useGalleryWigglePages({ albumId, sort: sort.by, order: sort.order, search });
  const wiggles = useMemo(() => pages.data?.pages.flatMap((p) => p.items) ?? [], [pages.data]);
  const order = useMemo(() => wiggles.map((w) => w.id), [wiggles]);
  const selection = useSectionSelection(order);
  const size = useMemo(() => scaledThumbnail(WIGGLE_THUMBNAIL, zoomIndex), [zoomIndex]);
  const latest = useRef({ selection, onOpen });
  latest.current = { selection, onOpen };
  const click = useCallback((id: number, event: MouseEvent) => latest.current.selection.click(id, event), []);
  const open = useCallback((wiggle: GalleryWiggle) => latest.current.onOpen(wiggle), []);
  const drag = useCallback((id: number, event: DragEvent) => {
    const { selected, ids } = latest.current.selection;
    writeDraggedItems(event.dataTransfer, { type: MoveType.Wiggle, ids: selected.has(id) ? ids : [id] });
  }, []);

  const act = (action: SelectionAction) => {
    if (action === 'selectAll') return selection.selectAll();
    if (action === 'clear') return selection.clear();
    if (selection.ids.length > 0) onSelection(action, selection.ids);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.target instanceof HTMLInputElement) return;
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'a') {
      event.preventDefault();
      act('selectAll');
    } else if (event.key === 'Escape') act('clear');
    else if (event.key === 'Delete') act('delete');
  };

  return (
    <Box
      onKeyDown={onKeyDown}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1, px: 2, minHeight: 0, flex: 1 }}
    >
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          size="small"
          type="search"
          label="Search wiggles"
          value={searchText}
          slotProps={{ htmlInput: { maxLength: 255 } }}
          onChange={(event) => setSearchText(event.target.value)}
        />
        <TextField
          size="small"
          select
          label="Sort by"
          value={sort.by}
          onChange={(event) => setSort({ ...sort, by: event.target.value as typeof sort.by })}
        >
          {GALLERY_SORTS.map((by) => (
            <MenuItem key={by} value={by}>
              {SORT_LABELS[by]}
            </MenuItem>
          ))}
        </TextField>
        <Button onClick={() => setSort({ ...sort, order: sort.order === 'asc' ? 'desc' : 'asc' })}>
          {sort.order === 'asc' ? 'Ascending' : 'Descending'}
        </Button>
      </Box>
      <SelectionBar count={selection.ids.length} partiallyLoaded={pages.hasNextPage} onAction={act}>
        <ZoomControl index={zoomIndex} onChange={setZoomIndex} />
      </SelectionBar>
      {pages.isError ? <Typography color="error">The wiggles could not be loaded.</Typography> : null}
      <Box
        role="list"
        aria-label="Gallery wiggles"
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1.5,
          overflow: 'auto',
          p: 0.5,
          alignContent: 'flex-start',
        }}
      >
        {wiggles.map((wiggle) => (
          <Box role="listitem" key={wiggle.id}>
            <GalleryWiggleCard
              wiggle={wiggle}
              size={size}
              selected={selection.selected.has(wiggle.id)}
              onClick={click}
              onOpen={open}
              onDragStart={drag}
            />
          </Box>
        ))}
      </Box>
      {pages.isSuccess && wiggles.length === 0 ? (
        <Typography color="text.secondary">
          {search
            ? 'No wiggle matches the search.'
            : 'No wiggles here yet. Exported wiggles arrive in the gallery.'}
        </Typography>
      ) : null}
      {pages.hasNextPage ? (
        <Button onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
          Load more
        </Button>
      ) : null}
    </Box>
  );
}
