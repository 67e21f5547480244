import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { AdminInquiry } from '@wiggle/common/schemas/admin';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { showSnackbar } from '../../lib/stores/notification';
import { usePageTitle } from '../../lib/use-page-title';
import { adminApi } from './api/admin-api';
import { type Column, PagedTable } from './components/paged-table';
import { useAdminPages } from './use-admin-pages';

/** /admin/support: inquiries with the member (their e-mail to answer), when sent, when read and by whom. */
export function SupportPage() {
  usePageTitle('Admin · Support');
  const [unreadOnly, setUnreadOnly] = useState(false);
  const filter = { unread: unreadOnly ? 'true' : '' };
  const { tableProps, replaceRow } = useAdminPages<AdminInquiry>('support', filter, (cursor) =>
    adminApi.inquiries(filter, cursor),
  );
  const markRead = async (inquiry: AdminInquiry) => {
    try {
      replaceRow(await adminApi.markRead(inquiry.id));
    } catch (error) {
      showSnackbar(errorMessage(error, 'Could not mark the inquiry read.'), 'error');
    }
  };
  const columns: Column<AdminInquiry>[] = [
    { key: 'sent', label: 'Sent', render: (i) => new Date(i.sent).toLocaleString() },
    {
      key: 'user',
      label: 'Member',
      render: (i) => (
        <Link href={`mailto:${i.user.email}?subject=${encodeURIComponent(`Your inquiry #${i.id}`)}`}>
          {i.user.name} &lt;{i.user.email}&gt;
        </Link>
      ),
    },
    {
      key: 'message',
      label: 'Message',
      render: (i) => <Typography sx={{ whiteSpace: 'pre-wrap', maxWidth: 480 }}>{i.message}</Typography>,
    },
    {
      key: 'read',
      label: 'Read',
      render: (i) =>
        i.read ? (
          `${new Date(i.read).toLocaleString()} by ${i.readBy?.email ?? 'a former admin'}`
        ) : (
          <Button size="small" onClick={() => void markRead(i)}>
            Mark read
          </Button>
        ),
    },
  ];
  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Admin · Support
      </Typography>
      <FormControlLabel
        control={<Switch checked={unreadOnly} onChange={(e) => setUnreadOnly(e.target.checked)} />}
        label="Unread only"
      />
      <PagedTable label="Support inquiries" columns={columns} {...tableProps} />
    </Paper>
  );
}
