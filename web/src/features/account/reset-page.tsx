import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Messages } from '@wiggle/common/messages';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { PageCard } from '../../components/page-card';
import { ResetPasswordForm } from './components/reset-password-form';
import { ResetRequestForm } from './components/reset-request-form';

/** /account/reset/{token?}/{code?}: send link → check your e-mail → set new password → done. */
export function ResetPage() {
  const { token, code } = useParams();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  if (done) {
    return (
      <PageCard title="Password changed">
        <Typography sx={{ mb: 3 }}>Your new password is set. Log in with it now.</Typography>
        <Button component={RouterLink} to="/auth/login" variant="contained" size="large" fullWidth>
          Login
        </Button>
      </PageCard>
    );
  }
  if (token && code) {
    return (
      <PageCard title="Set a new password">
        <ResetPasswordForm token={token} code={code} onDone={() => setDone(true)} />
      </PageCard>
    );
  }
  if (sentTo) {
    return (
      <PageCard title="Check your e-mail">
        <Typography sx={{ mb: 3 }}>
          If <strong>{sentTo}</strong> belongs to an account, a link to set a new password is on its way. Open
          it from the mail to continue.
        </Typography>
        <Button component={RouterLink} to="/auth/login" fullWidth>
          Back to login
        </Button>
      </PageCard>
    );
  }
  return (
    <PageCard title="Reset password">
      {token && !code && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {Messages.invalidOrExpiredToken}
        </Alert>
      )}
      <ResetRequestForm onSent={setSentTo} />
    </PageCard>
  );
}
