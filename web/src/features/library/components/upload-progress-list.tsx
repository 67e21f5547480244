import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { type UploadItem, useUploadQueue } from '../stores/upload-queue';

const STATUS_TEXT: Record<UploadItem['status'], string> = {
  queued: 'Waiting',
  uploading: 'Uploading',
  processing: 'Processing',
  done: 'Done',
  error: 'Failed',
};

/** One row per file: its own bar, then done or the server's message for that file. */
export function UploadProgressList() {
  const items = useUploadQueue((state) => state.items);
  const clearFinished = useUploadQueue((state) => state.clearFinished);
  if (items.length === 0) return null;
  const finished = items.filter((i) => i.status === 'done' || i.status === 'error').length;
  return (
    <Box aria-label="Upload progress" component="section">
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle2" sx={{ flex: 1 }}>
          {finished} of {items.length} finished
        </Typography>
        <Button size="small" onClick={clearFinished} disabled={finished === 0}>
          Clear finished
        </Button>
      </Box>
      <Box sx={{ maxHeight: 260, overflow: 'auto' }}>
        {items.map((item) => (
          <Box key={item.key} sx={{ mb: 1.25 }} data-testid="upload-item">
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              {item.status === 'done' ? <CheckCircleIcon color="success" fontSize="small" /> : null}
              {item.status === 'error' ? <ErrorOutlineIcon color="error" fontSize="small" /> : null}
              <Typography variant="body2" noWrap sx={{ flex: 1 }} title={item.name}>
                {item.name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {STATUS_TEXT[item.status]}
                {item.status === 'uploading' ? ` ${Math.round(item.progress * 100)}%` : ''}
                {item.status === 'done' && item.created > 1 ? ` (${item.created} originals)` : ''}
              </Typography>
            </Box>
            {item.status === 'error' ? (
              <Typography variant="caption" color="error" component="p">
                {item.message}
              </Typography>
            ) : (
              <LinearProgress
                variant={item.status === 'processing' ? 'indeterminate' : 'determinate'}
                value={item.progress * 100}
                color={item.status === 'done' ? 'success' : 'primary'}
              />
            )}
          </Box>
        ))}
      </Box>
    </Box>
  );
}
