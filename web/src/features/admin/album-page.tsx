import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import type { AdminAlbum } from '@wiggle/common/schemas/admin-content';
import { useState } from 'react';
import { contentApi } from './api/content-api';
import { contentColumns } from './components/content-columns';
import { ContentDetailDialog } from './components/content-detail-dialog';
import { ContentListFrame } from './components/content-list-frame';
import { FilterSelect } from './components/filter-select';
import type { Column } from './components/paged-table';
import { DELETE_STATUS_LABEL, dateTime, YES_NO } from './content-labels';
import { useAdminPages } from './use-admin-pages';
import { useContentFilter } from './use-content-filter';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');

/** /admin/album: every member's gallery albums with owner, public flags and wiggle count; a detail per album. */
export function AlbumPage() {
  const filter = useContentFilter();
  const [isPublic, setIsPublic] = useState('');
  const query = { ...filter.query, public: isPublic };
  const { tableProps } = useAdminPages<AdminAlbum>('albums', query, (cursor) =>
    contentApi.albums(query, cursor),
  );
  const [detail, setDetail] = useState<AdminAlbum | null>(null);

  const columns: Column<AdminAlbum>[] = [
    ...contentColumns<AdminAlbum>({ noun: 'albums', onOpen: setDetail, onOwner: filter.setOwnerId }),
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
    <ContentListFrame
      filter={filter}
      label="Albums"
      columns={columns}
      {...tableProps}
      filters={<FilterSelect label="Public" value={isPublic} onChange={setIsPublic} options={YES_NO} />}
    >
      {detail && (
        <ContentDetailDialog
          kind="Album"
          row={detail}
          onClose={() => setDetail(null)}
          fields={[
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
    </ContentListFrame>
  );
}
