import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/**
 * Shown inside the layout while a lazily loaded page arrives. The boot screen's CircularProgress is on every first
 * load anyway; a LinearProgress here would add its code to the login page's JavaScript for a moment's indicator.
 */
export function PageProgress() {
  return (
    <Box sx={{ py: 4, display: 'flex', justifyContent: 'center' }}>
      <CircularProgress aria-label="Loading page" />
    </Box>
  );
}
