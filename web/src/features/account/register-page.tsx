import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { AuthenticationStatus } from '@wiggle/common/enums';
import { Messages } from '@wiggle/common/messages';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { PageCard } from '../../components/page-card';
import { AUTHENTICATED_HOME } from '../../lib/config';
import { useAuthStore } from '../../lib/stores/auth';
import { verifyEmail } from './api/verify-email';
import { RegisterForm } from './components/register-form';
import { VerifyCodeForm } from './components/verify-code-form';

type LinkState = 'idle' | 'verifying' | 'failed';

/**
 * /account/register/{verifyCode?}: form → code entry → welcome. The member stays "unverified" in the store
 * until they leave the welcome step, because the guard sends verified members away from this page.
 */
export function RegisterPage() {
  const { verifyCode } = useParams();
  const status = useAuthStore((state) => state.status);
  const username = useAuthStore((state) => state.username);
  const [verified, setVerified] = useState(false);
  const [linkState, setLinkState] = useState<LinkState>('idle');
  const navigate = useNavigate();
  const triedLink = useRef(false);
  const signedIn = status === AuthenticationStatus.Authenticated;

  // The mailed link verifies by itself when opened while signed in.
  useEffect(() => {
    if (!signedIn || !verifyCode || triedLink.current) return;
    triedLink.current = true;
    setLinkState('verifying');
    verifyEmail(verifyCode).then(
      () => setVerified(true),
      () => setLinkState('failed'),
    );
  }, [signedIn, verifyCode]);

  const start = () => {
    useAuthStore.getState().setVerifiedEmail(true);
    navigate(AUTHENTICATED_HOME);
  };

  if (verified) {
    return (
      <PageCard title="Welcome to Wiggle Studio">
        <Typography sx={{ mb: 3 }}>
          Your e-mail address is verified. Upload your stereo photos to the library and turn them into
          wiggles.
        </Typography>
        <Button variant="contained" size="large" fullWidth onClick={start}>
          Start
        </Button>
      </PageCard>
    );
  }
  if (!signedIn) {
    return (
      <PageCard title="Create account">
        {verifyCode && (
          <Alert severity="info" sx={{ mb: 1 }}>
            To verify your e-mail address,{' '}
            <RouterLink to="/auth/login" state={{ from: `/account/register/${verifyCode}` }}>
              log in
            </RouterLink>{' '}
            first; the link then verifies it.
          </Alert>
        )}
        <RegisterForm />
      </PageCard>
    );
  }
  return (
    <PageCard title="Verify your e-mail address">
      {linkState === 'verifying' && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, my: 2 }}>
          <CircularProgress size={24} />
          <Typography>Verifying your e-mail address…</Typography>
        </Box>
      )}
      {linkState === 'failed' && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {Messages.verifyFailed}
        </Alert>
      )}
      {linkState !== 'verifying' && (
        <VerifyCodeForm username={username} onVerified={() => setVerified(true)} />
      )}
    </PageCard>
  );
}
