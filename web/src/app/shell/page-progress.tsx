import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';

/** Shown inside the layout while a lazily loaded page arrives. */
export function PageProgress() {
  return (
    <Box sx={{ py: 4 }}>
      <LinearProgress aria-label="Loading page" />
    </Box>
  );
}
