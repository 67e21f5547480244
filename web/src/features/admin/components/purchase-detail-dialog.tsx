import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/format';
import { shopAdminApi } from '../api/shop-api';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/** One purchase in full: the member, the roll, the coupon or payment behind it and every movement of its credits. */
export function PurchaseDetailDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const detail = useQuery({ queryKey: ['admin', 'purchase', id], queryFn: () => shopAdminApi.purchase(id) });
  const p = detail.data;
  const facts: [string, ReactNode][] = p
    ? [
        ['Member', `${p.user.name} <${p.user.email}> (#${p.user.id})`],
        ['Type', p.type],
        ['Status', p.status],
        ['Credit status', p.creditStatus],
        ['Package', `${p.quantity} × ${p.packageName}${p.packageId ? ` (#${p.packageId})` : ''}`],
        ['Frames', `${p.creditsLeft} of ${p.credits} left, up to ${p.maxResolution} px`],
        ['Price', formatPrice(p.price)],
        ['Started', when(p.initDate)],
        ['Completed', when(p.completeDate)],
        [
          'Expires',
          p.expiresAt
            ? when(p.expiresAt)
            : p.validityDays
              ? `${p.validityDays} days after completion`
              : 'never',
        ],
        ['Coupon', p.coupon ? `${p.coupon.name} (#${p.coupon.id})` : '—'],
        ['Saferpay transaction', p.saferpayTransactionId ?? '—'],
        [
          'Failure',
          p.failure ? `${p.failure.name}${p.failure.behavior ? ` (${p.failure.behavior})` : ''}` : '—',
        ],
      ]
    : [];
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>Purchase #{id}</DialogTitle>
      <DialogContent>
        {detail.isLoading && <CircularProgress size={24} aria-label="Loading" />}
        {detail.error && (
          <Typography color="error">
            {errorMessage(detail.error, 'The purchase could not be loaded.')}
          </Typography>
        )}
        {p && (
          <>
            <Table size="small" aria-label="Purchase">
              <TableBody>
                {facts.map(([label, value]) => (
                  <TableRow key={label}>
                    <TableCell component="th" sx={{ fontWeight: 600, width: 200 }}>
                      {label}
                    </TableCell>
                    <TableCell>{value}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Typography variant="subtitle1" sx={{ mt: 2 }}>
              Credit ledger
            </Typography>
            <Table size="small" aria-label="Credit ledger">
              <TableHead>
                <TableRow>
                  <TableCell>When</TableCell>
                  <TableCell align="right">Frames</TableCell>
                  <TableCell>Reason</TableCell>
                  <TableCell>For</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {p.ledger.map((entry) => (
                  <TableRow key={entry.id}>
                    <TableCell>{when(entry.created)}</TableCell>
                    <TableCell align="right">{entry.delta > 0 ? `+${entry.delta}` : entry.delta}</TableCell>
                    <TableCell>{entry.reason}</TableCell>
                    <TableCell>{entry.entityType ? `${entry.entityType} #${entry.entityId}` : '—'}</TableCell>
                  </TableRow>
                ))}
                {p.ledger.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={4}>No movements.</TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
