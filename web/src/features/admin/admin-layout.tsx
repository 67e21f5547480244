import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { Outlet, Link as RouterLink, useLocation } from 'react-router';
import { ADMIN_SECTIONS } from './admin-sections';

/** /admin: the admin areas as tabs above the current area's page. */
export function AdminLayout() {
  const { pathname } = useLocation();
  const current = pathname.replace(/^\/admin\/?/, '').replace(/\/$/, '') || 'user';
  const tabs = ADMIN_SECTIONS.filter((section) => section.path !== 'coupon/create');
  const selected =
    tabs.find((tab) => current === tab.path || current.startsWith(`${tab.path}/`))?.path ?? false;
  return (
    <Box>
      <Paper sx={{ mb: 2 }}>
        <Tabs value={selected} variant="scrollable" scrollButtons="auto" aria-label="Admin areas">
          {tabs.map((tab) => (
            <Tab
              key={tab.path}
              value={tab.path}
              label={tab.label}
              component={RouterLink}
              to={`/admin/${tab.path}`}
            />
          ))}
        </Tabs>
      </Paper>
      <Outlet />
    </Box>
  );
}
