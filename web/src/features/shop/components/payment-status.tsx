import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Messages } from '@wiggle/common/messages';
import type { Purchase } from '@wiggle/common/schemas/shop';
import type { PaymentDialogState } from '../logic/payment-state';

/** What the payment dialog says in each state after "Pay" (SPEC §4). */
export function PaymentStatus(props: {
  state: Exclude<PaymentDialogState, 'choose'>;
  purchase: Purchase | undefined;
  redirectUrl: string | null;
  initError: string | null;
}) {
  const { state, purchase } = props;
  if (state === 'initInProgress')
    return (
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 2 }} role="status">
        <CircularProgress size={28} />
        <Typography>Starting the payment…</Typography>
      </Box>
    );
  if (state === 'initFailed')
    return <Alert severity="error">{props.initError ?? Messages.paymentInitFailed}</Alert>;
  if (state === 'waiting')
    return (
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', py: 1 }} role="status">
        <CircularProgress size={28} sx={{ mt: 0.5 }} />
        <Box>
          <Typography>
            The payment page is open in a new tab. Complete the payment there; this dialog follows it.
          </Typography>
          {props.redirectUrl && (
            <Typography variant="body2" sx={{ mt: 1 }}>
              No new tab?{' '}
              <Link href={props.redirectUrl} target="_blank" rel="noopener">
                Open the payment page
              </Link>
            </Typography>
          )}
        </Box>
      </Box>
    );
  if (state === 'success')
    return (
      <Alert severity="success">
        Payment received. {purchase?.credits ?? ''} frames up to {purchase?.maxResolution ?? ''} px are now in
        your credit balance.
      </Alert>
    );
  if (state === 'cancelled') return <Alert severity="info">{Messages.paymentCancelled}</Alert>;
  return <Alert severity="error">{purchase?.failure?.message ?? Messages.paymentFailed}</Alert>;
}
