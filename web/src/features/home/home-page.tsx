import { AuthenticationStatus } from '@wiggle/common/enums';
import { Navigate } from 'react-router';
import { AUTHENTICATED_HOME, UNAUTHENTICATED_HOME } from '../../lib/config';
import { useAuthStore } from '../../lib/stores/auth';

/** SPEC §2 home: the library when signed in, the login page otherwise. */
export function HomePage() {
  const signedIn = useAuthStore((state) => state.status === AuthenticationStatus.Authenticated);
  return <Navigate to={signedIn ? AUTHENTICATED_HOME : UNAUTHENTICATED_HOME} replace />;
}
