import Box from '@mui/material/Box';
import type { useTreeWidth } from '../lib/use-tree-width';

/** The vertical bar between a folder (or album) tree and its lists: dragged with the pointer, nudged with arrows. */
export function TreeResizeHandle({ tree, label }: { tree: ReturnType<typeof useTreeWidth>; label: string }) {
  return (
    <Box
      role="separator"
      aria-orientation="vertical"
      aria-label={label}
      aria-valuenow={tree.width}
      tabIndex={0}
      onPointerDown={tree.onPointerDown}
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft') tree.nudge(-20);
        if (event.key === 'ArrowRight') tree.nudge(20);
      }}
      sx={{
        width: 6,
        flexShrink: 0,
        cursor: 'col-resize',
        bgcolor: 'divider',
        display: { xs: 'none', md: 'block' },
        '&:hover, &:focus-visible': { bgcolor: 'primary.main' },
      }}
    />
  );
}
