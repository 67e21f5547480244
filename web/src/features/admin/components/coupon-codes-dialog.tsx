import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { AdminCoupon, AdminCouponCode } from '@wiggle/common/schemas/admin-shop';
import { shopAdminApi } from '../api/shop-api';
import { useAdminPages } from '../use-admin-pages';
import { type Column, PagedTable } from './paged-table';

const COLUMNS: Column<AdminCouponCode>[] = [
  { key: 'code', label: 'Code', render: (c) => <code>{c.code}</code> },
  { key: 'times', label: 'Redeemed', render: (c) => c.timesRedeemed, align: 'right' },
  {
    key: 'by',
    label: 'Redeemed by (latest first)',
    render: (c) =>
      c.redemptions.length === 0
        ? '—'
        : c.redemptions.map((r) => (
            <Typography key={r.purchaseId} variant="body2">
              {r.user.email} · {new Date(r.redeemed).toLocaleString()}
            </Typography>
          )),
  },
];

/** A coupon's codes, page by page, with who redeemed each and when; the CSV has every code and redemption. */
export function CouponCodesDialog(props: {
  coupon: AdminCoupon;
  onDownload: () => void;
  onClose: () => void;
}) {
  const { coupon } = props;
  const { tableProps } = useAdminPages<AdminCouponCode>('coupon-codes', { id: coupon.id }, (cursor) =>
    shopAdminApi.couponCodes(coupon.id, cursor),
  );
  return (
    <Dialog open onClose={props.onClose} fullWidth maxWidth="md">
      <DialogTitle>
        Codes of {coupon.name} ({coupon.codesUsed} of {coupon.codesTotal} used)
      </DialogTitle>
      <DialogContent>
        <PagedTable label={`Codes of ${coupon.name}`} columns={COLUMNS} {...tableProps} />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onDownload}>Download CSV</Button>
        <Button onClick={props.onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
