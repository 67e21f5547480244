import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface DetailDialogProps {
  title: string;
  open: boolean;
  onClose: () => void;
  /** Images or previews shown above the fields. */
  media?: ReactNode;
  fields: readonly (readonly [string, ReactNode])[];
  /** Buttons beside Close. */
  actions?: ReactNode;
}

/** The detail view of one row of an admin table: its media, every field, and its actions. */
export function DetailDialog({ title, open, onClose, media, fields, actions }: DetailDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="admin-detail-title">
      <DialogTitle id="admin-detail-title">{title}</DialogTitle>
      <DialogContent>
        {media && <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2 }}>{media}</Box>}
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 3, rowGap: 0.5, m: 0 }}
        >
          {fields.map(([label, value]) => (
            <Box key={label} sx={{ display: 'contents' }}>
              <Typography component="dt" color="text.secondary" variant="body2">
                {label}
              </Typography>
              <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                {value}
              </Typography>
            </Box>
          ))}
        </Box>
      </DialogContent>
      <DialogActions>
        {actions}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
