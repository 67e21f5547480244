import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { ORIGINAL_SORTS, WIGGLE_SORTS } from '@wiggle/common/enums';
import { useSetting } from '../../../lib/stores/settings';
import type { SectionKind } from '../logic/grid-rows';
import { ORIGINAL_SORT_LABELS, SortControl, WIGGLE_SORT_LABELS } from './sort-control';

/** A list's title and count with its own sort (SPEC: originals by name asc, wiggles by created asc). */
export function SectionHeader({
  section,
  count,
  more,
}: {
  section: SectionKind;
  count: number;
  more: boolean;
}) {
  const [originalSort, setOriginalSort] = useSetting('libraryOriginalSort');
  const [wiggleSort, setWiggleSort] = useSetting('libraryWiggleSort');
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, height: '100%', pt: 1 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
        {section === 'wiggles' ? 'Wiggles' : 'Originals'}{' '}
        <Typography component="span" color="text.secondary">
          ({count}
          {more ? '+' : ''})
        </Typography>
      </Typography>
      {section === 'wiggles' ? (
        <SortControl
          label="Sort wiggles by"
          options={WIGGLE_SORTS}
          labels={WIGGLE_SORT_LABELS}
          value={wiggleSort}
          onChange={setWiggleSort}
        />
      ) : (
        <SortControl
          label="Sort originals by"
          options={ORIGINAL_SORTS}
          labels={ORIGINAL_SORT_LABELS}
          value={originalSort}
          onChange={setOriginalSort}
        />
      )}
    </Box>
  );
}
