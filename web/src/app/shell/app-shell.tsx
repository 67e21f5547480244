import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { VISUAL } from '@wiggle/common/constants';
import { AuthenticationStatus } from '@wiggle/common/enums';
import { Suspense, useState } from 'react';
import { Outlet, Link as RouterLink } from 'react-router';
import { ImpersonationBar } from '../../features/admin/components/impersonation-bar';
import { ShopDialogs } from '../../features/shop/shop-dialogs';
import { useAuthStore } from '../../lib/stores/auth';
import { lazyPage } from '../lazy-page';
import { NAV_DRAWER_WIDTH } from '../theme';
import { Deferred } from './deferred';
import { LeftNavigation } from './left-navigation';
import { PageProgress } from './page-progress';

// Loaded when first needed: the account menu (Menu, Popover, Avatar) for members only, the mobile drawer (Modal)
// when first opened; visitors on the login page load neither.
const AccountMenu = lazyPage(() => import('./account-menu'), 'AccountMenu');
const MobileNavigation = lazyPage(() => import('./mobile-navigation'), 'MobileNavigation');

/** SPEC §2 default layout: top app bar with the logo, left navigation, account menu and the page. */
export function AppShell() {
  const signedIn = useAuthStore((state) => state.status === AuthenticationStatus.Authenticated);
  const [mobileOpen, setMobileOpen] = useState(false);
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar position="fixed" sx={{ zIndex: (theme) => theme.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1.5 }}>
          <IconButton
            aria-label="Open navigation"
            edge="start"
            onClick={() => setMobileOpen(true)}
            sx={{ display: { md: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
          <Box
            component={RouterLink}
            to="/"
            sx={{ display: 'flex', alignItems: 'center', gap: 1.5, color: 'inherit', textDecoration: 'none' }}
          >
            <img src="/logo.svg" alt="Wiggle Studio logo" width={VISUAL.logoWidth} height={40} />
            <Typography variant="h6" component="span" sx={{ fontWeight: 600, color: 'primary.main' }}>
              Wiggle Studio
            </Typography>
          </Box>
          <Box sx={{ flex: 1 }} />
          <Deferred wanted={signedIn} component={AccountMenu} props={{}} />
        </Toolbar>
      </AppBar>
      <Deferred
        wanted={mobileOpen}
        component={MobileNavigation}
        props={{ open: mobileOpen, onClose: () => setMobileOpen(false) }}
      />
      {/* What a permanent MUI Drawer renders, without importing Drawer (and its Modal) into every first load. */}
      <Box sx={{ display: { xs: 'none', md: 'block' }, width: NAV_DRAWER_WIDTH, flexShrink: 0 }}>
        <Paper
          square
          elevation={0}
          sx={{
            position: 'fixed',
            top: 0,
            left: 0,
            height: '100%',
            width: NAV_DRAWER_WIDTH,
            boxSizing: 'border-box',
            display: 'flex',
            flexDirection: 'column',
            overflowY: 'auto',
            borderRight: 1,
            borderColor: 'divider',
            zIndex: 'drawer',
          }}
        >
          <Toolbar />
          <LeftNavigation />
        </Paper>
      </Box>
      <Box component="main" sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <Box sx={{ flex: 1, p: { xs: 2, md: 3 }, minHeight: 0 }}>
          <ImpersonationBar />
          <Suspense fallback={<PageProgress />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
      {signedIn && <ShopDialogs />}
    </Box>
  );
}
