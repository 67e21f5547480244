import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { TIMING } from '@wiggle/common/constants';
import { GALLERY_SORTS, type GalleryWiggle } from '@wiggle/common/schemas/gallery';
import { useState } from 'react';
import { useSetting } from '../../../lib/stores/settings';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useGalleryWigglePages } from '../api/wiggles';
import { GalleryWiggleCard } from './gallery-wiggle-card';

const SORT_LABELS = { name: 'Name', created: 'Created', lastModified: 'Last modified' } as const;

/** The album's wiggles: search by name, sort (the gallery has no rating sort), keyset pages on demand. */
export function GalleryWiggles({
  albumId,
  onOpen,
}: {
  albumId: number | null;
  onOpen: (w: GalleryWiggle) => void;
}) {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), TIMING.defaultDebounceMs);
  const [sort, setSort] = useSetting('galleryWiggleSort');
  const pages = useGalleryWigglePages({ albumId, sort: sort.by, order: sort.order, search });
  const wiggles = pages.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, px: 2, minHeight: 0, flex: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <TextField
          size="small"
          type="search"
          label="Search wiggles"
          value={searchText}
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
      {pages.isError ? <Typography color="error">The wiggles could not be loaded.</Typography> : null}
      <Box
        role="list"
        aria-label="Gallery wiggles"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, overflow: 'auto' }}
      >
        {wiggles.map((wiggle) => (
          <Box role="listitem" key={wiggle.id}>
            <GalleryWiggleCard wiggle={wiggle} onOpen={onOpen} />
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
