import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useLocation } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';
import { ADMIN_SECTIONS } from './admin-sections';

/** Every admin child page until the admin issue lands: it says plainly what it will hold. */
export function AdminSectionPage() {
  const { pathname } = useLocation();
  const path = pathname.replace(/^\/admin\/?/, '').replace(/\/$/, '') || 'user';
  const section = ADMIN_SECTIONS.find((item) => item.path === path) ?? ADMIN_SECTIONS[0];
  usePageTitle(`Admin · ${section.label}`);
  return (
    <Paper sx={{ p: 4 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Admin · {section.label}
      </Typography>
      <Typography color="text.secondary">Not available yet. This page will hold {section.holds}</Typography>
    </Paper>
  );
}
