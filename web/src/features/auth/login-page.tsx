import Alert from '@mui/material/Alert';
import { useLocation, useNavigate } from 'react-router';
import { PageCard } from '../../components/page-card';
import { AUTHENTICATED_HOME } from '../../lib/config';
import { useSignedOutReason } from '../../lib/stores/signed-out-reason';
import { login } from './api/login';
import { LoginForm } from './login-form';

/** Where to continue after login: the page that sent the visitor here (e.g. the mailed verification link). */
function continueTo(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
}

/** /auth/login. Unverified members continue to the code entry; the guard keeps them from other pages anyway. */
export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const signedOutReason = useSignedOutReason((state) => state.message);
  return (
    <PageCard title="Login" maxWidth={440}>
      {signedOutReason && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          You were signed out: {signedOutReason}
        </Alert>
      )}
      <LoginForm
        onLogin={async (input) => {
          const info = await login(input);
          useSignedOutReason.setState({ message: null });
          const fallback = info.isVerifiedEmail ? AUTHENTICATED_HOME : '/account/register/';
          navigate(continueTo(location.state) ?? fallback, { replace: true });
          return info;
        }}
      />
    </PageCard>
  );
}
