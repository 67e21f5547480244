import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { ZOOM_LEVELS } from '@wiggle/common/constants';
import { clampZoomIndex, stepZoom, zoomLevel } from '../lib/zoom';

/** Zoom out / level / zoom in for a grid of thumbnails (SPEC §9: 0.6 to 1.8 in steps of 0.1). */
export function ZoomControl({ index, onChange }: { index: number; onChange: (index: number) => void }) {
  const zoom = clampZoomIndex(index);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center' }}>
      <Tooltip title="Zoom out">
        <span>
          <IconButton
            aria-label="Zoom out"
            disabled={zoom === 0}
            onClick={() => onChange(stepZoom(zoom, -1))}
          >
            <ZoomOutIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Typography variant="body2" sx={{ width: 40, textAlign: 'center' }} aria-label="Zoom level">
        {zoomLevel(zoom).toFixed(1)}×
      </Typography>
      <Tooltip title="Zoom in">
        <span>
          <IconButton
            aria-label="Zoom in"
            disabled={zoom === ZOOM_LEVELS.length - 1}
            onClick={() => onChange(stepZoom(zoom, 1))}
          >
            <ZoomInIcon />
          </IconButton>
        </span>
      </Tooltip>
    </Box>
  );
}
