import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router';
import { PageCard } from '../components/page-card';

export function NotFoundPage() {
  return (
    <PageCard title="Page not found">
      <p>There is nothing at this address.</p>
      <Button component={RouterLink} to="/" variant="contained">
        Go home
      </Button>
    </PageCard>
  );
}
