import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { COUPON_STATUSES } from '@wiggle/common/enums';
import type { AdminCoupon } from '@wiggle/common/schemas/admin-shop';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../lib/api-client';
import { showSnackbar } from '../../lib/stores/notification';
import { usePageTitle } from '../../lib/use-page-title';
import { shopAdminApi } from './api/shop-api';
import { CouponCodesDialog } from './components/coupon-codes-dialog';
import { FilterSelect } from './components/filter-select';
import { type Column, PagedTable, type TableSort } from './components/paged-table';
import { downloadCouponCodes } from './download-codes';
import { useAdminPages } from './use-admin-pages';

const STATUS_COLOR = { Active: 'success', Disabled: 'default', Empty: 'warning' } as const;

/** /admin/coupon: coupons newest first with status, amounts and codes used; codes, CSV export, disabling. */
export function CouponPage() {
  usePageTitle('Admin · Coupons');
  const [status, setStatus] = useState('');
  const [sort, setSort] = useState<TableSort>({ by: 'id', order: 'desc' });
  const filter = { status, sort: sort.by, order: sort.order };
  const { tableProps, replaceRow } = useAdminPages<AdminCoupon>('coupons', filter, (cursor) =>
    shopAdminApi.coupons(filter, cursor),
  );
  const [shown, setShown] = useState<AdminCoupon | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const disable = async (coupon: AdminCoupon) => {
    if (!window.confirm(`Disable ${coupon.name}? Its codes stop redeeming at once.`)) return;
    setBusy(coupon.id);
    try {
      replaceRow(await shopAdminApi.disableCoupon(coupon.id));
      showSnackbar(`${coupon.name} disabled.`, 'success');
    } catch (error) {
      showSnackbar(errorMessage(error, 'The coupon could not be disabled.'), 'error');
    } finally {
      setBusy(null);
    }
  };

  const columns: Column<AdminCoupon>[] = [
    { key: 'id', label: 'Id', render: (c) => c.id, align: 'right', sortKey: 'id' },
    { key: 'name', label: 'Name', render: (c) => c.name, sortKey: 'name' },
    {
      key: 'status',
      label: 'Status',
      render: (c) => <Chip size="small" label={c.status} color={STATUS_COLOR[c.status]} />,
    },
    { key: 'created', label: 'Created', render: (c) => new Date(c.created).toLocaleDateString() },
    {
      key: 'contents',
      label: 'Contents',
      render: (c) => `${c.package.name}: ${c.package.credits} frames up to ${c.package.maxResolution} px`,
    },
    { key: 'amount', label: 'Amount', render: (c) => c.amount, align: 'right' },
    { key: 'used', label: 'Used', render: (c) => c.amountUsed, align: 'right' },
    { key: 'left', label: 'Left', render: (c) => c.amountLeft, align: 'right', sortKey: 'amountLeft' },
    { key: 'codes', label: 'Codes used', render: (c) => `${c.codesUsed} / ${c.codesTotal}`, align: 'right' },
    {
      key: 'actions',
      label: 'Actions',
      render: (c) => (
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }}>
          <Button size="small" onClick={() => setShown(c)}>
            Codes
          </Button>
          <Button size="small" onClick={() => void downloadCouponCodes(c.id)}>
            CSV
          </Button>
          {c.status !== 'Disabled' && (
            <Button size="small" color="warning" disabled={busy === c.id} onClick={() => void disable(c)}>
              Disable
            </Button>
          )}
        </Box>
      ),
    },
  ];

  return (
    <Paper sx={{ p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1 }}>
        <Typography variant="h5" component="h1">
          Admin · Coupons
        </Typography>
        <Button variant="contained" component={RouterLink} to="/admin/coupon/create">
          Create coupon
        </Button>
      </Box>
      <Box sx={{ mb: 2 }}>
        <FilterSelect
          label="Status"
          value={status}
          onChange={setStatus}
          options={COUPON_STATUSES.map((s) => [s, s] as const)}
        />
      </Box>
      <PagedTable label="Coupons" columns={columns} sort={sort} onSortChange={setSort} {...tableProps} />
      {shown && (
        <CouponCodesDialog
          coupon={shown}
          onDownload={() => void downloadCouponCodes(shown.id)}
          onClose={() => setShown(null)}
        />
      )}
    </Paper>
  );
}
