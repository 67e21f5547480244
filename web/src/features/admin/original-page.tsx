import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import type { AdminOriginal } from '@wiggle/common/schemas/admin-content';
import { useState } from 'react';
import { contentApi } from './api/content-api';
import { contentColumns } from './components/content-columns';
import { ContentDetailDialog } from './components/content-detail-dialog';
import { ContentListFrame } from './components/content-list-frame';
import type { Column } from './components/paged-table';
import { DELETE_STATUS_LABEL, dateOnly, dateTime, megabytes } from './content-labels';
import { useAdminPages } from './use-admin-pages';
import { useContentFilter } from './use-content-filter';

/** /admin/original: every member's uploaded originals with owner, size, type and upload date; a detail with preview. */
export function OriginalPage() {
  const filter = useContentFilter();
  const { tableProps } = useAdminPages<AdminOriginal>('originals', filter.query, (cursor) =>
    contentApi.originals(filter.query, cursor),
  );
  const [detail, setDetail] = useState<AdminOriginal | null>(null);

  const columns: Column<AdminOriginal>[] = [
    ...contentColumns<AdminOriginal>({
      noun: 'originals',
      thumbnailUrl: (o) => contentApi.originalViewUrl(o.id, 't'),
      onOpen: setDetail,
      onOwner: filter.setOwnerId,
    }),
    { key: 'size', label: 'Size', render: (o) => megabytes(o.size), align: 'right', sortKey: 'size' },
    { key: 'dimensions', label: 'Pixels', render: (o) => `${o.width} × ${o.height}`, align: 'right' },
    { key: 'type', label: 'Type', render: (o) => o.format },
    { key: 'status', label: 'Status', render: (o) => DELETE_STATUS_LABEL[o.deleteStatus] },
    { key: 'uploaded', label: 'Uploaded', render: (o) => dateOnly(o.uploaded), sortKey: 'uploaded' },
  ];

  return (
    <ContentListFrame filter={filter} label="Originals" columns={columns} {...tableProps}>
      {detail && (
        <ContentDetailDialog
          kind="Original"
          row={detail}
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
    </ContentListFrame>
  );
}
