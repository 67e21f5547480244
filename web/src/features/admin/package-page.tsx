import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPackage, PackageInput } from '@wiggle/common/schemas/admin-shop';
import { useState } from 'react';
import { errorMessage } from '../../lib/api-client';
import { formatPrice } from '../../lib/format';
import { showSnackbar } from '../../lib/stores/notification';
import { usePageTitle } from '../../lib/use-page-title';
import { shopAdminApi } from './api/shop-api';
import { PackageDialog } from './components/package-dialog';
import { type Column, PagedTable } from './components/paged-table';
import { serverFieldErrors } from './schema-errors';

const KEY = ['admin', 'packages'];

/** The input that edits `pkg` to what it is, with `change` applied (the public/active switches). */
const inputOf = (pkg: AdminPackage, change: Partial<PackageInput> = {}): PackageInput => ({
  name: pkg.name,
  description: pkg.description,
  credits: pkg.credits,
  maxResolution: pkg.maxResolution as PackageInput['maxResolution'],
  price: pkg.fullPrice,
  discountPercent: pkg.discountPercent,
  validityDays: pkg.validityDays,
  isPublic: pkg.isPublic,
  isActive: pkg.isActive,
  ...change,
});

/** /admin/package: every package by position; create, edit, move up or down, public and active switches. */
export function PackagePage() {
  usePageTitle('Admin · Packages');
  const queryClient = useQueryClient();
  const packages = useQuery({ queryKey: KEY, queryFn: shopAdminApi.packages });
  const rows = packages.data?.items ?? [];
  const [editing, setEditing] = useState<AdminPackage | 'new' | null>(null);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const refresh = (items: AdminPackage[]) => queryClient.setQueryData(KEY, { items });

  const save = useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: PackageInput }) =>
      id === null ? shopAdminApi.createPackage(input) : shopAdminApi.updatePackage(id, input),
    onSuccess: (saved) => {
      const exists = rows.some((p) => p.id === saved.id);
      refresh(exists ? rows.map((p) => (p.id === saved.id ? saved : p)) : [...rows, saved]);
      setEditing(null);
      showSnackbar(`Package ${saved.name} saved.`, 'success');
    },
    onError: (error) => {
      setServerErrors(serverFieldErrors(error));
      showSnackbar(errorMessage(error, 'The package could not be saved.'), 'error');
    },
  });
  const reorder = useMutation({
    mutationFn: shopAdminApi.reorderPackages,
    onSuccess: (answer) => refresh(answer.items),
    onError: (error) => showSnackbar(errorMessage(error, 'The order could not be saved.'), 'error'),
  });
  const move = (index: number, by: -1 | 1) => {
    const ids = rows.map((p) => p.id);
    const [moved] = ids.splice(index, 1);
    if (moved === undefined) return;
    ids.splice(index + by, 0, moved);
    reorder.mutate(ids);
  };
  const toggle = (pkg: AdminPackage, change: Partial<PackageInput>) =>
    save.mutate({ id: pkg.id, input: inputOf(pkg, change) });

  const columns: Column<AdminPackage>[] = [
    {
      key: 'order',
      label: 'Order',
      render: (p) => {
        const index = rows.indexOf(p);
        return (
          <Box sx={{ whiteSpace: 'nowrap' }}>
            <IconButton
              size="small"
              aria-label={`Move ${p.name} up`}
              disabled={index === 0 || reorder.isPending}
              onClick={() => move(index, -1)}
            >
              <ArrowUpwardIcon fontSize="small" />
            </IconButton>
            <IconButton
              size="small"
              aria-label={`Move ${p.name} down`}
              disabled={index === rows.length - 1 || reorder.isPending}
              onClick={() => move(index, 1)}
            >
              <ArrowDownwardIcon fontSize="small" />
            </IconButton>
          </Box>
        );
      },
    },
    { key: 'id', label: 'Id', render: (p) => p.id, align: 'right' },
    {
      key: 'name',
      label: 'Name',
      render: (p) => (
        <>
          <Typography variant="body2">{p.name}</Typography>
          <Typography variant="caption" color="text.secondary">
            {p.description}
          </Typography>
        </>
      ),
    },
    { key: 'credits', label: 'Frames', render: (p) => p.credits, align: 'right' },
    { key: 'resolution', label: 'Max resolution', render: (p) => `${p.maxResolution} px`, align: 'right' },
    {
      key: 'price',
      label: 'Price',
      align: 'right',
      render: (p) => (
        <Box sx={{ whiteSpace: 'nowrap' }}>
          {formatPrice(p.currentPrice)}
          {p.discountPercent > 0 && (
            <Typography variant="caption" component="div" color="text.secondary">
              <s>{formatPrice(p.fullPrice)}</s> −{p.discountPercent} %
            </Typography>
          )}
        </Box>
      ),
    },
    {
      key: 'validity',
      label: 'Valid',
      render: (p) => (p.validityDays ? `${p.validityDays} days` : 'forever'),
    },
    {
      key: 'public',
      label: 'Public',
      render: (p) => (
        <Switch
          size="small"
          checked={p.isPublic}
          slotProps={{ input: { 'aria-label': `${p.name} public` } }}
          onChange={(e) => toggle(p, { isPublic: e.target.checked })}
        />
      ),
    },
    {
      key: 'active',
      label: 'Active',
      render: (p) => (
        <Switch
          size="small"
          checked={p.isActive}
          slotProps={{ input: { 'aria-label': `${p.name} active` } }}
          onChange={(e) => toggle(p, { isActive: e.target.checked })}
        />
      ),
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (p) => (
        <Button
          size="small"
          onClick={() => {
            setServerErrors({});
            setEditing(p);
          }}
        >
          Edit
        </Button>
      ),
    },
  ];

  return (
    <Paper sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h5" component="h1">
          Admin · Packages
        </Typography>
        <Button
          variant="contained"
          onClick={() => {
            setServerErrors({});
            setEditing('new');
          }}
        >
          New package
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        The shop offers public, active packages in this order. Inactive packages cannot be bought; a package
        that is not public can still be granted by a coupon.
      </Typography>
      <PagedTable
        label="Packages"
        columns={columns}
        rows={rows}
        loading={packages.isLoading}
        error={packages.error ? errorMessage(packages.error, 'The packages could not be loaded.') : null}
        hasMore={false}
        loadingMore={false}
        onLoadMore={() => {}}
      />
      {editing && (
        <PackageDialog
          initial={editing === 'new' ? null : editing}
          busy={save.isPending}
          serverErrors={serverErrors}
          onClose={() => setEditing(null)}
          onSubmit={(input) => save.mutate({ id: editing === 'new' ? null : editing.id, input })}
        />
      )}
    </Paper>
  );
}
