import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AdminAlbum } from '@wiggle/common/schemas/admin-content';
import { useState } from 'react';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { usePageTitle } from '../../lib/use-page-title';
import { contentApi } from './api/content-api';
import { DetailDialog } from './components/detail-dialog';
import { FilterSelect } from './components/filter-select';
import { type Column, PagedTable, type TableSort } from './components/paged-table';
import { DELETE_STATUS_LABEL, dateTime, idFilter, YES_NO } from './content-labels';
import { useAdminPages } from './use-admin-pages';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** /admin/album: every member's gallery albums with owner, public flags and wiggle count; a detail per album. */
export function AlbumPage() {
  usePageTitle('Admin · Albums');
  const [search, setSearch] = useState('');
  const [ownerId, setOwnerId] = useState('');
  const [isPublic, setIsPublic] = useState('');
  const [sort, setSort] = useState<TableSort>({ by: 'id', order: 'desc' });
  const filter = {
    search: useDebouncedValue(search.trim(), 300),
    ownerId: idFilter(useDebouncedValue(ownerId, 300)),
    public: isPublic,
    sort: sort.by,
    order: sort.order,
  };
  const { tableProps } = useAdminPages<AdminAlbum>('albums', filter, (cursor) =>
    contentApi.albums(filter, cursor),
  );
  const [detail, setDetail] = useState<AdminAlbum | null>(null);

  const columns: Column<AdminAlbum>[] = [
    { key: 'id', label: 'Id', render: (a) => a.id, align: 'right', sortKey: 'id' },
    {
      key: 'name',
      label: 'Name',
      sortKey: 'name',
      render: (a) => (
        <Link component="button" variant="body2" onClick={() => setDetail(a)}>
          {a.name}
        </Link>
      ),
    },
    {
      key: 'owner',
      label: 'Owner',
      render: (a) => (
        <Link
          component="button"
          variant="body2"
          title="Show only this member's albums"
          onClick={() => setOwnerId(String(a.owner.id))}
        >
          {a.owner.email}
        </Link>
      ),
    },
    {
      key: 'public',
      label: 'Public',
      render: (a) => (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          {a.isPublic && <Chip size="small" color="primary" label="Public" />}
          {!a.isPublic && a.hasPublicParent && <Chip size="small" label="Public parent" />}
          {a.preventPublicListing && <Chip size="small" label="Unlisted" />}
          {!a.isPublic && !a.hasPublicParent && 'Private'}
        </Box>
      ),
    },
    { key: 'wiggles', label: 'Wiggles', render: (a) => a.wiggleCount, align: 'right' },
    { key: 'status', label: 'Status', render: (a) => DELETE_STATUS_LABEL[a.deleteStatus] },
    { key: 'created', label: 'Created', render: (a) => dateTime(a.created), sortKey: 'created' },
  ];

  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Admin · Albums
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
        <FilterSelect label="Public" value={isPublic} onChange={setIsPublic} options={YES_NO} />
      </Box>
      <PagedTable label="Albums" columns={columns} sort={sort} onSortChange={setSort} {...tableProps} />
      {detail && (
        <DetailDialog
          open
          title={`Album ${detail.id}: ${detail.name}`}
          onClose={() => setDetail(null)}
          fields={[
            ['Owner', `${detail.owner.name} <${detail.owner.email}> (#${detail.owner.id})`],
            ['Parent album', detail.parentId ? `#${detail.parentId}` : '—'],
            ['Public', yesNo(detail.isPublic)],
            ['Public through a parent', yesNo(detail.hasPublicParent)],
            ['Prevent public listing', yesNo(detail.preventPublicListing)],
            ['Wiggles', detail.wiggleCount],
            ['Delete status', DELETE_STATUS_LABEL[detail.deleteStatus]],
            ['Created', dateTime(detail.created)],
            [
              'Public page',
              detail.isPublic || detail.hasPublicParent ? (
                <Link key="page" href={`/album/${detail.id}`} target="_blank" rel="noopener">
                  /album/{detail.id}
                </Link>
              ) : (
                'none (not public)'
              ),
            ],
          ]}
        />
      )}
    </Paper>
  );
}
