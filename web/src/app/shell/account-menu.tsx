import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { VISUAL } from '@wiggle/common/constants';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { logout } from '../../features/auth/api/logout';
import { apiUrl } from '../../lib/api-client';
import { useAuthStore } from '../../lib/stores/auth';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');

/** SPEC §2 account menu (signed-in only): name, avatar, username, Account and Logout. */
export function AccountMenu() {
  const username = useAuthStore((state) => state.username);
  const details = useAuthStore((state) => state.details);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const navigate = useNavigate();
  const name = details?.name || username || '';
  const avatarSrc = details?.avatar ? apiUrl(details.avatar) : undefined;
  const avatar = (
    <Avatar
      src={avatarSrc}
      alt={name}
      sx={{ width: VISUAL.avatarSize, height: VISUAL.avatarSize, bgcolor: 'primary.main' }}
    >
      {initials(name)}
    </Avatar>
  );
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        aria-label="Account menu"
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ p: 0.5 }}
      >
        {avatar}
      </IconButton>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: VISUAL.accountMenuMinWidth } } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2, py: 1 }}>
          {avatar}
          <Box sx={{ minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }} noWrap>
              {details?.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" noWrap>
              {username}
            </Typography>
          </Box>
        </Box>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            navigate('/account/profile');
          }}
        >
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          Account
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            void logout();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          Logout
        </MenuItem>
      </Menu>
    </>
  );
}
