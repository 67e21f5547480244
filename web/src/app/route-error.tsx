import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useRouteError } from 'react-router';

/** Shown when a page throws or still cannot be loaded after the one reload. */
export function RouteError() {
  const error = useRouteError();
  console.error(error);
  return (
    <Box sx={{ p: 4, textAlign: 'center' }}>
      <Typography variant="h5" gutterBottom>
        Something went wrong
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        This page could not be shown. Reloading usually helps.
      </Typography>
      <Button variant="contained" onClick={() => location.reload()}>
        Reload
      </Button>
    </Box>
  );
}
