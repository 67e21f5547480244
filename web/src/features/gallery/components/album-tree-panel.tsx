import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CollectionsIcon from '@mui/icons-material/Collections';
import CreateNewFolderIcon from '@mui/icons-material/CreateNewFolder';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import PhotoAlbumIcon from '@mui/icons-material/PhotoAlbum';
import PublicIcon from '@mui/icons-material/Public';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Album } from '@wiggle/common/schemas/gallery';
import { useMemo } from 'react';
import { buildFolderTree, visibleFolderRows } from '../../../lib/folder-tree';

interface AlbumTreePanelProps {
  albums: readonly Album[];
  selectedId: number | null;
  opened: readonly number[];
  onSelect: (albumId: number | null) => void;
  onToggle: (albumId: number) => void;
  onCreate: () => void;
}

/** The member's album tree: the gallery root and nested albums; public ones (or inside one) carry a globe. */
export function AlbumTreePanel({
  albums,
  selectedId,
  opened,
  onSelect,
  onToggle,
  onCreate,
}: AlbumTreePanelProps) {
  const openedSet = useMemo(() => new Set(opened), [opened]);
  const rows = useMemo(() => visibleFolderRows(buildFolderTree(albums), openedSet), [albums, openedSet]);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1, gap: 1 }}>
        <Typography variant="subtitle1" component="h2" sx={{ flex: 1, fontWeight: 600 }}>
          Albums
        </Typography>
        <Tooltip title="New album here">
          <IconButton aria-label="New album" onClick={onCreate}>
            <CreateNewFolderIcon />
          </IconButton>
        </Tooltip>
      </Box>
      <List dense aria-label="Album tree" sx={{ flex: 1, overflow: 'auto', py: 0 }}>
        <ListItem disablePadding>
          <ListItemButton selected={selectedId === null} onClick={() => onSelect(null)}>
            <ListItemIcon sx={{ minWidth: 30 }}>
              <CollectionsIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText primary="Gallery" />
          </ListItemButton>
        </ListItem>
        {rows.map(({ folder: album, children, depth }) => {
          const open = openedSet.has(album.id);
          return (
            <ListItem key={album.id} disablePadding sx={{ pl: (depth + 1) * 2 }}>
              <Box sx={{ width: 28, flexShrink: 0, display: 'flex' }}>
                {children.length > 0 ? (
                  <IconButton
                    size="small"
                    aria-label={open ? `Collapse ${album.name}` : `Expand ${album.name}`}
                    onClick={() => onToggle(album.id)}
                    sx={{ p: 0.25 }}
                  >
                    {open ? <ExpandMoreIcon fontSize="small" /> : <ChevronRightIcon fontSize="small" />}
                  </IconButton>
                ) : null}
              </Box>
              <ListItemButton
                selected={selectedId === album.id}
                onClick={() => onSelect(album.id)}
                sx={{ pl: 0.5 }}
              >
                <ListItemIcon sx={{ minWidth: 30 }}>
                  <PhotoAlbumIcon fontSize="small" />
                </ListItemIcon>
                <ListItemText
                  primary={album.name}
                  slotProps={{ primary: { noWrap: true, title: album.name } }}
                />
                {album.public || album.hasPublicParent ? (
                  <PublicIcon fontSize="small" color="action" titleAccess="Public" />
                ) : null}
              </ListItemButton>
            </ListItem>
          );
        })}
      </List>
    </Box>
  );
}
