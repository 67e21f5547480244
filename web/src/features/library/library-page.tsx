import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** Placeholder until the Library screen lands (folder tree, originals, wiggles, upload, create, search, rename). */
export function LibraryPage() {
  return (
    <Paper sx={{ p: 4 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        Library
      </Typography>
      <Typography variant="h6" component="p" color="text.secondary">
        Your library is empty
      </Typography>
      <Typography color="text.secondary">
        Upload your stereo photos here and turn them into wiggles. Uploading, folders and wiggle creation
        arrive with the library update.
      </Typography>
    </Paper>
  );
}
