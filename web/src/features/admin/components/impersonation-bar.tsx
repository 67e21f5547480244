import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/api-client';
import { endImpersonation, useImpersonationStore } from '../../../lib/impersonation';
import { useAuthStore } from '../../../lib/stores/auth';
import { showSnackbar } from '../../../lib/stores/notification';

/** SPEC §4: while an admin views a member's account, this says whose it is and ends it back to the admin's session. */
export function ImpersonationBar() {
  const current = useImpersonationStore((state) => state.current);
  const username = useAuthStore((state) => state.username);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  if (!current || current.member !== username) return null;
  const end = async () => {
    setBusy(true);
    try {
      await endImpersonation();
      navigate('/admin/user');
    } catch (error) {
      showSnackbar(
        errorMessage(error, 'Could not return to your own session; please sign in again.'),
        'error',
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <Alert
      severity="warning"
      variant="filled"
      role="status"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" disabled={busy} onClick={() => void end()}>
          End impersonation
        </Button>
      }
    >
      You are viewing the account of {current.member}. Your changes to its settings are not saved.
    </Alert>
  );
}
