import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { UserStatus } from '@wiggle/common/enums';
import type { AdminUser } from '@wiggle/common/schemas/admin';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { startImpersonation } from '../../lib/impersonation';
import { useAuthStore } from '../../lib/stores/auth';
import { showSnackbar } from '../../lib/stores/notification';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { usePageTitle } from '../../lib/use-page-title';
import { adminApi, type UserAction } from './api/admin-api';
import { contentApi } from './api/content-api';
import { ADMIN_REQUESTS_KEY, AdminRequestsPanel } from './components/admin-requests-panel';
import { FilterSelect } from './components/filter-select';
import { type Column, PagedTable, type TableSort } from './components/paged-table';
import { useAdminPages } from './use-admin-pages';

const STATUS_LABEL: Record<number, string> = {
  [UserStatus.Active]: 'Active',
  [UserStatus.Blocked]: 'Blocked',
  [UserStatus.Deleted]: 'Deleted',
};

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/** The actions that apply to a member in each status (SPEC §4 admin user actions). */
const ACTIONS_BY_STATUS: Record<number, UserAction[]> = {
  [UserStatus.Active]: ['block', 'delete'],
  [UserStatus.Blocked]: ['unblock', 'delete'],
  [UserStatus.Deleted]: ['undelete'],
};

/** /admin/user: every member, newest first, searched by e-mail or name; block, delete, impersonate. */
export function UserPage() {
  usePageTitle('Admin · Users');
  const navigate = useNavigate();
  const adminToken = useAuthStore((state) => state.token);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState('');
  const [sort, setSort] = useState<TableSort>({ by: 'id', order: 'desc' });
  const filter = { search: useDebouncedValue(search.trim(), 300), status, sort: sort.by, order: sort.order };
  const { tableProps, replaceRow } = useAdminPages<AdminUser>('users', filter, (cursor) =>
    adminApi.users(filter, cursor),
  );
  const [busy, setBusy] = useState<number | null>(null);

  const queryClient = useQueryClient();
  const me = useAuthStore((state) => state.username);
  /** Blocking or deleting another admin: a request a second admin confirms (shown above the table). */
  const ask = async (user: AdminUser, action: 'block' | 'delete') => {
    if (!window.confirm(`Ask a second admin to ${action} ${user.email}?`)) return;
    setBusy(user.id);
    try {
      await contentApi.askSecondAdmin(user.id, action);
      await queryClient.invalidateQueries({ queryKey: ADMIN_REQUESTS_KEY });
      showSnackbar(`Asked a second admin to ${action} ${user.email}.`, 'success');
    } catch (error) {
      showSnackbar(errorMessage(error, 'The request failed.'), 'error');
    } finally {
      setBusy(null);
    }
  };
  const adminActions = (u: AdminUser) =>
    ACTIONS_BY_STATUS[u.status]?.map((action) =>
      action === 'block' || action === 'delete' ? (
        <Button key={action} size="small" disabled={busy === u.id} onClick={() => void ask(u, action)}>
          ask to {action}
        </Button>
      ) : (
        <Button key={action} size="small" disabled={busy === u.id} onClick={() => void act(u, action)}>
          {action}
        </Button>
      ),
    );

  const act = async (user: AdminUser, action: UserAction) => {
    if ((action === 'block' || action === 'delete') && !window.confirm(`${action} ${user.email}?`)) return;
    setBusy(user.id);
    try {
      replaceRow(await adminApi.userAction(user.id, action));
      showSnackbar(`${user.email}: ${action} done.`, 'success');
    } catch (error) {
      showSnackbar(errorMessage(error, 'The action failed.'), 'error');
    } finally {
      setBusy(null);
    }
  };
  const impersonate = async (user: AdminUser) => {
    if (!adminToken) return;
    setBusy(user.id);
    try {
      await startImpersonation(user.id, adminToken);
      navigate('/library/');
    } catch (error) {
      showSnackbar(errorMessage(error, 'Impersonation failed.'), 'error');
      setBusy(null);
    }
  };

  const columns: Column<AdminUser>[] = [
    { key: 'id', label: 'Id', render: (u) => u.id, align: 'right', sortKey: 'id' },
    { key: 'name', label: 'Name', render: (u) => u.name, sortKey: 'name' },
    {
      key: 'email',
      label: 'E-mail',
      sortKey: 'email',
      render: (u) => (
        <>
          {u.email}
          {u.isVerifiedEmail ? null : (
            <Typography variant="caption" color="text.secondary" component="div">
              not verified
            </Typography>
          )}
        </>
      ),
    },
    {
      key: 'created',
      label: 'Created',
      render: (u) => new Date(u.created).toLocaleDateString(),
      sortKey: 'created',
    },
    {
      key: 'status',
      label: 'Status',
      sortKey: 'status',
      render: (u) => (
        <Chip
          size="small"
          label={u.isAdmin ? 'Admin' : STATUS_LABEL[u.status]}
          color={u.status === UserStatus.Active ? 'default' : 'warning'}
        />
      ),
    },
    {
      key: 'originals',
      label: 'Originals',
      render: (u) => `${u.originalsCount} · ${megabytes(u.originalsSize)}`,
      align: 'right',
    },
    { key: 'library', label: 'Library', render: (u) => u.libraryWiggles, align: 'right' },
    { key: 'gallery', label: 'Gallery', render: (u) => u.galleryWiggles, align: 'right' },
    {
      key: 'subscriptions',
      label: 'Subscriptions',
      render: (u) =>
        [u.subscriptions.features && 'features', u.subscriptions.hints && 'hints']
          .filter(Boolean)
          .join(', ') || '—',
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (u) =>
        u.email === me ? null : u.isAdmin ? (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, width: 190 }}>{adminActions(u)}</Box>
        ) : (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, width: 190 }}>
            {ACTIONS_BY_STATUS[u.status]?.map((action) => (
              <Button key={action} size="small" disabled={busy === u.id} onClick={() => void act(u, action)}>
                {action}
              </Button>
            ))}
            {u.status === UserStatus.Active && (
              <Button size="small" disabled={busy === u.id} onClick={() => void impersonate(u)}>
                impersonate
              </Button>
            )}
            <Button size="small" component={RouterLink} to={`/admin/purchase?userId=${u.id}`}>
              purchases
            </Button>
          </Box>
        ),
    },
  ];

  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Admin · Users
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <TextField
          label="Search e-mail or name"
          size="small"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <FilterSelect
          label="Status"
          value={status}
          onChange={setStatus}
          options={Object.entries(STATUS_LABEL)}
        />
      </Box>
      <AdminRequestsPanel onConfirmed={replaceRow} />
      <PagedTable label="Users" columns={columns} sort={sort} onSortChange={setSort} {...tableProps} />
    </Paper>
  );
}
