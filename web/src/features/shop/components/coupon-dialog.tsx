import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { Messages } from '@wiggle/common/messages';
import { couponCodeField } from '@wiggle/common/schemas/shop';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { CREDITS_QUERY_PREFIXES } from '../../../lib/stores/shop-dialogs';
import { useCheckCoupon, useRedeemCoupon } from '../api/coupon';

const messageOf = (error: unknown) =>
  error instanceof ApiError
    ? (error.error?.fields?.code ?? error.error?.message ?? Messages.generic)
    : Messages.generic;

/** SPEC §4 coupon dialog: enter code → check → valid (redeem or back) or invalid → redeem success or error (retry). */
export function CouponDialog({ onClose }: { onClose: () => void }) {
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const check = useCheckCoupon();
  const redeem = useRedeemCoupon();
  const queryClient = useQueryClient();
  const parsed = couponCodeField.safeParse(code);
  const localError = touched && !parsed.success ? (parsed.error.issues[0]?.message ?? null) : null;

  const submitCheck = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (parsed.success) check.mutate({ code });
  };
  const submitRedeem = () =>
    redeem.mutate(
      { code },
      {
        onSuccess: () => {
          for (const queryKey of CREDITS_QUERY_PREFIXES)
            void queryClient.invalidateQueries({ queryKey: [...queryKey] });
        },
      },
    );
  const back = () => {
    check.reset();
    redeem.reset();
  };

  const entering = check.isIdle || check.isPending || check.isError;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="coupon-title">
      <DialogTitle id="coupon-title">Redeem coupon</DialogTitle>
      {redeem.isSuccess ? (
        <>
          <DialogContent>
            <Alert severity="success">
              Coupon redeemed: {redeem.data.purchase.credits} frames up to{' '}
              {redeem.data.purchase.maxResolution} px are now in your credit balance.
            </Alert>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={onClose}>
              Done
            </Button>
          </DialogActions>
        </>
      ) : entering ? (
        <form onSubmit={submitCheck} noValidate>
          <DialogContent>
            <TextField
              autoFocus
              fullWidth
              margin="dense"
              label="Coupon code"
              value={code}
              onChange={(e) => {
                setCode(e.target.value);
                if (check.isError) check.reset();
              }}
              error={localError !== null || check.isError}
              helperText={
                localError ??
                (check.isError ? messageOf(check.error) : 'Letters and digits; case does not matter.')
              }
              slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={check.isPending}>
              {check.isPending ? 'Checking…' : 'Check'}
            </Button>
          </DialogActions>
        </form>
      ) : (
        <>
          <DialogContent>
            <Typography sx={{ mb: 1 }}>
              <strong>{check.data?.couponName}</strong> grants {check.data?.credits} frames up to{' '}
              {check.data?.maxResolution} px ({check.data?.packageName}).
            </Typography>
            {redeem.isError && <Alert severity="error">{messageOf(redeem.error)}</Alert>}
          </DialogContent>
          <DialogActions>
            <Button onClick={back} disabled={redeem.isPending}>
              Back
            </Button>
            <Button variant="contained" onClick={submitRedeem} disabled={redeem.isPending}>
              {redeem.isError ? 'Retry' : redeem.isPending ? 'Redeeming…' : 'Redeem'}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
