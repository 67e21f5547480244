import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import { NAV_DRAWER_WIDTH } from '../theme';
import { LeftNavigation } from './left-navigation';

/** The left navigation as a temporary drawer on narrow screens (opened from the app bar's menu button). */
export function MobileNavigation({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': { width: NAV_DRAWER_WIDTH } }}
    >
      <Toolbar />
      <LeftNavigation onNavigate={onClose} />
    </Drawer>
  );
}
