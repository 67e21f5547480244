import { AppInitState, AuthenticationStatus } from '@wiggle/common/enums';
import { useEffect, useRef } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { UNAUTHENTICATED_HOME } from '../lib/config';
import { useAuthStore } from '../lib/stores/auth';
import { useNotificationStore, useSnackbarStore } from '../lib/stores/notification';
import { useAppInitStore } from './init';
import { lazyPage } from './lazy-page';
import { decideRedirect } from './route-guard';
import { BootProgress } from './shell/boot-progress';
import { Deferred } from './shell/deferred';

// Loaded with the first message: the login page's first load needs neither Snackbar, Slide nor Alert.
const NotificationBar = lazyPage(() => import('./shell/notification-bar'), 'NotificationBar');
const SnackbarHost = lazyPage(() => import('./shell/snackbar-host'), 'SnackbarHost');

/** Root of every route: the boot screen, the route guard, and the app-wide notification bar and snackbars. */
export function AppRoot() {
  const initState = useAppInitStore((state) => state.state);
  const status = useAuthStore((state) => state.status);
  const isVerifiedEmail = useAuthStore((state) => state.isVerifiedEmail);
  const isAdmin = useAuthStore((state) => state.isAdmin);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const previousStatus = useRef(status);
  const notifying = useNotificationStore((state) => state.visible);
  const snackbarQueued = useSnackbarStore((state) => state.queue.length > 0);

  // SPEC §2: whenever the status becomes not authenticated (logout, expired session), go to the login page.
  useEffect(() => {
    const wasAuthenticated = previousStatus.current === AuthenticationStatus.Authenticated;
    previousStatus.current = status;
    if (wasAuthenticated && status === AuthenticationStatus.NotAuthenticated) {
      navigate(UNAUTHENTICATED_HOME, { replace: true });
    }
  }, [status, navigate]);

  if (initState === AppInitState.Boot) return <BootProgress />;
  const redirect = decideRedirect(pathname, { status, isVerifiedEmail, isAdmin });
  return (
    <>
      <Deferred wanted={notifying} component={NotificationBar} props={{}} />
      <Deferred wanted={snackbarQueued} component={SnackbarHost} props={{}} />
      {redirect ? <Navigate to={redirect} replace /> : <Outlet />}
    </>
  );
}
