import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Messages } from '@wiggle/common/messages';
import type { PurchaseType } from '@wiggle/common/schemas/shop';
import { formatDate, formatPrice } from '../../../lib/format';
import { usePurchaseHistory } from '../api/shop-account';
import { AccountSection } from './account-section';

const TYPE_LABEL: Record<PurchaseType, string> = {
  WelcomeGift: 'Welcome gift',
  Coupon: 'Coupon',
  SaferpayPayment: 'Card payment',
};

export function PurchaseHistory() {
  const purchases = usePurchaseHistory();
  return (
    <AccountSection title="Purchase history" query={purchases} errorMessage={Messages.purchasesLoadFailed}>
      {(rows) =>
        rows.length === 0 ? (
          <Typography color="text.secondary">No purchases yet.</Typography>
        ) : (
          <TableContainer>
            <Table size="small" aria-label="Purchases">
              <TableHead>
                <TableRow>
                  <TableCell>Date</TableCell>
                  <TableCell>Type</TableCell>
                  <TableCell>Package</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell align="right">Price</TableCell>
                  <TableCell>Currency</TableCell>
                  <TableCell align="right">Frames left</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((p) => (
                  <TableRow key={p.id} data-testid={`purchase-${p.id}`}>
                    <TableCell>{formatDate(p.initDate)}</TableCell>
                    <TableCell>{TYPE_LABEL[p.type]}</TableCell>
                    <TableCell>{p.packageName}</TableCell>
                    <TableCell>{p.failure?.cancelled ? 'Cancelled' : p.status}</TableCell>
                    <TableCell align="right">{formatPrice(p.price)}</TableCell>
                    <TableCell>{p.currency}</TableCell>
                    <TableCell align="right">{p.creditsLeft}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )
      }
    </AccountSection>
  );
}
