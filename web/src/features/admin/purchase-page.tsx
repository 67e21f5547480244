import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CREDIT_STATUSES, PURCHASE_STATUSES, PURCHASE_TYPES } from '@wiggle/common/enums';
import type { AdminPurchase } from '@wiggle/common/schemas/admin-shop';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { formatPrice } from '../../lib/format';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { usePageTitle } from '../../lib/use-page-title';
import { shopAdminApi } from './api/shop-api';
import { FilterSelect } from './components/filter-select';
import { type Column, PagedTable, type TableSort } from './components/paged-table';
import { PurchaseDetailDialog } from './components/purchase-detail-dialog';
import { useAdminPages } from './use-admin-pages';

const pairs = (values: readonly string[]) => values.map((value) => [value, value] as const);
const STATUS_COLOR = { Success: 'success', Pending: 'default', Failed: 'error' } as const;

/** /admin/purchase: purchases newest first by type, status, credit status or one member (?userId=); a detail view. */
export function PurchasePage() {
  usePageTitle('Admin · Purchases');
  const [params, setParams] = useSearchParams();
  const [type, setType] = useState('');
  const [status, setStatus] = useState('');
  const [creditStatus, setCreditStatus] = useState('');
  const userId = params.get('userId') ?? '';
  const [memberInput, setMemberInput] = useState(userId);
  const member = useDebouncedValue(memberInput.trim(), 300);
  const [sort, setSort] = useState<TableSort>({ by: 'id', order: 'desc' });
  const filter = {
    type,
    status,
    creditStatus,
    userId: /^[1-9][0-9]*$/.test(member) ? member : '',
    sort: sort.by,
    order: sort.order,
  };
  const { tableProps } = useAdminPages<AdminPurchase>('purchases', filter, (cursor) =>
    shopAdminApi.purchases(filter, cursor),
  );
  const [shown, setShown] = useState<number | null>(null);
  const showMember = (id: number) => {
    setMemberInput(String(id));
    setParams({ userId: String(id) });
  };

  const columns: Column<AdminPurchase>[] = [
    {
      key: 'id',
      label: 'Id',
      align: 'right',
      sortKey: 'id',
      render: (p) => (
        <Button
          size="small"
          sx={{ minWidth: 0 }}
          aria-label={`Details of purchase ${p.id}`}
          onClick={() => setShown(p.id)}
        >
          #{p.id}
        </Button>
      ),
    },
    { key: 'init', label: 'Started', render: (p) => new Date(p.initDate).toLocaleDateString() },
    {
      key: 'member',
      label: 'Member',
      render: (p) => (
        <Link
          href={`/admin/purchase?userId=${p.user.id}`}
          variant="body2"
          onClick={(event) => {
            event.preventDefault();
            showMember(p.user.id);
          }}
          title="This member's history"
        >
          {p.user.email}
        </Link>
      ),
    },
    { key: 'type', label: 'Type', render: (p) => p.type },
    {
      key: 'status',
      label: 'Status',
      render: (p) => <Chip size="small" label={p.status} color={STATUS_COLOR[p.status]} />,
    },
    { key: 'credit', label: 'Credit status', render: (p) => p.creditStatus },
    { key: 'package', label: 'Package', render: (p) => `${p.quantity} × ${p.packageName}` },
    {
      key: 'left',
      label: 'Frames left',
      render: (p) => `${p.creditsLeft} / ${p.credits}`,
      align: 'right',
      sortKey: 'creditsLeft',
    },
    {
      key: 'price',
      label: 'Price',
      render: (p) => <Box sx={{ whiteSpace: 'nowrap' }}>{formatPrice(p.price)}</Box>,
      align: 'right',
      sortKey: 'price',
    },
  ];

  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Admin · Purchases
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <FilterSelect label="Type" value={type} onChange={setType} options={pairs(PURCHASE_TYPES)} />
        <FilterSelect label="Status" value={status} onChange={setStatus} options={pairs(PURCHASE_STATUSES)} />
        <FilterSelect
          label="Credit status"
          value={creditStatus}
          onChange={setCreditStatus}
          options={pairs(CREDIT_STATUSES)}
        />
        <TextField
          label="Member id"
          size="small"
          value={memberInput}
          onChange={(event) => {
            setMemberInput(event.target.value);
            setParams(event.target.value.trim() ? { userId: event.target.value.trim() } : {});
          }}
          placeholder="any"
          slotProps={{ inputLabel: { shrink: true } }}
          sx={{ width: 140 }}
        />
      </Box>
      <PagedTable label="Purchases" columns={columns} sort={sort} onSortChange={setSort} {...tableProps} />
      {shown !== null && <PurchaseDetailDialog id={shown} onClose={() => setShown(null)} />}
    </Paper>
  );
}
