import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import { TIMING } from '@wiggle/common/constants';
import { useSnackbarStore } from '../../lib/stores/notification';

/** Shows the queued snackbars one after another, each for 5000 ms (SPEC §9). */
export function SnackbarHost() {
  const current = useSnackbarStore((state) => state.queue[0]);
  const dismiss = useSnackbarStore((state) => state.dismiss);
  if (!current) return null;
  return (
    <Snackbar
      key={current.id}
      open
      autoHideDuration={TIMING.snackbarTimeoutMs}
      onClose={(_event, reason) => reason !== 'clickaway' && dismiss(current.id)}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
    >
      <Alert
        severity={current.severity}
        variant="filled"
        onClose={() => dismiss(current.id)}
        sx={{ width: '100%' }}
      >
        {current.message}
      </Alert>
    </Snackbar>
  );
}
