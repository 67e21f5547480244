import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AdminOriginal } from '@wiggle/common/schemas/admin-content';
import { useState } from 'react';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { usePageTitle } from '../../lib/use-page-title';
import { contentApi } from './api/content-api';
import { DetailDialog } from './components/detail-dialog';
import { type Column, PagedTable, type TableSort } from './components/paged-table';
import { DELETE_STATUS_LABEL, dateOnly, dateTime, idFilter, megabytes } from './content-labels';
import { useAdminPages } from './use-admin-pages';

/** /admin/original: every member's uploaded originals with owner, size, type and upload date; a detail with preview. */
export function OriginalPage() {
  usePageTitle('Admin · Originals');
  const [search, setSearch] = useState('');
  const [ownerId, setOwnerId] = useState('');
  const [sort, setSort] = useState<TableSort>({ by: 'id', order: 'desc' });
  const filter = {
    search: useDebouncedValue(search.trim(), 300),
    ownerId: idFilter(useDebouncedValue(ownerId, 300)),
    sort: sort.by,
    order: sort.order,
  };
  const { tableProps } = useAdminPages<AdminOriginal>('originals', filter, (cursor) =>
    contentApi.originals(filter, cursor),
  );
  const [detail, setDetail] = useState<AdminOriginal | null>(null);

  const columns: Column<AdminOriginal>[] = [
    {
      key: 'thumb',
      label: '',
      render: (o) => (
        <Box
          component="img"
          src={contentApi.originalViewUrl(o.id, 't')}
          alt=""
          loading="lazy"
          sx={{ width: 60, height: 42, objectFit: 'cover', display: 'block', bgcolor: 'grey.200' }}
        />
      ),
    },
    { key: 'id', label: 'Id', render: (o) => o.id, align: 'right', sortKey: 'id' },
    {
      key: 'name',
      label: 'Name',
      sortKey: 'name',
      render: (o) => (
        <Link component="button" variant="body2" onClick={() => setDetail(o)}>
          {o.name}
        </Link>
      ),
    },
    {
      key: 'owner',
      label: 'Owner',
      render: (o) => (
        <Link
          component="button"
          variant="body2"
          title="Show only this member's originals"
          onClick={() => setOwnerId(String(o.owner.id))}
        >
          {o.owner.email}
        </Link>
      ),
    },
    { key: 'size', label: 'Size', render: (o) => megabytes(o.size), align: 'right', sortKey: 'size' },
    { key: 'dimensions', label: 'Pixels', render: (o) => `${o.width} × ${o.height}`, align: 'right' },
    { key: 'type', label: 'Type', render: (o) => o.format },
    { key: 'status', label: 'Status', render: (o) => DELETE_STATUS_LABEL[o.deleteStatus] },
    { key: 'uploaded', label: 'Uploaded', render: (o) => dateOnly(o.uploaded), sortKey: 'uploaded' },
  ];

  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Admin · Originals
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
      </Box>
      <PagedTable label="Originals" columns={columns} sort={sort} onSortChange={setSort} {...tableProps} />
      {detail && (
        <DetailDialog
          open
          title={`Original ${detail.id}: ${detail.name}`}
          onClose={() => setDetail(null)}
          media={
            <Box
              component="img"
              src={contentApi.originalViewUrl(detail.id, 'p')}
              alt={`Preview of ${detail.name}`}
              sx={{ maxWidth: '100%', maxHeight: 360, objectFit: 'contain', bgcolor: 'grey.100' }}
            />
          }
          fields={[
            ['Owner', `${detail.owner.name} <${detail.owner.email}> (#${detail.owner.id})`],
            ['Folder', detail.folderId ? `#${detail.folderId}` : 'library root'],
            ['Pixels', `${detail.width} × ${detail.height}`],
            ['Size', `${megabytes(detail.size)} (${detail.size} bytes)`],
            ['Type', detail.format],
            ['Delete status', DELETE_STATUS_LABEL[detail.deleteStatus]],
            ['Uploaded', dateTime(detail.uploaded)],
            [
              'File',
              <Link
                key="file"
                href={contentApi.originalViewUrl(detail.id, 'o')}
                target="_blank"
                rel="noopener"
              >
                open the original
              </Link>,
            ],
          ]}
        />
      )}
    </Paper>
  );
}
