import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { usePageTitle } from '../lib/use-page-title';

/** A titled white card centred in the content area: the frame of the account and support screens. */
export function PageCard({
  title,
  children,
  maxWidth = 520,
}: {
  title: string;
  children: ReactNode;
  maxWidth?: number;
}) {
  usePageTitle(title);
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center' }}>
      <Paper sx={{ p: { xs: 2.5, sm: 4 }, width: '100%', maxWidth }}>
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        {children}
      </Paper>
    </Box>
  );
}
