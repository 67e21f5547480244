import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { usePageTitle } from '../../lib/use-page-title';

/** The gallery arrives in a later issue; until then the route says what it will hold. */
export function GalleryPage() {
  usePageTitle('Gallery');
  return (
    <Paper sx={{ p: 4 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Gallery
      </Typography>
      <Typography color="text.secondary">
        Not available yet. The gallery will hold your albums of exported wiggles: a folder tree of albums,
        search, public or private visibility, share links, iframe embedding and downloads.
      </Typography>
    </Paper>
  );
}
