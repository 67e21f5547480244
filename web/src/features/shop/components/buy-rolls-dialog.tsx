import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useQueryClient } from '@tanstack/react-query';
import { SHOP_MAX_PACKAGES_PER_PURCHASE } from '@wiggle/common/constants';
import { Messages } from '@wiggle/common/messages';
import { paymentRequestSchema } from '@wiggle/common/schemas/shop';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/format';
import { CREDITS_QUERY_PREFIXES } from '../../../lib/stores/shop-dialogs';
import { usePackages } from '../api/packages';
import { usePurchase, useStartPayment } from '../api/payment';
import { type PaymentPhase, paymentDialogState, totalPrice } from '../logic/payment-state';
import { PackagePicker } from './package-picker';
import { PaymentStatus } from './payment-status';

/**
 * "Buy rolls": pick a package and a quantity, pay on Saferpay's page in a new tab, and follow the purchase here until
 * it settles (SPEC §4 payment dialog states), without a reload.
 */
export function BuyRollsDialog({ onClose }: { onClose: () => void }) {
  const packages = usePackages();
  const start = useStartPayment();
  const queryClient = useQueryClient();
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [quantityText, setQuantityText] = useState('1');
  const [phase, setPhase] = useState<PaymentPhase>('choose');
  const [started, setStarted] = useState<{ purchaseId: number; redirectUrl: string } | null>(null);
  const purchase = usePurchase(started?.purchaseId ?? null);
  const state = paymentDialogState(phase, purchase.data);

  const selected = packages.data?.find((p) => p.id === selectedId) ?? packages.data?.[0];
  const parsed = paymentRequestSchema.shape.quantity.safeParse(Number(quantityText));
  const quantityError =
    quantityText.trim() === '' || !parsed.success
      ? Messages.quantityRange(SHOP_MAX_PACKAGES_PER_PURCHASE)
      : null;

  useEffect(() => {
    if (state === 'success')
      for (const queryKey of CREDITS_QUERY_PREFIXES)
        void queryClient.invalidateQueries({ queryKey: [...queryKey] });
  }, [state, queryClient]);

  const pay = async () => {
    if (!selected || quantityError) return;
    // Opened inside the click, so popup blockers allow it; pointed at the payment page once the server answers.
    const tab = window.open('', '_blank');
    setPhase('starting');
    try {
      const answer = await start.mutateAsync({ packageId: selected.id, quantity: Number(quantityText) });
      setStarted(answer);
      if (tab) {
        tab.opener = null;
        tab.location.href = answer.redirectUrl;
      }
      setPhase('started');
    } catch {
      tab?.close();
      setPhase('startFailed');
    }
  };
  const backToChoice = () => {
    setPhase('choose');
    setStarted(null);
    start.reset();
  };
  const initError = start.error instanceof ApiError ? (start.error.error?.message ?? null) : null;

  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      fullScreen={fullScreen}
      maxWidth="sm"
      aria-labelledby="buy-rolls-title"
    >
      <DialogTitle id="buy-rolls-title">Buy rolls</DialogTitle>
      <DialogContent>
        {state === 'choose' ? (
          <>
            {packages.isPending && <LinearProgress aria-label="Loading packages" />}
            {packages.isError && <Alert severity="error">{Messages.packagesLoadFailed}</Alert>}
            {packages.data && packages.data.length === 0 && (
              <Typography>No packages are on sale right now.</Typography>
            )}
            {packages.data && selected && (
              <>
                <PackagePicker packages={packages.data} selectedId={selected.id} onSelect={setSelectedId} />
                <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', mt: 2 }}>
                  <TextField
                    label="Quantity"
                    type="number"
                    value={quantityText}
                    onChange={(e) => setQuantityText(e.target.value)}
                    error={quantityError !== null}
                    helperText={quantityError ?? `Up to ${SHOP_MAX_PACKAGES_PER_PURCHASE}`}
                    slotProps={{ htmlInput: { min: 1, max: SHOP_MAX_PACKAGES_PER_PURCHASE } }}
                    sx={{ width: 140 }}
                  />
                  {!quantityError && (
                    <Box sx={{ pt: 1 }}>
                      <Typography variant="body2" color="text.secondary">
                        {selected.credits * Number(quantityText)} frames up to {selected.maxResolution} px
                      </Typography>
                      <Typography sx={{ fontWeight: 600 }} data-testid="total-price">
                        Total {formatPrice(totalPrice(selected.currentPrice, Number(quantityText)))}
                      </Typography>
                    </Box>
                  )}
                </Box>
              </>
            )}
          </>
        ) : (
          <PaymentStatus
            state={state}
            purchase={purchase.data}
            redirectUrl={started?.redirectUrl ?? null}
            initError={initError}
          />
        )}
      </DialogContent>
      <DialogActions>
        {state === 'choose' && (
          <>
            <Button onClick={onClose}>Cancel</Button>
            <Button variant="contained" onClick={pay} disabled={!selected || quantityError !== null}>
              Pay
            </Button>
          </>
        )}
        {(state === 'initFailed' || state === 'paymentFailed' || state === 'cancelled') && (
          <>
            <Button onClick={onClose}>Close</Button>
            <Button variant="contained" onClick={backToChoice}>
              Try again
            </Button>
          </>
        )}
        {(state === 'waiting' || state === 'initInProgress') && <Button onClick={onClose}>Close</Button>}
        {state === 'success' && (
          <Button variant="contained" onClick={onClose}>
            Done
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
