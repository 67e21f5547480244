import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type AdminWiggle,
  type AdminWiggleAction,
  WIGGLE_RATING_MAX,
} from '@wiggle/common/schemas/admin-content';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { showSnackbar } from '../../lib/stores/notification';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { usePageTitle } from '../../lib/use-page-title';
import { contentApi } from './api/content-api';
import { DetailDialog } from './components/detail-dialog';
import { FilterSelect } from './components/filter-select';
import { type Column, PagedTable, type TableSort } from './components/paged-table';
import { DELETE_STATUS_LABEL, dateOnly, dateTime, idFilter, YES_NO } from './content-labels';
import { useAdminPages } from './use-admin-pages';

const RATINGS = Array.from({ length: WIGGLE_RATING_MAX + 1 }, (_, i) => i);

/** /admin/wiggle: every member's gallery wiggles; block, unblock, promote, unpromote, rate; a detail with its frames. */
export function WigglePage() {
  usePageTitle('Admin · Wiggles');
  const [search, setSearch] = useState('');
  const [ownerId, setOwnerId] = useState('');
  const [blocked, setBlocked] = useState('');
  const [promoted, setPromoted] = useState('');
  const [sort, setSort] = useState<TableSort>({ by: 'id', order: 'desc' });
  const filter = {
    search: useDebouncedValue(search.trim(), 300),
    ownerId: idFilter(useDebouncedValue(ownerId, 300)),
    blocked,
    promoted,
    sort: sort.by,
    order: sort.order,
  };
  const { tableProps, replaceRow } = useAdminPages<AdminWiggle>('wiggles', filter, (cursor) =>
    contentApi.wiggles(filter, cursor),
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
    {
      key: 'thumb',
      label: '',
      render: (w) => (
        <Box
          component="img"
          src={contentApi.wiggleFrameUrl(w.id, 'left-t')}
          alt=""
          loading="lazy"
          sx={{ width: 60, height: 42, objectFit: 'cover', display: 'block', bgcolor: 'grey.200' }}
        />
      ),
    },
    { key: 'id', label: 'Id', render: (w) => w.id, align: 'right', sortKey: 'id' },
    {
      key: 'name',
      label: 'Name',
      sortKey: 'name',
      render: (w) => (
        <Link component="button" variant="body2" onClick={() => setDetail(w)}>
          {w.name}
        </Link>
      ),
    },
    {
      key: 'owner',
      label: 'Owner',
      render: (w) => (
        <Link
          component="button"
          variant="body2"
          title="Show only this member's wiggles"
          onClick={() => setOwnerId(String(w.owner.id))}
        >
          {w.owner.email}
        </Link>
      ),
    },
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
    <Paper sx={{ p: 2 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Admin · Wiggles
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <TextField
          label="Search name"
          size="small"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <TextField
          label="Owner id"
          size="small"
          value={ownerId}
          onChange={(event) => setOwnerId(event.target.value)}
          sx={{ width: 120 }}
        />
        <FilterSelect label="Blocked" value={blocked} onChange={setBlocked} options={YES_NO} />
        <FilterSelect label="Promoted" value={promoted} onChange={setPromoted} options={YES_NO} />
      </Box>
      <PagedTable label="Wiggles" columns={columns} sort={sort} onSortChange={setSort} {...tableProps} />
      {detail && (
        <DetailDialog
          open
          title={`Wiggle ${detail.id}: ${detail.name}`}
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
            ['Owner', `${detail.owner.name} <${detail.owner.email}> (#${detail.owner.id})`],
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
    </Paper>
  );
}
