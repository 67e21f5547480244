import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { Album } from '@wiggle/common/schemas/gallery';
import { copyToClipboard } from '../../../lib/clipboard';
import { useUpdateAlbum } from '../api/albums';
import { albumEmbedCode, publicAlbumPage } from '../public-urls';

interface AlbumBarProps {
  album: Album;
  onShare: () => void;
  onRename: () => void;
  onMove: () => void;
  onDelete: () => void;
}

/** The selected album's visibility (public, kept out of listings) and what to do with it. */
export function AlbumBar({ album, onShare, onRename, onMove, onDelete }: AlbumBarProps) {
  const update = useUpdateAlbum();
  const isPublic = album.public || album.hasPublicParent;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, px: 2, pb: 1 }}>
      <FormControlLabel
        label="Public"
        control={
          <Switch
            checked={album.public}
            onChange={(event) => update.mutate({ id: album.id, public: event.target.checked })}
          />
        }
      />
      <FormControlLabel
        label="Keep out of public listings"
        control={
          <Switch
            checked={album.preventPublicListing}
            onChange={(event) => update.mutate({ id: album.id, preventPublicListing: event.target.checked })}
          />
        }
      />
      {album.hasPublicParent ? (
        <Typography variant="body2" color="text.secondary">
          Public through a parent album
        </Typography>
      ) : null}
      <Box sx={{ flex: 1 }} />
      {isPublic ? (
        <Button size="small" href={publicAlbumPage(album.id)} target="_blank" rel="noopener">
          Open public page
        </Button>
      ) : null}
      <Button size="small" onClick={() => void copyToClipboard(albumEmbedCode(album.id, album.name))}>
        Copy embed code
      </Button>
      <Button size="small" onClick={onShare}>
        Share album
      </Button>
      <Button size="small" onClick={onRename}>
        Rename
      </Button>
      <Button size="small" onClick={onMove}>
        Move album to…
      </Button>
      <Button size="small" color="error" onClick={onDelete}>
        Move album to trash
      </Button>
    </Box>
  );
}
