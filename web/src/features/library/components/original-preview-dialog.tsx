import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { type Original, originalMediaUrl } from '@wiggle/common/schemas/library';

/** The original's preview (720 px) with its facts. */
export function OriginalPreviewDialog({ original, onClose }: { original: Original; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth>
      <DialogTitle sx={{ display: 'flex', alignItems: 'center' }}>
        <Box component="span" sx={{ flex: 1 }}>
          {original.name}
        </Box>
        <IconButton aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        <Box
          component="img"
          src={originalMediaUrl(original.id, 'p')}
          alt={original.name}
          sx={{ maxWidth: '100%', maxHeight: '65vh', display: 'block', mx: 'auto' }}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {original.width} × {original.height} px · {(original.size / 1024 / 1024).toFixed(2)} MB ·{' '}
          {original.format.toUpperCase()} · uploaded {new Date(original.uploadedAt).toLocaleString()}
        </Typography>
      </DialogContent>
    </Dialog>
  );
}
