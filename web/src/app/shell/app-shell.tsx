import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { VISUAL } from '@wiggle/common/constants';
import { AuthenticationStatus } from '@wiggle/common/enums';
import { lazy, Suspense, useState } from 'react';
import { Outlet, Link as RouterLink } from 'react-router';
import { useAuthStore } from '../../lib/stores/auth';
import { importWithReload } from '../lazy-page';
import { NAV_DRAWER_WIDTH } from '../theme';
import { LeftNavigation } from './left-navigation';
import { PageProgress } from './page-progress';

// Only members see the account menu (and its Menu, Popover and Avatar): visitors on the login page never load it.
const AccountMenu = lazy(async () => ({
  default: (await importWithReload(() => import('./account-menu'))).AccountMenu,
}));

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
          {signedIn && (
            <Suspense fallback={null}>
              <AccountMenu />
            </Suspense>
          )}
        </Toolbar>
      </AppBar>
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={() => setMobileOpen(false)}
        sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width: NAV_DRAWER_WIDTH } }}
      >
        <Toolbar />
        <LeftNavigation onNavigate={() => setMobileOpen(false)} />
      </Drawer>
      <Drawer
        variant="permanent"
        sx={{
          display: { xs: 'none', md: 'block' },
          width: NAV_DRAWER_WIDTH,
          flexShrink: 0,
          '& .MuiDrawer-paper': { width: NAV_DRAWER_WIDTH, boxSizing: 'border-box' },
        }}
      >
        <Toolbar />
        <LeftNavigation />
      </Drawer>
      <Box component="main" sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <Box sx={{ flex: 1, p: { xs: 2, md: 3 }, minHeight: 0 }}>
          <Suspense fallback={<PageProgress />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
}
