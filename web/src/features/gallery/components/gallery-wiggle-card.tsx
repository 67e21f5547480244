import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { type GalleryWiggle, galleryImageUrl } from '@wiggle/common/schemas/gallery';
import { type DragEvent, type MouseEvent, memo, useEffect, useState } from 'react';
import { apiUrl } from '../../../lib/api-client';

const HOVER_FRAME_MS = 150;

interface GalleryWiggleCardProps {
  wiggle: GalleryWiggle;
  size: { width: number; height: number };
  selected: boolean;
  onClick: (id: number, event: MouseEvent) => void;
  onOpen: (wiggle: GalleryWiggle) => void;
  onDragStart: (id: number, event: DragEvent) => void;
}

/**
 * One gallery wiggle as a thumbnail (200x140 at zoom 1) that wiggles while hovered. A click selects (Ctrl/⌘ adds,
 * Shift a range), a double click or the info button opens its details; it drags onto an album to move.
 */
export const GalleryWiggleCard = memo(function GalleryWiggleCard({
  wiggle,
  size,
  selected,
  onClick,
  onOpen,
  onDragStart,
}: GalleryWiggleCardProps) {
  const [hovered, setHovered] = useState(false);
  const [right, setRight] = useState(false);
  useEffect(() => {
    if (!hovered) return setRight(false);
    const timer = setInterval(() => setRight((r) => !r), HOVER_FRAME_MS);
    return () => clearInterval(timer);
  }, [hovered]);
  return (
    <Box
      sx={{
        position: 'relative',
        width: size.width,
        borderRadius: 1,
        outline: selected ? 3 : 0,
        outlineStyle: 'solid',
        outlineColor: 'primary.main',
        bgcolor: selected ? 'action.selected' : undefined,
      }}
    >
      <ButtonBase
        onClick={(event) => onClick(wiggle.id, event)}
        onDoubleClick={() => onOpen(wiggle)}
        onKeyDown={(event) => event.key === 'Enter' && onOpen(wiggle)}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        draggable
        onDragStart={(event) => onDragStart(wiggle.id, event)}
        aria-label={wiggle.name}
        aria-pressed={selected}
        sx={{
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'stretch',
          width: '100%',
          borderRadius: 1,
        }}
      >
        <Box sx={{ width: size.width, height: size.height, bgcolor: 'grey.200' }}>
          <Box
            component="img"
            src={apiUrl(galleryImageUrl(wiggle.id, right ? 'right' : 'left', 't'))}
            alt=""
            loading="lazy"
            draggable={false}
            sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
          />
        </Box>
        <Typography
          variant="body2"
          noWrap
          title={wiggle.name}
          sx={{ px: 0.5, py: 0.25, pr: 4, textAlign: 'left' }}
        >
          {wiggle.name}
        </Typography>
      </ButtonBase>
      <IconButton
        size="small"
        aria-label={`Details of ${wiggle.name}`}
        onClick={() => onOpen(wiggle)}
        sx={{ position: 'absolute', right: 0, bottom: 0 }}
      >
        <InfoOutlinedIcon fontSize="small" />
      </IconButton>
    </Box>
  );
});
