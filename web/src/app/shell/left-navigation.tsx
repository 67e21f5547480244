import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import { VISUAL } from '@wiggle/common/constants';
import { Link as RouterLink, useLocation } from 'react-router';
import { PRIVACY_POLICY_URL, TERMS_URL } from '../../lib/config';
import { useAuthStore } from '../../lib/stores/auth';
import { ACTIVE_NAV_COLOR } from '../theme';
import { isNavItemActive, navItemsFor } from './nav-items';

/** SPEC §2 left navigation by authentication state, with the terms and privacy links at the foot. */
export function LeftNavigation({ onNavigate }: { onNavigate?: () => void }) {
  const status = useAuthStore((state) => state.status);
  const isVerifiedEmail = useAuthStore((state) => state.isVerifiedEmail);
  const isAdmin = useAuthStore((state) => state.isAdmin);
  const { pathname } = useLocation();
  const items = navItemsFor({ status, isVerifiedEmail, isAdmin });
  return (
    <Box component="nav" aria-label="Main" sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <List sx={{ flex: 1, pt: 1 }}>
        {items.map((item) => {
          const active = isNavItemActive(pathname, item);
          return (
            <ListItemButton
              key={item.key}
              component={RouterLink}
              to={item.route}
              selected={active}
              aria-current={active ? 'page' : undefined}
              onClick={onNavigate}
              sx={{
                mx: 1,
                borderRadius: 1,
                '&.Mui-selected': { color: ACTIVE_NAV_COLOR, fontWeight: 600 },
              }}
            >
              <ListItemText
                primary={item.label}
                slotProps={{
                  primary: { sx: { fontSize: VISUAL.navigationFontSize, fontWeight: active ? 600 : 400 } },
                }}
              />
            </ListItemButton>
          );
        })}
      </List>
      <Box sx={{ px: 2, py: 1.5, display: 'flex', gap: 2, fontSize: '0.8rem' }}>
        <Link href={TERMS_URL} target="_blank" rel="noopener noreferrer" color="text.secondary">
          Terms
        </Link>
        <Link href={PRIVACY_POLICY_URL} target="_blank" rel="noopener noreferrer" color="text.secondary">
          Privacy policy
        </Link>
      </Box>
    </Box>
  );
}
