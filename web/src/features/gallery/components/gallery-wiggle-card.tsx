import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { WIGGLE_THUMBNAIL } from '@wiggle/common/constants';
import { type GalleryWiggle, galleryImageUrl } from '@wiggle/common/schemas/gallery';
import { useEffect, useState } from 'react';
import { apiUrl } from '../../../lib/api-client';

const HOVER_FRAME_MS = 150;

/** One gallery wiggle as a thumbnail (200x140) that wiggles while hovered; a click opens its details. */
export function GalleryWiggleCard({
  wiggle,
  onOpen,
}: {
  wiggle: GalleryWiggle;
  onOpen: (wiggle: GalleryWiggle) => void;
}) {
  const [hovered, setHovered] = useState(false);
  const [right, setRight] = useState(false);
  useEffect(() => {
    if (!hovered) return setRight(false);
    const timer = setInterval(() => setRight((r) => !r), HOVER_FRAME_MS);
    return () => clearInterval(timer);
  }, [hovered]);
  return (
    <ButtonBase
      onClick={() => onOpen(wiggle)}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      aria-label={wiggle.name}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'stretch',
        width: WIGGLE_THUMBNAIL.width,
        borderRadius: 1,
      }}
    >
      <Box sx={{ width: WIGGLE_THUMBNAIL.width, height: WIGGLE_THUMBNAIL.height, bgcolor: 'grey.200' }}>
        <Box
          component="img"
          src={apiUrl(galleryImageUrl(wiggle.id, right ? 'right' : 'left', 't'))}
          alt=""
          loading="lazy"
          sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
        />
      </Box>
      <Typography variant="body2" noWrap title={wiggle.name} sx={{ px: 0.5, py: 0.25, textAlign: 'left' }}>
        {wiggle.name}
      </Typography>
    </ButtonBase>
  );
}
