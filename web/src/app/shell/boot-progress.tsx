import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** The whole screen while the app is in boot state (SPEC §2). */
export function BootProgress() {
  return (
    <Box sx={{ position: 'fixed', inset: 0, display: 'grid', placeItems: 'center' }}>
      <CircularProgress aria-label="Loading" />
    </Box>
  );
}
