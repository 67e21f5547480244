import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import {
  type AdminWiggle,
  type AdminWiggleAction,
  WIGGLE_RATING_MAX,
} from '@wiggle/common/schemas/admin-content';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { showSnackbar } from '../../lib/stores/notification';
import { contentApi } from './api/content-api';
import { contentColumns } from './components/content-columns';
import { ContentDetailDialog } from './components/content-detail-dialog';
import { ContentListFrame } from './components/content-list-frame';
import { FilterSelect } from './components/filter-select';
import type { Column } from './components/paged-table';
import { DELETE_STATUS_LABEL, dateOnly, dateTime, YES_NO } from './content-labels';
import { useAdminPages } from './use-admin-pages';
import { useContentFilter } from './use-content-filter';

const RATINGS = Array.from({ length: WIGGLE_RATING_MAX + 1 }, (_, i) => i);

/** /admin/wiggle: every member's gallery wiggles; block, unblock, promote, unpromote, rate; a detail with its frames. */
export function WigglePage() {
  const filter = useContentFilter();
  const [blocked, setBlocked] = useState('');
  const [promoted, setPromoted] = useState('');
  const query = { ...filter.query, blocked, promoted };
  const { tableProps, replaceRow } = useAdminPages<AdminWiggle>('wiggles', query, (cursor) =>
    contentApi.wiggles(query, cursor),
  );
  const [busy, setBusy] = useState<number | null>(null);
  const [detail, setDetail] = useState<AdminWiggle | null>(null);

  const run = async (wiggle: AdminWiggle, call: () => Promise<AdminWiggle>, done: string) => {
    setBusy(wiggle.id);
    try {
      const row = await call();
      replaceRow(row);
      if (detail?.id === row.id) setDetail(row);
      showSnackbar(`${row.name}: ${done}.`, 'success');
    } catch (error) {
      showSnackbar(errorMessage(error, 'The action failed.'), 'error');
    } finally {
      setBusy(null);
    }
  };
  const act = (wiggle: AdminWiggle, action: AdminWiggleAction) =>
    run(wiggle, () => contentApi.wiggleAction(wiggle.id, action), `${action} done`);
  const rate = (wiggle: AdminWiggle, rating: number) =>
    run(wiggle, () => contentApi.rateWiggle(wiggle.id, rating), `rated ${rating}`);

  const actionsOf = (w: AdminWiggle) => (
    <>
      <Button
        size="small"
        disabled={busy === w.id}
        onClick={() => void act(w, w.blocked ? 'unblock' : 'block')}
      >
        {w.blocked ? 'unblock' : 'block'}
      </Button>
      <Button
        size="small"
        disabled={busy === w.id}
        onClick={() => void act(w, w.promoted ? 'unpromote' : 'promote')}
      >
        {w.promoted ? 'unpromote' : 'promote'}
      </Button>
    </>
  );

  const columns: Column<AdminWiggle>[] = [
    ...contentColumns<AdminWiggle>({
      noun: 'wiggles',
      thumbnailUrl: (w) => contentApi.wiggleFrameUrl(w.id, 'left-t'),
      onOpen: setDetail,
      onOwner: filter.setOwnerId,
    }),
    { key: 'album', label: 'Album', render: (w) => w.album?.name ?? '—' },
    {
      key: 'status',
      label: 'Status',
      render: (w) => (
        <Box sx={{ display: 'flex', gap: 0.5 }}>
          {w.deleteStatus !== 0 && <Chip size="small" label={DELETE_STATUS_LABEL[w.deleteStatus]} />}
          {w.blocked && <Chip size="small" color="error" label="Blocked" />}
          {w.promoted && <Chip size="small" color="success" label="Promoted" />}
          {w.deleteStatus === 0 && !w.blocked && !w.promoted && 'Active'}
        </Box>
      ),
    },
    { key: 'rating', label: 'Rating', render: (w) => w.rating, align: 'right', sortKey: 'rating' },
    { key: 'views', label: 'Views', render: (w) => w.viewCount, align: 'right', sortKey: 'views' },
    { key: 'created', label: 'Created', render: (w) => dateOnly(w.created), sortKey: 'created' },
    {
      key: 'actions',
      label: 'Actions',
      render: (w) => (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, width: 180 }}>{actionsOf(w)}</Box>
      ),
    },
  ];

  return (
    <ContentListFrame
      filter={filter}
      label="Wiggles"
      columns={columns}
      {...tableProps}
      filters={
        <>
          <FilterSelect label="Blocked" value={blocked} onChange={setBlocked} options={YES_NO} />
          <FilterSelect label="Promoted" value={promoted} onChange={setPromoted} options={YES_NO} />
        </>
      }
    >
      {detail && (
        <ContentDetailDialog
          kind="Wiggle"
          row={detail}
          onClose={() => setDetail(null)}
          media={(['left-f', 'right-f'] as const).map((frame) => (
            <Box
              key={frame}
              component="img"
              src={contentApi.wiggleFrameUrl(detail.id, frame)}
              alt={`${detail.name}, ${frame.startsWith('left') ? 'left' : 'right'} view`}
              sx={{ maxWidth: 'calc(50% - 8px)', maxHeight: 320, objectFit: 'contain', bgcolor: 'grey.100' }}
            />
          ))}
          fields={[
            ['Album', detail.album ? `${detail.album.name} (#${detail.album.id})` : '—'],
            ['Description', detail.description || '—'],
            ['Size', `${detail.width} × ${detail.height}`],
            ['Delete status', DELETE_STATUS_LABEL[detail.deleteStatus]],
            ['Blocked', detail.blocked ? 'Yes' : 'No'],
            ['Promoted', detail.promoted ? 'Yes' : 'No'],
            ['Share allowed', detail.allowShare ? 'Yes' : 'No'],
            ['In the feed', detail.showInFeed ? 'Yes' : 'No'],
            ['Views', detail.viewCount],
            [
              'Rating',
              <TextField
                key="rating"
                select
                size="small"
                value={detail.rating}
                disabled={busy === detail.id}
                onChange={(event) => void rate(detail, Number(event.target.value))}
                slotProps={{ htmlInput: { 'aria-label': 'Rating' } }}
                sx={{ minWidth: 80 }}
              >
                {RATINGS.map((r) => (
                  <MenuItem key={r} value={r}>
                    {r}
                  </MenuItem>
                ))}
              </TextField>,
            ],
            ['Created', dateTime(detail.created)],
            ['Last modified', dateTime(detail.lastModified)],
          ]}
          actions={actionsOf(detail)}
        />
      )}
    </ContentListFrame>
  );
}
