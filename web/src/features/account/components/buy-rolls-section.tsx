import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Messages } from '@wiggle/common/messages';
import { useSearchParams } from 'react-router';
import { openShopDialog } from '../../../lib/stores/shop-dialogs';
import { useReturnedPurchase } from '../api/shop-account';

/** The payment tab returns to My account with ?purchase=ID: say how that payment ended. */
function ReturnedPurchaseNotice() {
  const [params] = useSearchParams();
  const raw = params.get('purchase');
  const id = raw && /^[1-9]\d{0,14}$/.test(raw) ? Number(raw) : null;
  const purchase = useReturnedPurchase(id);
  if (!purchase.data) return null;
  const p = purchase.data;
  if (p.status === 'Pending') return <Alert severity="info">Your payment is being confirmed…</Alert>;
  if (p.status === 'Success')
    return (
      <Alert severity="success">
        Payment received: {p.credits} frames were added to your credit balance.
      </Alert>
    );
  return (
    <Alert severity={p.failure?.cancelled ? 'info' : 'error'}>
      {p.failure?.message ?? Messages.paymentFailed}
    </Alert>
  );
}

/** "Buy rolls" and "Redeem coupon": open the shop's dialogs. */
export function ShopActions() {
  return (
    <Box component="section" aria-label="Buy rolls" sx={{ display: 'grid', gap: 1.5 }}>
      <ReturnedPurchaseNotice />
      <Typography color="text.secondary">
        Exports spend frames of a roll at their resolution. Buy a roll by card or redeem a coupon code.
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" onClick={() => openShopDialog('buy')}>
          Buy rolls
        </Button>
        <Button variant="outlined" onClick={() => openShopDialog('coupon')}>
          Redeem coupon
        </Button>
      </Box>
    </Box>
  );
}
